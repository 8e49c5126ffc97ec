import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { cashierReturnPath } from '../../../machines/lib/wallet';
import { depositCloseHref, depositFrom, depositModalReturnPath, depositSearchSchema, depositTabReturnPath } from '../../../src/features/banking/search';

// The deposit modal (product.md §2 "/deposit"): closing it goes back where it was opened, a deep
// link closes home, and the provider's return path carries both.

describe('where the deposit modal was opened', () => {
  it.each([
    ['/en-UN', '', '/'],
    ['/en-UN/my-account/banking', '', '/my-account/banking'],
    ['/fi-FI/terms', '?x=1', '/terms?x=1'],
  ])('%s%s is remembered as %s', (pathname, search, from) => expect(depositFrom(pathname, search)).toBe(from));

  it('keeps the earlier place when the modal opens the modal', () => {
    expect(depositFrom('/en-UN/deposit', '?from=%2Fterms')).toBeUndefined();
  });
});

describe('closing the deposit modal', () => {
  it.each([
    [undefined, '/fi-FI'],
    ['/', '/fi-FI'],
    ['/my-account/banking', '/fi-FI/my-account/banking'],
    ['/en-UN/terms', '/fi-FI/terms'],
    ['/deposit', '/fi-FI'],
    ['//evil.example', '/fi-FI'],
    ['https://evil.example/', '/fi-FI'],
    ['/.//evil.example', '/fi-FI'],
  ])('from %s goes to %s', (from, href) => expect(depositCloseHref('fi-FI', from)).toBe(href));
});

describe("the provider's return path", () => {
  it('is a cashier return path the platform accepts, with the modal\'s origin', () => {
    const modal = depositModalReturnPath('en-UN', '/my-account/banking');
    expect(modal).toBe('/en-UN/deposit?from=%2Fmy-account%2Fbanking');
    expect(cashierReturnPath(modal)).toBe(modal);
    expect(cashierReturnPath(depositModalReturnPath('en-UN', undefined))).toBe('/en-UN/deposit');
    expect(cashierReturnPath(depositTabReturnPath('de-AT'))).toBe('/de-AT/my-account/banking/deposit');
  });

  it('drops a depositId that is no deposit id', () => {
    expect(v.parse(depositSearchSchema, { depositId: 'abc_DEF-1', from: '/x' })).toEqual({ depositId: 'abc_DEF-1', from: '/x' });
    expect(v.parse(depositSearchSchema, { depositId: '../x', from: 5 })).toEqual({ depositId: undefined, from: undefined });
  });
});
