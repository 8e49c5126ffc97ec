import { useMemo } from 'react';
import { intlLocaleFor, type LangMarket } from '../../machines/lib/markets';
import { CURRENCY_MINOR_UNITS, isCurrency, parseSignedMoney, type Currency } from '../../machines/lib/wallet';

// Money on the banking screens, in the header and on the lobbies' jackpots (product.md §3 "Currency display formats per
// currency", behaviour.md §9 "Currency amounts: max 2 fraction digits"): amounts arrive as exact
// decimal strings or integer cents (machines/lib/wallet.ts) and are shown with Intl in the route's
// locale, with the currency's own minor units (JPY and CLP have none).

export interface MoneyFormat {
  /** Integer cents (hundredths of the unit for every currency, the ledger's scale) as money: "€1,234.50", "¥1,500". */
  cents: (cents: number) => string;
  /** A signed wire amount ("-20.00") as money with its sign ("+€50.00", "−€20.00"); the text itself when it is no amount. */
  signed: (text: string) => string;
  /** A wire amount ("12.50") as money; the text itself when it is no amount. */
  wire: (text: string) => string;
  /** A whole number of units (a preset, a limit) as money without decimals: "€50", "CLP 20.000". */
  units: (units: number) => string;
  /**
   * Integer cents, short: whole units ("€12,345"), and from a million units compact ("€1.2M"); cut,
   * never rounded up. Where a phone has no room for the exact amount beside it.
   */
  compact: (cents: number) => string;
}

/** The fraction digits a currency shows: its ISO 4217 minor units (2 for a currency the app does not know). */
export function fractionDigits(currency: string): number {
  return isCurrency(currency) ? CURRENCY_MINOR_UNITS[currency] : 2;
}

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat(locale, options);
  } catch {
    // A locale or currency the runtime does not know: the plain number with the code.
    return new Intl.NumberFormat('en', { ...options, style: 'currency', currencyDisplay: 'code' });
  }
}

export function moneyFormat(locale: string, currency: string): MoneyFormat {
  const digits = fractionDigits(currency);
  const base: Intl.NumberFormatOptions = { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits };
  const plain = numberFormat(locale, base);
  const signedFormat = numberFormat(locale, { ...base, signDisplay: 'exceptZero' });
  const whole = numberFormat(locale, { ...base, minimumFractionDigits: 0, maximumFractionDigits: 0 });
  // Cut, never rounded up: a short balance never shows more than the player has.
  const wholeCut = numberFormat(locale, { ...base, minimumFractionDigits: 0, maximumFractionDigits: 0, roundingMode: 'trunc' });
  const millions = numberFormat(locale, { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1, roundingMode: 'trunc' });
  const wireCurrency: Currency | null = isCurrency(currency) ? currency : null;
  const parse = (text: string) => parseSignedMoney(text, wireCurrency ?? 'EUR');
  return {
    cents: (cents) => plain.format(cents / 100),
    signed: (text) => {
      const cents = parse(text);
      return cents === null ? text : signedFormat.format(cents / 100);
    },
    wire: (text) => {
      const cents = parse(text);
      return cents === null ? text : plain.format(cents / 100);
    },
    units: (units) => whole.format(units),
    compact: (cents) => (Math.abs(cents) >= 100_000_000 ? millions : wholeCut).format(cents / 100),
  };
}

/** Money in a currency (the account's), in the route's locale: made once per locale and currency. */
export function useMoney(langMarket: LangMarket, currency: string): MoneyFormat {
  const locale = intlLocaleFor(langMarket);
  return useMemo(() => moneyFormat(locale, currency), [locale, currency]);
}

/** A wire amount as integer cents (any currency: two decimals at most), or null. */
export function wireCents(text: string): number | null {
  return parseSignedMoney(text, 'EUR');
}

/**
 * What the player typed in an amount field, as the cashier parses it: the locale's decimal comma
 * becomes a point and spaces (thousands separators) go ("1 234,50" → "1234.50").
 */
export function normaliseAmountInput(text: string): string {
  return text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
}
