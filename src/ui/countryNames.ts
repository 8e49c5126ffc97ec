import { useLingui } from '@lingui/react';
import { useMemo } from 'react';
import { COUNTRY_CODES, type PhoneCountryCode } from '../../machines/lib/countries';

/**
 * The countries of machines/lib/countries.ts (sign-up's list, or the given one) with their names in the page's language (Intl), sorted
 * as that language sorts them. The locale is the BCP 47 tag the catalog was activated with
 * (src/i18n/catalog.ts: fr-CA for caf); a runtime without region names shows the codes.
 */
export function useCountryNames(codes: readonly PhoneCountryCode[] = COUNTRY_CODES): readonly { code: PhoneCountryCode; name: string }[] {
  const { i18n } = useLingui();
  const locales = i18n.locales;
  const locale = (Array.isArray(locales) ? locales[0] : locales) ?? i18n.locale;
  return useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([locale], { type: 'region' });
    } catch {
      names = null;
    }
    const collator = new Intl.Collator(names === null ? undefined : locale);
    return codes.map((code) => ({ code, name: names?.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name));
  }, [locale, codes]);
}
