// The cashier's operation check (behaviour.md §4 "Deposit and withdraw flows", the table "The
// operation status is derived from the wallet operation result"; §7 deposit/check and
// withdrawal/check; issue 22 "Rules written once").
//
// Invoked by the deposit flow (id `checkDeposit`) and the withdraw flow (id `checkWithdrawal`),
// each providing its own call (`check`: deposit/check or withdrawal/check with ipAddress and the
// device blackbox). The table lives here, once, as the edges out of `checking`; the machine ends in
// a final state named after the result and outputs `{ result, answer }`: the UI status of the
// table and the call's answer as the platform sent it (the deposit's limit left, the withdrawal
// limit, the balance ...). The parents' edges out of the check are guarded by the result's name
// (`cashierResultGuards`: `checkDeposit done [documentsRequired]`), never by a comparison of
// their own. A call that fails is not a result: the machine stops with the call's error, and the
// parent's `onError` takes it (`checkDeposit failed`).
//
//   checking ─ SUCCESS ─▶ allowed
//            ─ DOCUMENTS_PREFERRED ─▶ verifyDocument       ─ DOCUMENTS_UNDER_REVIEW ─▶ underReview
//            ─ DOCUMENTS_REQUIRED ─▶ documentsRequired     ─ DOCUMENTS_REQUIRED_RESTRICTED ─▶ documentsStrict
//            ─ WITHDRAWAL_LIMIT_REACHED ─▶ withdrawalLimitReached
//            ─ SELF_LIMIT_REACHED ─▶ selfLimitReached      ─ RESTRICTED ─▶ restricted
//            ─ NOT_ENOUGH_FUNDS, EXCEEDS_KYC_LIMIT, FAILURE, anything else ─▶ refused
import { assign, fromPromise, setup } from 'xstate';
import { operationUiStatus, type OperationUiStatus } from './lib/wallet';

/** What every operation call answers: its result (the table reads it) and the operation's own fields. */
export interface OperationAnswer {
  result: string;
}

/** The check's end: the table's UI status of the answer's result, and the answer itself. */
export interface CashierCheckOutput<TAnswer extends OperationAnswer = OperationAnswer> {
  result: OperationUiStatus;
  answer: TAnswer;
}

interface CashierCheckContext {
  answer: OperationAnswer | null;
}

/**
 * One guard per result of behaviour.md §4's table, named after it (the states of this machine and
 * of the flows), reading the table's UI status: the edges out of the check (`{ status:
 * event.output.result }`) and out of a request or a cancellation (`{ status:
 * operationUiStatus(event.output.result) }`) name their result. What none of them takes is the
 * table's `error` (and every result it does not name): the flows' last, unguarded edge.
 */
export const cashierResultGuards = {
  allowed: (_: unknown, params: { status: OperationUiStatus }) => params.status === 'allowed',
  verifyDocument: (_: unknown, params: { status: OperationUiStatus }) => params.status === 'verify-document',
  underReview: (_: unknown, params: { status: OperationUiStatus }) => params.status === 'under-review',
  documentsRequired: (_: unknown, params: { status: OperationUiStatus }) => params.status === 'required',
  documentsStrict: (_: unknown, params: { status: OperationUiStatus }) => params.status === 'strict',
  withdrawalLimitReached: (_: unknown, params: { status: OperationUiStatus }) => params.status === 'withdrawal-limit-reached',
  selfLimitReached: (_: unknown, params: { status: OperationUiStatus }) => params.status === 'self-limit-reached',
  restricted: (_: unknown, params: { status: OperationUiStatus }) => params.status === 'restricted',
};

export const cashierCheckMachine = setup({
  types: {
    context: {} as CashierCheckContext,
    output: {} as CashierCheckOutput,
  },
  actors: {
    // Supplied by the flow that invokes the check (src/app/flows/deposit.ts, withdraw.ts) and by tests.
    /** deposit/check or withdrawal/check with ipAddress '' (the platform reads the connection) and the device blackbox. */
    check: fromPromise<OperationAnswer>(() => Promise.reject(new Error('cashierCheckMachine: provide the check actor'))),
  },
  actions: {
    assignAnswer: assign((_, params: { answer: OperationAnswer }) => ({ answer: params.answer })),
  },
  guards: cashierResultGuards,
}).createMachine({
  id: 'cashierCheck',
  description:
    "behaviour.md §4's operation-check table, once: deposit/check or withdrawal/check (the invoking flow's call), then a final state named after the result; output { result: the UI status, answer }.",
  context: { answer: null },
  initial: 'checking',
  states: {
    checking: {
      description: "The operation check (behaviour.md §7); its answer's result goes through behaviour.md §4's table. A failed call ends the check with its error.",
      invoke: {
        id: 'check',
        src: 'check',
        onDone: [
          {
            guard: { type: 'allowed', params: ({ event }) => ({ status: operationUiStatus(event.output.result) }) },
            target: 'allowed',
            description: 'SUCCESS → allowed.',
            actions: { type: 'assignAnswer', params: ({ event }) => ({ answer: event.output }) },
          },
          {
            guard: { type: 'verifyDocument', params: ({ event }) => ({ status: operationUiStatus(event.output.result) }) },
            target: 'verifyDocument',
            description: 'DOCUMENTS_PREFERRED → verify-document (loyal).',
            actions: { type: 'assignAnswer', params: ({ event }) => ({ answer: event.output }) },
          },
          {
            guard: { type: 'underReview', params: ({ event }) => ({ status: operationUiStatus(event.output.result) }) },
            target: 'underReview',
            description: 'DOCUMENTS_UNDER_REVIEW → under review.',
            actions: { type: 'assignAnswer', params: ({ event }) => ({ answer: event.output }) },
          },
          {
            guard: { type: 'documentsRequired', params: ({ event }) => ({ status: operationUiStatus(event.output.result) }) },
            target: 'documentsRequired',
            description: 'DOCUMENTS_REQUIRED → required.',
            actions: { type: 'assignAnswer', params: ({ event }) => ({ answer: event.output }) },
          },
          {
            guard: { type: 'documentsStrict', params: ({ event }) => ({ status: operationUiStatus(event.output.result) }) },
            target: 'documentsStrict',
            description: 'DOCUMENTS_REQUIRED_RESTRICTED → strict.',
            actions: { type: 'assignAnswer', params: ({ event }) => ({ answer: event.output }) },
          },
          {
            guard: { type: 'withdrawalLimitReached', params: ({ event }) => ({ status: operationUiStatus(event.output.result) }) },
            target: 'withdrawalLimitReached',
            description: 'WITHDRAWAL_LIMIT_REACHED → withdrawal limit reached.',
            actions: { type: 'assignAnswer', params: ({ event }) => ({ answer: event.output }) },
          },
          {
            guard: { type: 'selfLimitReached', params: ({ event }) => ({ status: operationUiStatus(event.output.result) }) },
            target: 'selfLimitReached',
            description: 'SELF_LIMIT_REACHED → self-limit reached or notify (the deposit flow tells them apart by what is left).',
            actions: { type: 'assignAnswer', params: ({ event }) => ({ answer: event.output }) },
          },
          {
            guard: { type: 'restricted', params: ({ event }) => ({ status: operationUiStatus(event.output.result) }) },
            target: 'restricted',
            description: 'RESTRICTED → restricted.',
            actions: { type: 'assignAnswer', params: ({ event }) => ({ answer: event.output }) },
          },
          {
            target: 'refused',
            description: 'NOT_ENOUGH_FUNDS, EXCEEDS_KYC_LIMIT, FAILURE, FORBIDDEN, SELF_SPEND_LIMIT_REACHED and any other result, an unknown one too → error.',
            actions: { type: 'assignAnswer', params: ({ event }) => ({ answer: event.output }) },
          },
        ],
      },
    },
    allowed: { type: 'final', description: 'allowed: the operation may go ahead (the form).' },
    verifyDocument: { type: 'final', description: 'verify-document (loyal): documents are preferred; the player may verify or postpone.' },
    underReview: { type: 'final', description: 'under review: the documents sent are being reviewed.' },
    documentsRequired: { type: 'final', description: 'required: documents must be sent first.' },
    documentsStrict: { type: 'final', description: 'strict: documents are required and the account is restricted until they are verified.' },
    withdrawalLimitReached: { type: 'final', description: 'withdrawal limit reached: the answer names the limit, its period and the limit before a pending change.' },
    selfLimitReached: { type: 'final', description: "self-limit reached: the player's deposit or loss limit; the answer says what is left and when it resets." },
    restricted: { type: 'final', description: 'restricted: the account may not make this operation.' },
    refused: { type: 'final', description: "error: the table's error, or a result it does not name; the result is shown." },
  },
  output: ({ context }) => {
    const answer = context.answer ?? { result: 'FAILURE' };
    return { result: operationUiStatus(answer.result), answer };
  },
});
