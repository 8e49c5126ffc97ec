/** Money in the visitor's currency, in the route's locale (ARCHITECTURE.md "i18n": through Intl). */
export interface MoneyFormat {
  /** Always with the currency's decimals: "€20.00" (the confirmation text). */
  exact: (amount: number) => string;
  /** Without decimals for whole amounts: "€20" (preset buttons, bounds). */
  short: (amount: number) => string;
}

export function moneyFormat(locale: string, currency: string): MoneyFormat {
  const exact = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const whole = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 0, maximumFractionDigits: 0 });
  return {
    exact: (amount) => exact.format(amount),
    short: (amount) => (Number.isInteger(amount) ? whole.format(amount) : exact.format(amount)),
  };
}
