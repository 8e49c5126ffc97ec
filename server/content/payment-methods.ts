import type { MarketCode } from '../../machines/lib/markets';
import type { PaymentMethodKind } from '../../machines/lib/wallet';
import type { PaymentMethod } from '../../src/api/wallet';

// The cashier's payment methods per market (product.md §3 "Deposit and withdraw flows": credit
// card, several e-wallets, bank-transfer brands; issue 11 "payment methods from content per
// market"): which brands a player of each market may pay in and out with, in the order the cashier
// shows them (the market's own bank-transfer brand first where it has one: Trustly in the Nordic
// markets, iDEAL in the Netherlands, Interac in Canada, Pix in Brazil, ...). Names are brands and
// not translated. Logos live in public/payments/ (a badge of the brand's name; width and height are
// the files' own, tests/server/wallet-content.test.ts compares them). The simulated payment
// provider takes every one of them; a real provider adapter would name the ones it supports.

/** Every logo's size (public/payments/*.svg). */
const LOGO = { width: 96, height: 40 } as const;

function method(id: string, kind: PaymentMethodKind, name: string): PaymentMethod {
  return { id, kind, name, logo: { src: `/payments/${id}.svg`, ...LOGO } };
}

/** Every method the cashier knows, by id. */
export const PAYMENT_METHODS = {
  visa: method('visa', 'card', 'Visa'),
  mastercard: method('mastercard', 'card', 'Mastercard'),
  skrill: method('skrill', 'ewallet', 'Skrill'),
  neteller: method('neteller', 'ewallet', 'Neteller'),
  paypal: method('paypal', 'ewallet', 'PayPal'),
  muchbetter: method('muchbetter', 'ewallet', 'MuchBetter'),
  gcash: method('gcash', 'ewallet', 'GCash'),
  papara: method('papara', 'ewallet', 'Papara'),
  mbway: method('mbway', 'ewallet', 'MB WAY'),
  trustly: method('trustly', 'bank', 'Trustly'),
  interac: method('interac', 'bank', 'Interac'),
  pix: method('pix', 'bank', 'Pix'),
  upi: method('upi', 'bank', 'UPI'),
  khipu: method('khipu', 'bank', 'Khipu'),
  poli: method('poli', 'bank', 'POLi'),
  ideal: method('ideal', 'bank', 'iDEAL'),
  'bank-transfer': method('bank-transfer', 'bank', 'Bank transfer'),
} as const satisfies Record<string, PaymentMethod>;
export type PaymentMethodId = keyof typeof PAYMENT_METHODS;

const CARDS = ['visa', 'mastercard'] as const;

/** The methods of each market, in the cashier's order. */
export const MARKET_PAYMENT_METHODS: Readonly<Record<MarketCode, readonly PaymentMethodId[]>> = {
  UN: [...CARDS, 'skrill', 'neteller', 'muchbetter', 'bank-transfer'],
  FI: ['trustly', ...CARDS, 'skrill', 'neteller', 'muchbetter'],
  NO: ['trustly', ...CARDS, 'skrill', 'neteller'],
  PP: ['trustly', ...CARDS],
  AT: ['trustly', ...CARDS, 'paypal', 'skrill', 'neteller'],
  JJ: ['trustly', ...CARDS, 'paypal'],
  LL: ['ideal', 'trustly', ...CARDS, 'paypal'],
  GG: [...CARDS, 'paypal', 'trustly', 'bank-transfer'],
  CA: ['interac', ...CARDS, 'muchbetter'],
  BR: ['pix', ...CARDS],
  CL: ['khipu', ...CARDS],
  IN: ['upi', ...CARDS, 'skrill', 'neteller'],
  NZ: ['poli', ...CARDS, 'skrill'],
  PH: ['gcash', ...CARDS],
  PT: ['mbway', ...CARDS, 'paypal', 'skrill'],
  TR: ['papara', ...CARDS],
  JP: [...CARDS, 'bank-transfer'],
};

/** The methods a player of this market sees. */
export function paymentMethodsOf(market: MarketCode): PaymentMethod[] {
  return MARKET_PAYMENT_METHODS[market].map((id) => PAYMENT_METHODS[id]);
}

/** Is `methodId` one of this market's methods? */
export function isMarketPaymentMethod(market: MarketCode, methodId: string): boolean {
  return (MARKET_PAYMENT_METHODS[market] as readonly string[]).includes(methodId);
}
