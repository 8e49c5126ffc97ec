import * as v from 'valibot';
import { BONUS_CODE_PATTERN } from '../../../machines/lib/bonuses';

// The bonus code page's search (CONVENTIONS.md: validated with valibot): `code`, a bonus code to start
// from (the sign-up's bonusCode once the account exists, a link in an offer). The router parses
// values as JSON first, so `?code=2024` arrives as a number: it is read back as text. A value that is
// not a bonus code's shape is dropped rather than failing the page.
export const bonusCodeSearchSchema = v.object({
  code: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value): string | undefined => {
        const raw = typeof value === 'string' ? value.trim() : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
        return BONUS_CODE_PATTERN.test(raw) ? raw : undefined;
      }),
    ),
  ),
});
export type BonusCodeSearch = v.InferOutput<typeof bonusCodeSearchSchema>;
