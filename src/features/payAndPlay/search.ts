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

/**
 * The amount sent to the bank before, carried in the address to show it again: a number, so that
 * the address reads `amount=20` (the router writes a text that looks like a number in quotes). The
 * flow checks it again as a deposit amount (machines/lib/payAndPlay.ts keptAmountText).
 */
const searchAmount = v.pipe(
  v.unknown(),
  v.transform((value): number | undefined => {
    const amount = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    return typeof amount === 'number' && Number.isFinite(amount) ? amount : undefined;
  }),
);

/** The amount of the address as the flow's input reads it (text, as typed), or null. */
export const amountInputOf = (amount: number | undefined): string | null => (amount === undefined ? null : String(amount));

/** /signup/pnp?target=/online-casino[&amount=20]: where to go after the login, and the amount of a new start. */
export const payAndPlaySearchSchema = v.object({ target: v.optional(searchText), amount: v.optional(searchAmount) });
export type PayAndPlaySearch = v.InferOutput<typeof payAndPlaySearchSchema>;

/** /signup/callback?code=…&sessionId=…[&error=cancelled][&target=…][&amount=…]: the provider's answer. */
export const payAndPlayCallbackSearchSchema = v.object({
  code: v.optional(searchText),
  sessionId: v.optional(searchText),
  error: v.optional(searchText),
  target: v.optional(searchText),
  amount: v.optional(searchAmount),
});
export type PayAndPlayCallbackSearch = v.InferOutput<typeof payAndPlayCallbackSearchSchema>;
