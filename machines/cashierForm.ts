// The cashier's form as the deposit and the withdrawal both have it (behaviour.md §4): the payment
// methods of the player's market with the recent ones, the amount and the method typed, and the
// attempt's idempotency key. The rules of its context are written once here; the states and
// transitions stay written in each machine's createMachine literal (drawn whole by a static reader,
// tests/machines/staticShape.test.ts).
import type { PaymentMethod } from '../src/api/wallet';

/** The answer of the payment methods' load (the market's methods, the recent ones first). */
export interface PaymentMethodsLoad {
  methods: PaymentMethod[];
  recentMethodIds: string[];
}

/** What a fresh form holds: no methods yet, nothing typed or refused, no key, no error. */
export const FRESH_FORM = {
  methods: [],
  recentMethodIds: [],
  methodId: null,
  amountText: '',
  amountProblem: null,
  methodMissing: false,
  idempotencyKey: null,
  error: null,
};

/**
 * The methods loaded: the method the player chose (kept by a resume) while it is offered, else the
 * most recent method still offered is chosen already.
 */
export function methodsLoaded(methodId: string | null, load: PaymentMethodsLoad) {
  const offered = new Set(load.methods.map((method) => method.id));
  return {
    methods: load.methods,
    recentMethodIds: load.recentMethodIds,
    methodId: methodId !== null && offered.has(methodId) ? methodId : (load.recentMethodIds.find((id) => offered.has(id)) ?? null),
    error: null,
  };
}
