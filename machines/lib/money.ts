// The money codec of the player site and the platform (issue 22 "Rules written once"): decimal
// strings, as the wire and the ledger's numeric(18, 2) write them ("12.50", "-20.00", "1500"), and
// exact integer hundredths of the unit ("cents", the ledger's scale for every currency, also for
// JPY and CLP, whose whole amounts end in .00), and back. Never binary floating point.
//
// One parser and one writer; each side names its bounds: the cashier and the screens
// (machines/lib/wallet.ts parseMoney, formatMoney: unsigned amounts below 10^12 units, a currency's
// minor units) and the ledger (server/platform/decimal.ts toCents, fromCents: signed, below 10^16
// units, always two decimals). Pure: the platform imports it like every machines/lib table.

/** How a decimal text may look: its sign and how many digits its whole units may have. */
export interface DecimalBounds {
  /** A leading '-' is accepted ("-12.50"); otherwise only amounts of 0 and more. */
  signed: boolean;
  /** At most this many digits before the point (12: below 10^12 units). */
  unitDigits: number;
}

/** The cashier's and the screens' amounts: unsigned, below 10^12 units. */
export const AMOUNT_BOUNDS: DecimalBounds = { signed: false, unitDigits: 12 };
/** The ledger's amounts (numeric(18, 2) leaves 16 digits before the point): signed. */
export const LEDGER_BOUNDS: DecimalBounds = { signed: true, unitDigits: 16 };

const patterns = new Map<string, RegExp>();

function patternOf(bounds: DecimalBounds): RegExp {
  const key = `${String(bounds.signed)}:${String(bounds.unitDigits)}`;
  let pattern = patterns.get(key);
  if (pattern === undefined) {
    pattern = new RegExp(`^(${bounds.signed ? '-?' : ''})(\\d{1,${String(bounds.unitDigits)}})(?:\\.(\\d{1,2}))?$`);
    patterns.set(key, pattern);
  }
  return pattern;
}

/**
 * A decimal text (white space around it ignored) as integer cents, or null: not digits with at
 * most two after the point, a sign where `bounds` allows none, more unit digits than it allows,
 * or an empty text. "12.5" is 1250n, "1500" 150000n, "-0.01" -1n.
 */
export function decimalToCents(text: string, bounds: DecimalBounds): bigint | null {
  const match = patternOf(bounds).exec(text.trim());
  if (!match) return null;
  const [, sign = '', units = '0', fraction = ''] = match;
  const cents = BigInt(units) * 100n + BigInt(fraction.padEnd(2, '0'));
  return sign === '-' ? -cents : cents;
}

/**
 * Integer cents as a decimal text with two decimals ("-12.50"); with `wholeUnits`, an amount of
 * whole units has none ("1500": a currency without minor units), any other keeps its two.
 */
export function centsToDecimal(cents: bigint, options: { wholeUnits?: boolean } = {}): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const units = (abs / 100n).toString();
  const fraction = abs % 100n;
  const text = options.wholeUnits === true && fraction === 0n ? units : `${units}.${fraction.toString().padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/** True when the cents are whole units (what a currency without minor units can hold). */
export function isWholeUnits(cents: bigint): boolean {
  return cents % 100n === 0n;
}
