// Ledger amounts as exact integers (server/platform/ledger.ts): numeric(18, 2) text or a number
// with at most 2 decimals as bigint cents, and back. A leaf module: the ledger and the wallet
// repository (which reads the running totals) both convert with it.

const DECIMAL = /^(-?)(\d{1,16})(?:\.(\d{1,2}))?$/;

/** A decimal string or number with at most 2 fraction digits as integer cents; throws otherwise. */
export function toCents(amount: string | number): bigint {
  const text = typeof amount === 'number' ? numberToDecimal(amount) : amount.trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new RangeError(`Not an amount with at most 2 decimals: ${text}`);
  const [, sign = '', units = '0', fraction = ''] = match;
  const cents = BigInt(units) * 100n + BigInt(fraction.padEnd(2, '0'));
  return sign === '-' ? -cents : cents;
}

/** Integer cents as a decimal string with 2 fraction digits ("-12.50"). */
export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const units = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${units.toString()}.${fraction}`;
}

function numberToDecimal(amount: number): string {
  if (!Number.isFinite(amount)) throw new RangeError(`Not a finite amount: ${String(amount)}`);
  const fixed = amount.toFixed(2);
  if (Math.abs(Number(fixed) - amount) > 1e-9) throw new RangeError(`More than 2 decimals: ${String(amount)}`);
  return fixed;
}
