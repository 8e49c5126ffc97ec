// The withdrawal flow's fixtures (tests/machines/withdraw.machine.test.ts): the players, the
// platform's answers, and the events its path test tries in each state (`eventsFor`). `npm run paths
// withdraw` walks from the same players with the same answers (scripts/lib/pathModels.ts).
import type { SnapshotFrom } from 'xstate';
import type { CashierCheckOutput } from '../../../machines/cashierCheck.machine';
import type { PaymentMethodsLoad } from '../../../machines/deposit.machine';
import { operationUiStatus, type CashierPlayer, type OperationUiStatus } from '../../../machines/lib/wallet';
import type { withdrawMachine, WithdrawalCancellationResponse, WithdrawInput } from '../../../machines/withdraw.machine';
import { ApiError } from '../../../src/api/errors';
import type { PaymentMethod, Transaction, WithdrawalCheckResponse, WithdrawalRequestResponse } from '../../../src/api/wallet';
import type { Reward } from '../../../src/api/bonuses';
import { ACTIVE_CASINO, reward } from './bonusCode.fixtures';
import type { PathEvent } from './pathCoverage';

/** Issue 24: the player's ACTIVE list: an active casino bonus (12.40 left), and one forfeited meanwhile (left out). */
export const ACTIVE_REWARDS: Reward[] = [ACTIVE_CASINO, reward({ campaignId: 'old-10', assignmentId: 'as-1', state: 'FORFEITED', balance: '0.00' })];

export type WithdrawPathEvent = PathEvent<typeof withdrawMachine>;
export type WithdrawSnapshot = SnapshotFrom<typeof withdrawMachine>;

const PLAYER: CashierPlayer = { currency: 'EUR', market: 'FI', access: { deposit: true, payout: true, withdrawal: true }, multibrandSuspended: false };
export const FINNISH: WithdrawInput = { player: PLAYER };
export const BRITISH: WithdrawInput = { player: { ...PLAYER, currency: 'GBP', market: 'GG' } };
export const SUSPENDED: WithdrawInput = { player: { ...PLAYER, multibrandSuspended: true } };
export const NO_ACCESS: WithdrawInput = { player: { ...PLAYER, access: { deposit: true, payout: true, withdrawal: false } } };

const method = (id: string, name: string): PaymentMethod => ({ id, kind: 'bank', name, logo: { src: `/logos/${id}.svg`, width: 64, height: 40 } });
const METHODS: PaymentMethodsLoad = { methods: [method('trustly', 'Trustly'), method('visa', 'Visa')], recentMethodIds: ['trustly'] };

const withdrawal = (referenceId: string, amount: string): Transaction => ({
  referenceId,
  amount,
  balanceAfterTransaction: '180.00',
  currency: 'EUR',
  category: 'PAYMENT',
  status: 'PENDING',
  type: 'WITHDRAW',
  transactionDate: '2026-11-20T10:00:00.000Z',
  playerId: 1001,
  walletId: 'w-1001',
});
export const PENDING = [withdrawal('wd-1', '-20.00')];

export const checked = (result: string, extra: Partial<WithdrawalCheckResponse> = {}): WithdrawalCheckResponse => ({
  result,
  limit: null,
  duration: null,
  originalLimit: null,
  balance: '200.00',
  ...extra,
});
export const LIMIT_REACHED = checked('WITHDRAWAL_LIMIT_REACHED', { limit: '500.00', duration: 'weekly', originalLimit: '1000.00' });
const requested = (result: string, referenceId: string | null = null): WithdrawalRequestResponse => ({ result, referenceId, balance: result === 'SUCCESS' ? '150.00' : '200.00' });
const cancelled = (result: string): WithdrawalCancellationResponse => ({ result, balance: result === 'SUCCESS' ? '220.00' : '200.00' });

const offline = new ApiError('network', 0, 'network.error', 'Network Error');
export const conflict = new ApiError('http', 409, 'error.idempotency.conflict', 'Key reused');
const cancelLimit = new ApiError('http', 400, 'error.withdrawal.cancel.limit_reached', 'Too many cancellations');
// Issue 23: the second factor before a withdrawal to a method not used before (server/services/second-factor.ts).
export const CHALLENGE = { challengeToken: 'challenge-token', methods: ['passkey', 'totp', 'recovery'] };
export const factorRequired = new ApiError('http', 428, 'error.second_factor.required', 'Second factor', [], CHALLENGE);
export const wrongCode = new ApiError('http', 400, 'error.second_factor.invalid', 'Wrong', [], { attemptsLeft: 3 });
export const expiredCheck = new ApiError('http', 400, 'error.second_factor.challenge_invalid', 'Expired');
export const factorLocked = new ApiError('http', 429, 'code:error.sign.in.attempt.count.exceeded', 'Locked', [], { attemptsLeft: 0, retryAfterSeconds: 60 });
/** The browser's passkey prompt was cancelled (a DOMException, no platform code). */
export const passkeyCancelled = Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' });
export const TOTP_CODE = '123456';
export const RECOVERY_CODE = 'abcde-12345';

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, actorId: id, output }) as WithdrawPathEvent;
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, actorId: id, error }) as WithdrawPathEvent;
/** The check machine's end for withdrawal/check's answer (machines/cashierCheck.machine.ts): behaviour.md §4's status and the answer. */
const checkEnd = (answer: WithdrawalCheckResponse): CashierCheckOutput<WithdrawalCheckResponse> => ({ result: operationUiStatus(answer.result), answer });

/** behaviour.md §4's table, row by row, and an unknown result; the state each leads to from the check. */
export const CHECK_ROWS: readonly { result: string; status: OperationUiStatus; state: string }[] = [
  { result: 'SUCCESS', status: 'allowed', state: 'loadingMethods' },
  { result: 'NOT_ENOUGH_FUNDS', status: 'error', state: 'refused' },
  { result: 'EXCEEDS_KYC_LIMIT', status: 'error', state: 'refused' },
  { result: 'FAILURE', status: 'error', state: 'refused' },
  { result: 'DOCUMENTS_PREFERRED', status: 'verify-document', state: 'verifyDocument' },
  { result: 'DOCUMENTS_UNDER_REVIEW', status: 'under-review', state: 'underReview' },
  { result: 'DOCUMENTS_REQUIRED', status: 'required', state: 'documentsRequired' },
  { result: 'DOCUMENTS_REQUIRED_RESTRICTED', status: 'strict', state: 'documentsStrict' },
  { result: 'WITHDRAWAL_LIMIT_REACHED', status: 'withdrawal-limit-reached', state: 'limitReached' },
  { result: 'SELF_LIMIT_REACHED', status: 'self-limit-reached', state: 'refused' },
  { result: 'RESTRICTED', status: 'restricted', state: 'restricted' },
  { result: 'FORBIDDEN', status: 'error', state: 'refused' },
  { result: 'SELF_SPEND_LIMIT_REACHED', status: 'error', state: 'refused' },
  { result: 'SOMETHING_NEW', status: 'error', state: 'refused' },
];

/** The two regions' states, the factor step's as `secondFactor.<state>`. */
export function regions(snapshot: WithdrawSnapshot): { request: string; pending: string } {
  const { request, pending } = snapshot.value;
  return { request: typeof request === 'string' ? request : `secondFactor.${request.secondFactor}`, pending };
}

/**
 * The events to try. The pending list is worked while the request still waits for its check (so the
 * two regions do not multiply); the request goes on once the list has loaded, and a request that
 * succeeds has its list answered again.
 */
export function eventsFor(snapshot: WithdrawSnapshot): WithdrawPathEvent[] {
  const { context } = snapshot;
  const { request, pending } = regions(snapshot);
  const list: WithdrawPathEvent[] = [];
  if (pending === 'loading') {
    list.push(done('loadPendingWithdrawals', PENDING));
    if (request === 'checking' && context.cancelStatus === null && context.cancelError === null) list.push(failed('loadPendingWithdrawals', offline));
    return list;
  }
  const calm = context.cancellingId === null && context.cancelStatus === null && context.cancelError === null && context.balance === null;
  if (request === 'checking') {
    if (pending === 'failed') return [{ type: 'pending.refresh' }];
    if (pending === 'cancelling') return [done('cancelWithdrawal', cancelled('SUCCESS')), done('cancelWithdrawal', cancelled('FAILURE')), failed('cancelWithdrawal', cancelLimit)];
    if (!calm) return [];
    // A resumed check (the amount typed stays, issue 23): it goes on; the rows are tried from a fresh start.
    if (context.amountText !== '') return [done('checkWithdrawal', checkEnd(checked('SUCCESS')))];
    list.push({ type: 'pending.cancel', referenceId: 'wd-1' }, { type: 'pending.cancel', referenceId: 'not-listed' }, { type: 'pending.refresh' });
    list.push(...CHECK_ROWS.map((row) => done('checkWithdrawal', checkEnd(row.result === 'WITHDRAWAL_LIMIT_REACHED' ? LIMIT_REACHED : checked(row.result)))));
    list.push(failed('checkWithdrawal', offline));
    return list;
  }
  if (pending !== 'loaded') return [];
  const clear: WithdrawPathEvent = { type: 'withdraw.clear' };
  switch (request) {
    case 'loadingMethods':
      return [done('loadPaymentMethods', METHODS), failed('loadPaymentMethods', offline)];
    // Issue 24: the active bonuses; their failure tried for the British player only (the graph stays small).
    case 'loadingBonuses':
      return context.player.market === 'GG' ? [done('loadActiveBonuses', ACTIVE_REWARDS), failed('loadActiveBonuses', offline)] : [done('loadActiveBonuses', ACTIVE_REWARDS)];
    case 'form': {
      const submit: WithdrawPathEvent = { type: 'withdraw.submit' };
      if (context.error !== null) return context.amountText === '50' ? [submit, { type: 'amount.change', value: '60' }] : [submit];
      if (context.idempotencyKey !== null) return [submit];
      if (context.amountText === '') return [submit, { type: 'amount.change', value: '5' }, { type: 'amount.change', value: '500' }, { type: 'amount.change', value: '50' }];
      if (context.amountText === '50' && context.methodId === 'trustly') return [submit, { type: 'method.select', methodId: 'visa' }];
      return [submit];
    }
    case 'requesting':
      // Issue 23: the second method has not been used before; with the factor on the platform asks for it.
      if (context.methodId !== 'trustly') {
        return [
          done('requestWithdrawal', requested('SUCCESS', 'wd-2')),
          failed('requestWithdrawal', offline),
          ...(context.amountText === '50' ? [failed('requestWithdrawal', factorRequired)] : []),
        ];
      }
      return [
        done('requestWithdrawal', requested('SUCCESS', 'wd-2')),
        done('requestWithdrawal', requested('WITHDRAWAL_LIMIT_REACHED')),
        done('requestWithdrawal', requested('DOCUMENTS_PREFERRED')),
        done('requestWithdrawal', requested('DOCUMENTS_UNDER_REVIEW')),
        done('requestWithdrawal', requested('DOCUMENTS_REQUIRED')),
        done('requestWithdrawal', requested('DOCUMENTS_REQUIRED_RESTRICTED')),
        done('requestWithdrawal', requested('RESTRICTED')),
        done('requestWithdrawal', requested('NOT_ENOUGH_FUNDS')),
        failed('requestWithdrawal', offline),
        failed('requestWithdrawal', conflict),
      ];
    case 'secondFactor.choosing':
      // After a failed answer, the authenticator code again; else each way to answer, and cancel.
      if (context.factorError !== null) return [{ type: 'factor.submit', method: 'totp', code: TOTP_CODE }];
      return [
        { type: 'factor.submit', method: 'totp', code: TOTP_CODE },
        { type: 'factor.submit', method: 'recovery', code: RECOVERY_CODE },
        { type: 'factor.passkey' },
        { type: 'factor.cancel' },
      ];
    case 'secondFactor.verifying':
      if (context.factorAnswer?.method === 'passkey') return [failed('verifySecondFactor', passkeyCancelled)];
      if (context.factorAnswer?.method === 'recovery') return [done('verifySecondFactor', { ok: true })];
      return [
        done('verifySecondFactor', { ok: true }),
        failed('verifySecondFactor', wrongCode),
        failed('verifySecondFactor', expiredCheck),
        failed('verifySecondFactor', factorLocked),
      ];
    // Issue 23: after the documents were sent (the verification modal) the request resumes as typed.
    case 'documentsRequired':
      return context.amountText === '' ? [clear] : [clear, { type: 'withdraw.resume' }];
    // The operator's decision on the documents under review (the wallet's attribute change).
    case 'underReview':
      return [clear, { type: 'documents.reviewed' }];
    default:
      return [clear];
  }
}
