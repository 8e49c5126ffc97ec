// The deposit flow's fixtures (tests/machines/deposit.machine.test.ts): the player and inputs, the
// platform's answers, and the events its path test tries in each state (`eventsFor`). `npm run paths
// deposit` walks the same events (scripts/lib/pathModels.ts), so the two cannot drift apart.
import type { SnapshotFrom } from 'xstate';
import type { CashierCheckOutput } from '../../../machines/cashierCheck.machine';
import type { depositMachine, DepositInput, PaymentMethodsLoad } from '../../../machines/deposit.machine';
import { operationUiStatus, type CashierPlayer, type OperationUiStatus } from '../../../machines/lib/wallet';
import { ApiError } from '../../../src/api/errors';
import type { DepositCheckResponse, DepositRequestResponse, DepositStatusResponse, PaymentMethod } from '../../../src/api/wallet';
import type { Reward } from '../../../src/api/bonuses';
import { reward } from './bonusCode.fixtures';
import type { PathEvent } from './pathCoverage';

export type DepositPathEvent = PathEvent<typeof depositMachine>;
export type DepositSnapshot = SnapshotFrom<typeof depositMachine>;

export const PLAYER: CashierPlayer = { currency: 'EUR', market: 'FI', access: { deposit: true, payout: true, withdrawal: true }, multibrandSuspended: false };
export const CASHIER: DepositInput = { depositId: null, returnPath: '/en-UN/deposit', player: PLAYER };
export const RETURNING: DepositInput = { ...CASHIER, depositId: 'dep-1' };
export const PAYOUT_RESTRICTED: DepositInput = { ...CASHIER, player: { ...PLAYER, access: { deposit: true, payout: false, withdrawal: true } } };

const method = (id: string, name: string): PaymentMethod => ({ id, kind: 'card', name, logo: { src: `/logos/${id}.svg`, width: 64, height: 40 } });
/** The cashier's methods; the player's recent ones: one the cashier no longer offers, and Skrill (chosen first). */
export const METHODS: PaymentMethodsLoad = { methods: [method('visa', 'Visa'), method('skrill', 'Skrill')], recentMethodIds: ['gone', 'skrill'] };
const NO_RECENT: PaymentMethodsLoad = { methods: METHODS.methods, recentMethodIds: [] };

export const check = (result: string, extra: Partial<DepositCheckResponse> = {}): DepositCheckResponse => ({
  result,
  daysLeftToVerifyDocuments: null,
  limitLeft: null,
  limitType: null,
  resetOn: null,
  limitWarning: false,
  ...extra,
});
/** At the limit's 80 % warning: the form, capped, with the notice that the limit is close. */
export const LIMIT_NOTICE = check('SELF_LIMIT_REACHED', { limitLeft: '50.00', limitType: 'deposit', resetOn: '2026-12-01T00:00:00.000Z', limitWarning: true });
/** Issue 21: a limit with nothing used that leaves less than the cashier's largest deposit: capped, no notice. */
export const LIMIT_CAP = check('SELF_LIMIT_REACHED', { limitLeft: '30.00', limitType: 'deposit', resetOn: '2026-12-01T00:00:00.000Z', limitWarning: false });
const LOSS_LIMIT_REACHED = check('SELF_LIMIT_REACHED', { limitLeft: '0.00', limitType: 'loss', resetOn: '2026-12-01T00:00:00.000Z' });
export const PREFERRED = check('DOCUMENTS_PREFERRED', { daysLeftToVerifyDocuments: 12 });
const requested = (result: string, depositId: string | null = null, redirectUrl: string | null = null): DepositRequestResponse => ({ result, depositId, redirectUrl });
const REDIRECT = requested('SUCCESS', 'dep-1', '/api/simulated-payments/pay?payment=dep-1');
export const status = (state: DepositStatusResponse['status'], result: string | null = null): DepositStatusResponse => ({
  depositId: 'dep-1',
  status: state,
  amount: '50.00',
  currency: 'EUR',
  methodId: 'skrill',
  result,
});

/**
 * Issue 24: the player's ELIGIBLE rewards: a first-deposit bonus (offered on the form) and a daily
 * cashback (no deposit triggers it: left out).
 */
export const FIRST_DEPOSIT_BONUS = reward({ campaignId: 'bonus-1', triggerEvent: 'FIRST_DEPOSIT', hasBonusCode: false, bonusAmount: null, bonusPercentage: 100, maxBonusAmount: '100.00' });
export const ELIGIBLE: Reward[] = [FIRST_DEPOSIT_BONUS, reward({ campaignId: 'cashback-daily', triggerEvent: 'CASHBACK_DAILY', hasBonusCode: false })];

const offline = new ApiError('network', 0, 'network.error', 'Network Error');
export const conflict = new ApiError('http', 409, 'error.idempotency.conflict', 'Key reused');

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, actorId: id, output }) as DepositPathEvent;
/** The check machine's end for deposit/check's answer (machines/cashierCheck.machine.ts): behaviour.md §4's status and the answer. */
const checked = (answer: DepositCheckResponse): CashierCheckOutput<DepositCheckResponse> => ({ result: operationUiStatus(answer.result), answer });
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, actorId: id, error }) as DepositPathEvent;

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
  { result: 'WITHDRAWAL_LIMIT_REACHED', status: 'withdrawal-limit-reached', state: 'refused' },
  { result: 'SELF_LIMIT_REACHED', status: 'self-limit-reached', state: 'limitReached' },
  { result: 'RESTRICTED', status: 'restricted', state: 'restricted' },
  { result: 'FORBIDDEN', status: 'error', state: 'refused' },
  { result: 'SELF_SPEND_LIMIT_REACHED', status: 'error', state: 'refused' },
  { result: 'SOMETHING_NEW', status: 'error', state: 'refused' },
];

export function eventsFor(snapshot: DepositSnapshot): DepositPathEvent[] {
  const { context } = snapshot;
  const clear: DepositPathEvent = { type: 'deposit.clear' };
  switch (snapshot.value) {
    case 'checking':
      // A resumed check (the amount typed stays, issue 23): it goes on; the rows are tried from a fresh start.
      if (context.amountText !== '') return [done('checkDeposit', checked(check('SUCCESS')))];
      return [
        ...CHECK_ROWS.map((row) => done('checkDeposit', checked(row.result === 'DOCUMENTS_PREFERRED' ? PREFERRED : check(row.result)))),
        done('checkDeposit', checked(LIMIT_NOTICE)),
        done('checkDeposit', checked(LIMIT_CAP)),
        done('checkDeposit', checked(LOSS_LIMIT_REACHED)),
        failed('checkDeposit', offline),
      ];
    case 'loadingBonuses':
      // The offers failing to load (tried on the short notice path only, to keep the graph small): the cashier without them.
      return context.notification === 'limitNotice' ? [done('loadDepositBonuses', ELIGIBLE), failed('loadDepositBonuses', offline)] : [done('loadDepositBonuses', ELIGIBLE)];
    case 'loadingMethods':
      return [done('loadPaymentMethods', context.notification === null && context.limitLeft === null ? METHODS : NO_RECENT), failed('loadPaymentMethods', offline)];
    case 'form': {
      const submit: DepositPathEvent = { type: 'deposit.submit' };
      // With a notice (self-limit left or verification postponed) only what the notice changes.
      if (context.notification === 'limitNotice') return context.amountText === '' ? [{ type: 'amount.change', value: '60' }, submit] : [submit];
      // Capped without a notice (issue 21): more than is left is refused, what is left is sent.
      if (context.limitLeft !== null) {
        if (context.amountText === '') return [{ type: 'amount.change', value: '40' }, { type: 'amount.change', value: '30' }];
        return context.methodId === null ? [{ type: 'method.select', methodId: 'visa' }] : [submit];
      }
      if (context.notification !== null) return context.methodId === null && context.amountText === '' ? [{ type: 'amount.change', value: '50' }, submit] : [submit];
      // After a failed request: the same again, or another amount (a new attempt).
      if (context.error !== null) return context.amountText === '50' ? [submit, { type: 'amount.change', value: '75' }] : [submit];
      if (context.idempotencyKey !== null) return [submit];
      const list: DepositPathEvent[] = [submit];
      if (context.amountText === '') list.push({ type: 'amount.change', value: '5' }, { type: 'amount.change', value: '50' });
      if (context.amountText === '50' && context.methodId === 'skrill') list.push({ type: 'method.select', methodId: 'visa' });
      // Issue 24: a bonus offered is chosen (none by default), and unchosen.
      if (context.amountText === '' && context.selectedBonusId === null) list.push({ type: 'bonus.select', bonusId: 'bonus-1' });
      if (context.amountText === '' && context.selectedBonusId !== null) list.push({ type: 'bonus.select', bonusId: null });
      return list;
    }
    case 'requesting':
      if (context.amountText !== '50' || context.methodId !== 'skrill') return [done('requestDeposit', REDIRECT), failed('requestDeposit', offline)];
      return [
        done('requestDeposit', REDIRECT),
        done('requestDeposit', requested('SUCCESS')),
        done('requestDeposit', requested('DOCUMENTS_PREFERRED')),
        done('requestDeposit', requested('DOCUMENTS_UNDER_REVIEW')),
        done('requestDeposit', requested('DOCUMENTS_REQUIRED')),
        done('requestDeposit', requested('DOCUMENTS_REQUIRED_RESTRICTED')),
        done('requestDeposit', requested('SELF_LIMIT_REACHED')),
        done('requestDeposit', requested('RESTRICTED')),
        done('requestDeposit', requested('NOT_ENOUGH_FUNDS')),
        failed('requestDeposit', offline),
        failed('requestDeposit', conflict),
      ];
    case 'settling':
      return context.statusPolls === 0
        ? [
            done('depositStatus', status('SUCCESS')),
            done('depositStatus', status('PENDING')),
            done('depositStatus', status('FAILED', 'FAILURE')),
            done('depositStatus', status('CANCELLED', 'FAILURE')),
            failed('depositStatus', offline),
          ]
        : [done('depositStatus', status('PENDING'))];
    case 'verifyDocument':
      return [{ type: 'verification.postpone' }, clear];
    // Issue 23: after the documents were sent (the verification modal) the deposit resumes as typed.
    case 'documentsRequired':
      return context.amountText === '' ? [clear] : [clear, { type: 'deposit.resume' }];
    case 'stillPending':
    case 'statusUnknown':
      return [{ type: 'deposit.refresh' }, clear];
    case 'waiting':
      return [];
    default:
      return [clear];
  }
}
