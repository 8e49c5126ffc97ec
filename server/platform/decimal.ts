// Ledger amounts as exact integers (server/platform/ledger.ts): numeric(18, 2) text or a number
// with at most 2 decimals as bigint cents, and back. A leaf module: the ledger and the wallet
// repository (which reads the running totals) both convert with it, through the codec the player
// site uses too (machines/lib/money.ts), with the ledger's bounds (signed, 16 digits of units).
import { centsToDecimal, decimalToCents, LEDGER_BOUNDS } from '../../machines/lib/money';

/** A decimal string or number with at most 2 fraction digits as integer cents; throws otherwise. */
export function toCents(amount: string | number): bigint {
  const text = typeof amount === 'number' ? numberToDecimal(amount) : amount.trim();
  const cents = decimalToCents(text, LEDGER_BOUNDS);
  if (cents === null) throw new RangeError(`Not an amount with at most 2 decimals: ${text}`);
  return cents;
}

/** Integer cents as a decimal string with 2 fraction digits ("-12.50"). */
export function fromCents(cents: bigint): string {
  return centsToDecimal(cents);
}

function numberToDecimal(amount: number): string {
  if (!Number.isFinite(amount)) throw new RangeError(`Not a finite amount: ${String(amount)}`);
  const fixed = amount.toFixed(2);
  if (Math.abs(Number(fixed) - amount) > 1e-9) throw new RangeError(`More than 2 decimals: ${String(amount)}`);
  return fixed;
}
