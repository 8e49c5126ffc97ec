import { describe, expect, it } from 'vitest';
import { fractionDigits, moneyFormat, normaliseAmountInput, wireCents } from '../../../src/ui/money';

// Money on the banking screens and in the header: Intl in the route's locale, the currency's own
// minor units (JPY and CLP have none), exact cents from the wire's decimal strings.

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('moneyFormat', () => {
  it('shows EUR with two decimals in English and Finnish', () => {
    expect(moneyFormat('en', 'EUR').cents(123_450)).toBe('€1,234.50');
    expect(plain(moneyFormat('fi-FI', 'EUR').cents(123_450))).toBe('1 234,50 €');
  });

  it('shows JPY and CLP without decimals', () => {
    expect(moneyFormat('en', 'JPY').cents(150_000)).toBe('¥1,500');
    expect(plain(moneyFormat('es-CL', 'CLP').cents(2_000_000))).toBe('$20.000');
    expect(fractionDigits('JPY')).toBe(0);
    expect(fractionDigits('CLP')).toBe(0);
    expect(fractionDigits('GBP')).toBe(2);
  });

  it('signs the history amounts and reads the wire exactly', () => {
    const eur = moneyFormat('en', 'EUR');
    expect(eur.signed('50.00')).toBe('+€50.00');
    expect(eur.signed('-20.00')).toBe('-€20.00');
    expect(eur.signed('0.00')).toBe('€0.00');
    expect(eur.wire('0.10')).toBe('€0.10');
    expect(moneyFormat('en', 'JPY').wire('1500.00')).toBe('¥1,500');
    expect(eur.wire('not money')).toBe('not money');
  });

  it('shows whole units (presets, bounds) without decimals', () => {
    expect(moneyFormat('en', 'EUR').units(5_000)).toBe('€5,000');
    expect(moneyFormat('en-GB', 'GBP').units(20)).toBe('£20');
  });

  it('shortens a long amount for a narrow phone, never rounding up', () => {
    expect(moneyFormat('en', 'EUR').compact(9_999_990)).toBe('€99,999');
    expect(plain(moneyFormat('de-DE', 'EUR').compact(9_999_990))).toBe('99.999 €');
    expect(moneyFormat('en', 'EUR').compact(129_990_000)).toBe('€1.2M');
  });

  it('still shows an amount in a currency the runtime does not know', () => {
    expect(moneyFormat('en', 'XXX').cents(100)).toMatch(/1\.00/);
  });
});

describe('amounts typed and read', () => {
  it.each([
    ['12,50', '12.50'],
    ['1 234,5', '1234.5'],
    ['50', '50'],
    [' 20 ', '20'],
  ])('%s is sent as %s', (typed, sent) => expect(normaliseAmountInput(typed)).toBe(sent));

  it('reads wire amounts as cents', () => {
    expect(wireCents('12.50')).toBe(1250);
    expect(wireCents('-0.05')).toBe(-5);
    expect(wireCents('x')).toBeNull();
  });
});
