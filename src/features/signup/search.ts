import * as v from 'valibot';

// Search parameters of /signup (CONVENTIONS.md: validated with valibot): the bonus code
// (behaviour.md §4 "Sign-up": read at sign-up, then removed from the address) and the affiliate
// parameters kept with the registration (behaviour.md §9: aff_id, appsflyer_token). The router
// parses values as JSON first, so `?bonusCode=2024` arrives as a number: it is read back as text.
// A value the platform would refuse (another shape, too long) is dropped rather than failing the
// page or the registration.

const text = (maxLength: number, pattern?: RegExp) =>
  v.pipe(
    v.unknown(),
    v.transform((value): string | undefined => {
      const raw = typeof value === 'string' ? value.trim() : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
      if (raw === '' || raw.length > maxLength) return undefined;
      return pattern === undefined || pattern.test(raw) ? raw : undefined;
    }),
  );

/** Bonus codes are letters, digits, dashes and underscores (the platform's rule). */
const BONUS_CODE = /^[A-Za-z0-9_-]+$/;

export const signupSearchSchema = v.object({
  bonusCode: v.optional(text(64, BONUS_CODE)),
  aff_id: v.optional(text(128)),
  appsflyer_token: v.optional(text(256)),
});
export type SignupSearch = v.InferOutput<typeof signupSearchSchema>;
