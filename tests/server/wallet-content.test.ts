import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MARKET_CODES } from '../../machines/lib/markets';
import { PAYMENT_METHOD_KINDS, cashierReturnPath, marketOfCountry } from '../../machines/lib/wallet';
import { MARKET_PAYMENT_METHODS, PAYMENT_METHODS, paymentMethodsOf } from '../../server/content/payment-methods';

// The cashier's content (issue 11): the payment methods per market (cards, e-wallets, bank-transfer
// brands; Trustly in the Nordic markets), their logos with their real sizes (issue 10: every <img>
// gets its width and height), the market whose rules apply to a player, and the return paths the
// payment provider may send the player back to.

const PUBLIC = join(import.meta.dirname, '../../public');

describe('payment methods', () => {
  it.each(MARKET_CODES)('gives market %s a card and each method once', (market) => {
    const methods = paymentMethodsOf(market);
    expect(methods.some((method) => method.kind === 'card')).toBe(true);
    expect(new Set(methods.map((method) => method.id)).size).toBe(methods.length);
  });

  it('offers Trustly first in the Nordic markets', () => {
    for (const market of ['FI', 'NO', 'PP'] as const) expect(MARKET_PAYMENT_METHODS[market][0]).toBe('trustly');
  });

  it('offers every kind somewhere', () => {
    const kinds = new Set(Object.values(PAYMENT_METHODS).map((method) => method.kind));
    expect([...kinds].sort()).toEqual([...PAYMENT_METHOD_KINDS].sort());
  });

  it.each(Object.values(PAYMENT_METHODS).map((method) => [method.id, method] as const))('has a logo for %s with its real width and height', (_id, method) => {
    expect(method.logo.src).toMatch(/^\/payments\/[a-z0-9-]+\.svg$/);
    const svg = readFileSync(join(PUBLIC, method.logo.src), 'utf8');
    const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
    expect(root).toContain(`width="${String(method.logo.width)}"`);
    expect(root).toContain(`height="${String(method.logo.height)}"`);
    expect(svg).toContain(`<title id="t">${method.name}</title>`);
  });
});

describe('the player’s market', () => {
  it.each([
    ['FI', 'FI'],
    ['GB', 'GG'],
    ['SE', 'PP'],
    ['DE', 'JJ'],
    ['NL', 'LL'],
    ['MT', 'UN'],
    ['US', 'UN'],
  ])('is %s’s: %s', (country, market) => {
    expect(marketOfCountry(country)).toBe(market);
  });
});

describe('the deposit’s return path', () => {
  it.each([
    ['/fi-FI/deposit', '/fi-FI/deposit'],
    ['/en-GG/deposit/', '/en-GG/deposit/'],
    ['/fi-FI/my-account/banking/deposit', '/fi-FI/my-account/banking/deposit'],
    ['/fi-FI/my-account/banking/deposit?tab=deposit', '/fi-FI/my-account/banking/deposit?tab=deposit'],
    ['/fi-FI/./deposit', '/fi-FI/deposit'],
  ])('accepts %s as %s', (raw, expected) => {
    expect(cashierReturnPath(raw)).toBe(expected);
  });

  it.each([
    'https://evil.example/fi-FI/deposit',
    '//evil.example/fi-FI/deposit',
    '/.//evil.example/fi-FI/deposit',
    '/fi-FI/online-casino',
    '/fi-FI/my-account/banking/withdraw',
    '/deposit',
    '/xx-ZZ/deposit',
    '/fi-SE/deposit',
    '/fi-FI/deposit/../../evil',
    '',
  ])('refuses %j', (raw) => {
    expect(cashierReturnPath(raw)).toBeNull();
  });
});
