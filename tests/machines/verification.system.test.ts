// The verification modal along the journey a player makes (issue 23 "the verification modal ...
// opens from ... the deposit page ...; after an upload the deposit or withdrawal the player was
// doing resumes where it stopped"), as one actor system: the real session, wallet, deposit and
// withdraw flows and cashier check, and the two verification flows with the app's own actions
// (src/app/flows: tellUploaded finds the modal, resumeCashier the deposit or the withdrawal, each by
// its systemId; the withdrawal's watchReview hears the wallet); only the platform calls are faked
// (lib/sessionSystem.ts).
import { fromCallback } from 'xstate';
import { describe, expect, it } from 'vitest';
import { cashierCheckMachine, type OperationAnswer } from '../../machines/cashierCheck.machine';
import type { PaymentMethodsLoad } from '../../machines/deposit.machine';
import type { UploadRequest } from '../../machines/lib/verification';
import type { VerificationEvent } from '../../machines/verification.machine';
import type { WithdrawalCancellationResponse } from '../../machines/withdraw.machine';
import type { Transaction, WalletResponse, WithdrawalCancellationRequest, WithdrawalRequest, WithdrawalRequestResponse } from '../../src/api/wallet';
import { verificationFlow } from '../../src/app/flows/verification.flow';
import { verificationModalFlow } from '../../src/app/flows/verificationModal.flow';
import { withdrawFlow } from '../../src/app/flows/withdraw.flow';
import { FILE, LOADED, STORED } from './lib/verification.fixtures';
import { FakePromises, settle } from './lib/pathCoverage';
import { loggedIn, runningFlows, sessionSystem } from './lib/sessionSystem';

const CHECK = { daysLeftToVerifyDocuments: null, limitLeft: null, limitType: null, resetOn: null, limitWarning: false };
const WITHDRAWAL_CHECK = { limit: null, duration: null, originalLimit: null, balance: '200.00' };
const METHODS: PaymentMethodsLoad = {
  methods: [
    { id: 'trustly', kind: 'bank', name: 'Trustly', logo: { src: '/payments/trustly.svg', width: 96, height: 40 } },
    { id: 'visa', kind: 'card', name: 'Visa', logo: { src: '/payments/visa.svg', width: 96, height: 40 } },
  ],
  recentMethodIds: ['trustly'],
};
const WALLET: WalletResponse = { currency: 'EUR', version: 1, balanceMap: { MAIN: { cash: '200.00' }, LOCKED: { cash: '0.00' }, BONUS: [] } };

/** The upload flow with its list and the upload faked; `upload.sendBack` answers the upload running. */
function uploadFlow(fakes: FakePromises, upload: { requests: UploadRequest[]; sendBack: ((event: VerificationEvent) => void) | null }) {
  return verificationFlow().provide({
    actors: {
      loadDocuments: fakes.actor(),
      uploadDocument: fromCallback<VerificationEvent, UploadRequest>(({ input, sendBack }) => {
        upload.requests.push(input);
        upload.sendBack = sendBack;
      }),
    },
  });
}

describe('verification modal over the deposit (whole system)', () => {
  it('DOCUMENTS_PREFERRED → the modal → the proof of ID uploaded → Continue → the deposit is checked again and goes on', async () => {
    const upload: { requests: UploadRequest[]; sendBack: ((event: VerificationEvent) => void) | null } = { requests: [], sendBack: null };
    const run = sessionSystem((fakes) => ({ verification: uploadFlow(fakes, upload), verificationModal: verificationModalFlow() }));
    await loggedIn(run, 'FI');

    // The deposit route starts the deposit and the two verification flows.
    run.session.send({ type: 'flow.start', flow: 'deposit', input: { depositId: null, returnPath: '/en-UN/my-account/banking/deposit' } });
    run.session.send({ type: 'flow.start', flow: 'verification' });
    run.session.send({ type: 'flow.start', flow: 'verificationModal' });
    expect(runningFlows(run)).toEqual(expect.arrayContaining(['deposit', 'verification', 'verificationModal']));
    const { deposit, verification, verificationModal } = run.session.getSnapshot().context.flows;
    run.fakes.resolve('refreshDocuments', LOADED);
    run.fakes.resolve('check', { ...CHECK, result: 'DOCUMENTS_PREFERRED', daysLeftToVerifyDocuments: 12 });
    await settle();
    expect(deposit?.getSnapshot().value).toBe('verifyDocument');

    // Upload documents: the modal opens from the deposit; the player sends the proof of ID in it.
    verificationModal?.send({ type: 'modal.open', startPoint: 'deposit', reason: 'preferred', daysLeft: 12 });
    expect(verificationModal?.getSnapshot().context).toMatchObject({ openModal: true, startPoint: 'deposit', daysLeft: 12 });
    verification?.send({ type: 'step.select', step: 'ID', startPoint: 'deposit' });
    run.fakes.resolve('loadDocuments', LOADED);
    await settle();
    verification?.send({ type: 'file.choose', file: FILE });
    verification?.send({ type: 'upload.start' });
    expect(upload.requests).toEqual([{ category: 'ID', file: FILE, subType: null }]);
    upload.sendBack!({ type: 'upload.progress', sent: 2000, total: 4000 });
    expect(verification?.getSnapshot().context).toMatchObject({ sent: 2000, total: 4000 });
    upload.sendBack!({ type: 'upload.done', document: STORED });
    await settle();

    // The upload flow told the modal (by its systemId): uploaded, still open; the list loads again.
    expect(verification?.getSnapshot().value).toMatchObject({ step: 'success', list: 'refreshing' });
    expect(verificationModal?.getSnapshot().value).toEqual({ verification: 'uploaded', forfeit: 'closed' });
    expect(verificationModal?.getSnapshot().context.openModal).toBe(true);

    // Continue with your deposit: the modal closes and goes inactive, the deposit is checked again.
    verificationModal?.send({ type: 'modal.terminate' });
    expect(verificationModal?.getSnapshot().value).toEqual({ verification: 'inactive', forfeit: 'closed' });
    expect(verificationModal?.getSnapshot().context.openModal).toBe(false);
    expect(deposit?.getSnapshot().value).toBe('checking');
    run.fakes.resolve('check', { ...CHECK, result: 'SUCCESS' });
    await settle();
    expect(deposit?.getSnapshot().value).toBe('loadingMethods');
  });

  it('Verify later postpones a preferred verification: the cashier with its notice', async () => {
    const run = sessionSystem(() => ({ verificationModal: verificationModalFlow() }));
    await loggedIn(run, 'FI');
    run.session.send({ type: 'flow.start', flow: 'deposit', input: { depositId: null, returnPath: '/en-UN/deposit' } });
    run.session.send({ type: 'flow.start', flow: 'verificationModal' });
    const { deposit, verificationModal } = run.session.getSnapshot().context.flows;
    run.fakes.resolve('check', { ...CHECK, result: 'DOCUMENTS_PREFERRED', daysLeftToVerifyDocuments: 3 });
    await settle();
    verificationModal?.send({ type: 'modal.open', startPoint: 'deposit', reason: 'preferred', daysLeft: 3 });
    verificationModal?.send({ type: 'modal.verifyLater' });
    expect(verificationModal?.getSnapshot().value).toEqual({ verification: 'inactive', forfeit: 'closed' });
    expect(deposit?.getSnapshot().value).toBe('loadingMethods');
    expect(deposit?.getSnapshot().context.notification).toBe('verificationPostponed');
  });
});

describe('verification modal over the withdrawal (whole system, issue 23 "Done when")', () => {
  it('DOCUMENTS_REQUIRED → the modal → upload → under review → approved (the attribute change) → the withdrawal resumes as typed', async () => {
    const upload: { requests: UploadRequest[]; sendBack: ((event: VerificationEvent) => void) | null } = { requests: [], sendBack: null };
    const run = sessionSystem((fakes) => ({
      verification: uploadFlow(fakes, upload),
      verificationModal: verificationModalFlow(),
      // The app's withdraw flow (its watchReview hears the session's wallet), the platform calls faked.
      withdraw: withdrawFlow().provide({
        actors: {
          checkWithdrawal: cashierCheckMachine.provide({ actors: { check: fakes.actor<OperationAnswer>() } }),
          loadPaymentMethods: fakes.actor<PaymentMethodsLoad>(),
          requestWithdrawal: fakes.actor<WithdrawalRequestResponse, WithdrawalRequest>(),
          loadPendingWithdrawals: fakes.actor<Transaction[]>(),
          cancelWithdrawal: fakes.actor<WithdrawalCancellationResponse, WithdrawalCancellationRequest>(),
        },
      }),
    }));
    await loggedIn(run, 'FI');
    // The wallet's live connection is open (the operator's decision comes on it).
    run.fakes.resolve('fetchWallet', WALLET);
    run.fakes.resolve('fetchSocketToken', { token: 'live.token.1' });
    await settle();
    run.sockets[0]?.push({ type: 'socket.opened' });

    // The withdraw route starts the withdrawal and the two verification flows.
    run.session.send({ type: 'flow.start', flow: 'withdraw' });
    run.session.send({ type: 'flow.start', flow: 'verification' });
    run.session.send({ type: 'flow.start', flow: 'verificationModal' });
    const { withdraw, verification, verificationModal } = run.session.getSnapshot().context.flows;
    run.fakes.resolve('refreshDocuments', LOADED);
    run.fakes.resolve('loadPendingWithdrawals', []);
    run.fakes.resolve('check', { ...WITHDRAWAL_CHECK, result: 'SUCCESS' });
    await settle();
    run.fakes.resolve('loadPaymentMethods', METHODS);
    await settle();

    // The player types 40 to Visa; the request is answered DOCUMENTS_REQUIRED (documents asked for meanwhile).
    withdraw?.send({ type: 'method.select', methodId: 'visa' });
    withdraw?.send({ type: 'amount.change', value: '40' });
    withdraw?.send({ type: 'withdraw.submit' });
    const firstRequest = run.fakes.calls.at(-1);
    expect(firstRequest).toMatchObject({ id: 'requestWithdrawal', input: { amount: '40.00', methodId: 'visa' } });
    run.fakes.resolve('requestWithdrawal', { result: 'DOCUMENTS_REQUIRED', referenceId: null, balance: '200.00' });
    await settle();
    expect(withdraw?.getSnapshot().value).toMatchObject({ request: 'documentsRequired' });

    // Upload documents: the modal opens from the withdrawal; the proof of ID is sent in it.
    verificationModal?.send({ type: 'modal.open', startPoint: 'withdraw', reason: 'required' });
    verification?.send({ type: 'step.select', step: 'ID', startPoint: 'withdraw' });
    run.fakes.resolve('loadDocuments', LOADED);
    await settle();
    verification?.send({ type: 'file.choose', file: FILE });
    verification?.send({ type: 'upload.start' });
    expect(upload.requests).toEqual([{ category: 'ID', file: FILE, subType: null }]);
    upload.sendBack!({ type: 'upload.done', document: STORED });
    await settle();
    expect(verificationModal?.getSnapshot().value).toEqual({ verification: 'uploaded', forfeit: 'closed' });

    // Continue with your withdrawal: the modal goes inactive, the withdrawal is checked again: under review.
    verificationModal?.send({ type: 'modal.terminate' });
    expect(verificationModal?.getSnapshot().context.openModal).toBe(false);
    expect(withdraw?.getSnapshot().value).toMatchObject({ request: 'checking' });
    expect(withdraw?.getSnapshot().context).toMatchObject({ amountText: '40', methodId: 'visa' });
    run.fakes.resolve('check', { ...WITHDRAWAL_CHECK, result: 'DOCUMENTS_UNDER_REVIEW' });
    await settle();
    expect(withdraw?.getSnapshot().value).toMatchObject({ request: 'underReview' });
    expect(withdraw?.getSnapshot().children.watchReview).toBeDefined();

    // The operator approves the document (the review endpoint): the wallet socket's attribute change.
    run.sockets[0]?.push({ type: 'socket.message', message: { type: 'PLAYER_ATTRIBUTE_CHANGE', attributes: { kycStatus: 'VERIFIED' } } });
    expect(withdraw?.getSnapshot().value).toMatchObject({ request: 'checking' });
    run.fakes.resolve('check', { ...WITHDRAWAL_CHECK, result: 'SUCCESS' });
    await settle();
    run.fakes.resolve('loadPaymentMethods', METHODS);
    await settle();

    // The withdrawal resumes where it stopped: the form as typed (Visa, not the recent Trustly), sent as a new attempt.
    expect(withdraw?.getSnapshot().value).toMatchObject({ request: 'form' });
    expect(withdraw?.getSnapshot().context).toMatchObject({ amountText: '40', methodId: 'visa' });
    withdraw?.send({ type: 'withdraw.submit' });
    const resumed = run.fakes.calls.at(-1);
    expect(resumed).toMatchObject({ id: 'requestWithdrawal', input: { amount: '40.00', methodId: 'visa' } });
    expect((resumed?.input as WithdrawalRequest).idempotencyKey).not.toBe((firstRequest?.input as WithdrawalRequest).idempotencyKey);
    run.fakes.resolve('requestWithdrawal', { result: 'SUCCESS', referenceId: 'wd-1', balance: '160.00' });
    await settle();
    expect(withdraw?.getSnapshot().value).toMatchObject({ request: 'requested' });
  });
});
