import * as v from 'valibot';

// Search parameters of /signup/pnp and /signup/callback (CONVENTIONS.md: validated with valibot).
// The router parses values as JSON first, so a numeric code arrives as a number: it is read back
// as text. Anything else (an object, an empty value) is dropped rather than failing the page.
const searchText = v.pipe(
  v.unknown(),
  v.transform((value): string | undefined => {
    if (typeof value === 'string') return value === '' ? undefined : value;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    return undefined;
  }),
);

/** /signup/pnp?target=/online-casino: where to go after the login. */
export const payAndPlaySearchSchema = v.object({ target: v.optional(searchText) });
export type PayAndPlaySearch = v.InferOutput<typeof payAndPlaySearchSchema>;

/** /signup/callback?code=…&sessionId=…[&error=cancelled][&target=…]: the provider's answer. */
export const payAndPlayCallbackSearchSchema = v.object({
  code: v.optional(searchText),
  sessionId: v.optional(searchText),
  error: v.optional(searchText),
  target: v.optional(searchText),
});
export type PayAndPlayCallbackSearch = v.InferOutput<typeof payAndPlayCallbackSearchSchema>;
