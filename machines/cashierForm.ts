// The cashier's form as the deposit and the withdrawal both have it (behaviour.md §4): the payment
// methods of the player's market with the recent ones, the amount and the method typed, and the
// attempt's idempotency key: the same amount and method sent again after a failed request are a
// retry with the same key; a key the platform refuses for other parameters is forgotten. Written
// once here; each machine names these states and transitions and provides, for its own context, the
// actions and guards they name (assignMethods, assignError, isRetry, isFormValid, clearFormProblems,
// assignIdempotencyKey, assignFormProblems, isIdempotencyConflict, forgetIdempotencyKey).
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

const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

/** `loadingMethods`: the methods load (`loadPaymentMethods`), then the bonuses; a failure is `failed`. */
export const LOADING_METHODS = {
  description: "The payment methods of the player's market and the recent deposit methods.",
  tags: 'loading',
  invoke: {
    id: 'loadPaymentMethods',
    src: 'loadPaymentMethods',
    onDone: { target: 'loadingBonuses', actions: { type: 'assignMethods', params: ({ event }: { event: { output: PaymentMethodsLoad } }) => ({ load: event.output }) } },
    onError: { target: 'failed', actions: { type: 'assignError', params: errorOf } },
  },
} as const;

/** The form's submit: a retry keeps the key, a valid new attempt gets a new one, else each problem shows. */
export const SUBMIT_FORM = [
  {
    guard: 'isRetry',
    target: 'requesting',
    description: 'The same amount and method again (after a failed request): the same idempotency key.',
    actions: 'clearFormProblems',
  },
  { guard: 'isFormValid', target: 'requesting', description: 'A new attempt: a new idempotency key.', actions: ['clearFormProblems', 'assignIdempotencyKey'] },
  { description: 'The amount or the method is refused: each shows its problem.', actions: 'assignFormProblems' },
] as const;

/** A request that failed: a key used with other parameters is forgotten; otherwise the form and the key stay. */
export const REQUEST_FAILED = [
  {
    guard: { type: 'isIdempotencyConflict', params: errorOf },
    target: 'form',
    description: 'The key was used with other parameters: the next submit is a new attempt.',
    actions: [{ type: 'assignError', params: errorOf }, 'forgetIdempotencyKey'],
  },
  {
    target: 'form',
    description: 'No answer or a refusal: the form stays as typed; sending it again reuses the key.',
    actions: { type: 'assignError', params: errorOf },
  },
] as const;
