import { describe, expect, it } from 'vitest';
import { AMOUNT_BOUNDS, centsToDecimal, decimalToCents, isWholeUnits, LEDGER_BOUNDS } from '../../../machines/lib/money';
import { CURRENCY_MINOR_UNITS, formatMoney, parseMoney, parseSignedMoney, type Currency } from '../../../machines/lib/wallet';
import { fromCents, toCents } from '../../../server/platform/decimal';

// Issue 22 "Rules written once": one codec between decimal strings and integer cents for the
// player site (machines/lib/wallet.ts) and the platform's ledger (server/platform/decimal.ts).

describe('the money codec (machines/lib/money.ts)', () => {
  it.each([
    ['0', 0n],
    ['12', 1200n],
    ['12.5', 1250n],
    ['12.50', 1250n],
    ['0.01', 1n],
    [' 7.05 ', 705n],
    ['999999999999.99', 99999999999999n],
  ] as const)('reads %j as %s cents', (text, cents) => {
    expect(decimalToCents(text, AMOUNT_BOUNDS)).toBe(cents);
    expect(decimalToCents(text, LEDGER_BOUNDS)).toBe(cents);
  });

  it.each(['', ' ', '-', '12.', '.5', '1.234', '1,5', '1e3', '+1', 'ten', '0x10', '12.5.5', '١٢', 'NaN', 'Infinity', '1 000'])(
    'refuses %j',
    (text) => {
      expect(decimalToCents(text, AMOUNT_BOUNDS)).toBeNull();
      expect(decimalToCents(text, LEDGER_BOUNDS)).toBeNull();
    },
  );

  it('takes a sign and 16 digits of units only where the bounds allow them', () => {
    expect(decimalToCents('-12.50', AMOUNT_BOUNDS)).toBeNull();
    expect(decimalToCents('-12.50', LEDGER_BOUNDS)).toBe(-1250n);
    expect(decimalToCents('1234567890123', AMOUNT_BOUNDS)).toBeNull();
    expect(decimalToCents('1234567890123456.78', LEDGER_BOUNDS)).toBe(123456789012345678n);
    expect(decimalToCents('12345678901234567', LEDGER_BOUNDS)).toBeNull();
  });

  it.each([
    [0n, '0.00', '0'],
    [1n, '0.01', '0.01'],
    [1250n, '12.50', '12.50'],
    [150000n, '1500.00', '1500'],
    [-2000n, '-20.00', '-20'],
    [-5n, '-0.05', '-0.05'],
  ] as const)('writes %s cents as %j (%j in whole units)', (cents, text, whole) => {
    expect(centsToDecimal(cents)).toBe(text);
    expect(centsToDecimal(cents, { wholeUnits: true })).toBe(whole);
    expect(isWholeUnits(cents)).toBe(!whole.includes('.'));
  });

  it('round-trips every cent of a range and amounts near the bounds', () => {
    for (let cents = -20_000n; cents <= 20_000n; cents += 7n) {
      expect(decimalToCents(centsToDecimal(cents), LEDGER_BOUNDS)).toBe(cents);
      expect(decimalToCents(centsToDecimal(cents, { wholeUnits: true }), LEDGER_BOUNDS)).toBe(cents);
    }
    for (const cents of [99_999_999_999_999n, 9_999_999_999_999_999_99n, -9_999_999_999_999_999_99n]) {
      expect(decimalToCents(centsToDecimal(cents), LEDGER_BOUNDS)).toBe(cents);
    }
  });
});

describe('the cashier reads and writes through it (machines/lib/wallet.ts)', () => {
  it.each([
    ['12.50', 'EUR', 1250],
    ['1500', 'JPY', 150000],
    ['1500.00', 'JPY', 150000],
    ['1500.5', 'JPY', null],
    ['20000.05', 'CLP', null],
    ['-5', 'EUR', null],
    ['1.234', 'EUR', null],
  ] as const)('parseMoney(%j, %s) is %s', (text, currency, cents) => {
    expect(parseMoney(text, currency)).toBe(cents);
  });

  it('writes a currency without minor units without decimals, and round-trips in every currency', () => {
    expect(formatMoney(150000, 'JPY')).toBe('1500');
    expect(formatMoney(150050, 'JPY')).toBe('1500.50');
    expect(formatMoney(1250, 'EUR')).toBe('12.50');
    expect(formatMoney(-2000, 'EUR')).toBe('-20.00');
    expect(formatMoney(1249.6, 'EUR')).toBe('12.50');
    for (const currency of Object.keys(CURRENCY_MINOR_UNITS) as Currency[]) {
      for (const cents of [0, 100, 5_000, 123_400, 99_999_999_999_900]) {
        expect(parseMoney(formatMoney(cents, currency), currency)).toBe(cents);
      }
    }
    expect(parseSignedMoney('-20.00', 'EUR')).toBe(-2000);
  });
});

describe('the ledger reads and writes through it (server/platform/decimal.ts)', () => {
  it('keeps its names and answers', () => {
    expect(toCents('12.5')).toBe(1250n);
    expect(toCents(' -0.01 ')).toBe(-1n);
    expect(toCents(12.5)).toBe(1250n);
    expect(toCents(-3)).toBe(-300n);
    expect(fromCents(-1250n)).toBe('-12.50');
    expect(fromCents(150000n)).toBe('1500.00');
    expect(() => toCents('1.234')).toThrow(new RangeError('Not an amount with at most 2 decimals: 1.234'));
    expect(() => toCents(1.234)).toThrow(new RangeError('More than 2 decimals: 1.234'));
    expect(() => toCents(Number.NaN)).toThrow(new RangeError('Not a finite amount: NaN'));
    expect(() => toCents('12345678901234567')).toThrow(RangeError);
  });
});
