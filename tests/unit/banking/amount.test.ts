import { describe, expect, it } from 'vitest';
import { checkTypedAmount, hasTooManyDecimals } from '../../../machines/lib/wallet';

// Issue 21 item 10: an amount refused for its decimals says so (behaviour.md §9 "Currency amounts:
// max 2 fraction digits"; JPY and CLP have no minor units), instead of "in numbers only".

describe('checkTypedAmount', () => {
  it.each([
    ['10.555', 'EUR', 'decimals'],
    ['10.5551', 'GBP', 'decimals'],
    ['2000.5', 'JPY', 'decimals'],
    ['2000.05', 'CLP', 'decimals'],
    ['ten', 'EUR', 'invalid'],
    ['10.5.5', 'EUR', 'invalid'],
    ['-10', 'EUR', 'invalid'],
    ['', 'EUR', 'invalid'],
    ['0.001', 'EUR', 'decimals'],
    ['10.550', 'EUR', 'decimals'],
  ] as const)('%s in %s is refused as %s', (text, currency, problem) => {
    expect(checkTypedAmount(text, currency, 'deposit')).toEqual({ ok: false, problem });
  });

  it.each([
    ['10.55', 'EUR', 1055],
    ['2000', 'JPY', 200000],
    ['2000.00', 'JPY', 200000],
  ] as const)('%s in %s is accepted', (text, currency, cents) => {
    expect(checkTypedAmount(text, currency, 'deposit')).toEqual({ ok: true, cents });
  });

  it('keeps the cashier bounds', () => {
    expect(checkTypedAmount('5', 'EUR', 'deposit')).toEqual({ ok: false, problem: 'tooLow' });
    expect(hasTooManyDecimals('10.50', 'EUR')).toBe(false);
    expect(checkTypedAmount('2000.00', 'JPY', 'deposit').ok).toBe(true);
    expect(hasTooManyDecimals('10.5', 'JPY')).toBe(true);
  });
});
