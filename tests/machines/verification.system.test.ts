// The verification modal along the journey a player makes (issue 23 "the verification modal ...
// opens from ... the deposit page ...; after an upload the deposit or withdrawal the player was
// doing resumes where it stopped"), as one actor system: the real session, wallet, deposit flow and
// cashier check, and the two verification flows with the app's own actions (src/app/flows:
// tellUploaded finds the modal, resumeCashier the deposit, each by its systemId); only the platform
// calls are faked (lib/sessionSystem.ts).
import { fromCallback } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { UploadRequest } from '../../machines/lib/verification';
import type { VerificationEvent } from '../../machines/verification.machine';
import { verificationFlow } from '../../src/app/flows/verification.flow';
import { verificationModalFlow } from '../../src/app/flows/verificationModal.flow';
import { FILE, LOADED, STORED } from './lib/verification.fixtures';
import { settle } from './lib/pathCoverage';
import { loggedIn, runningFlows, sessionSystem } from './lib/sessionSystem';

const CHECK = { daysLeftToVerifyDocuments: null, limitLeft: null, limitType: null, resetOn: null, limitWarning: false };

describe('verification modal over the deposit (whole system)', () => {
  it('DOCUMENTS_PREFERRED → the modal → the proof of ID uploaded → Continue → the deposit is checked again and goes on', async () => {
    const uploads: UploadRequest[] = [];
    let sendBack: ((event: VerificationEvent) => void) | null = null;
    const run = sessionSystem((fakes) => ({
      verification: verificationFlow().provide({
        actors: {
          loadDocuments: fakes.actor(),
          uploadDocument: fromCallback<VerificationEvent, UploadRequest>(({ input, sendBack: back }) => {
            uploads.push(input);
            sendBack = back;
          }),
        },
      }),
      verificationModal: verificationModalFlow(),
    }));
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
    expect(uploads).toEqual([{ category: 'ID', file: FILE, subType: null }]);
    sendBack!({ type: 'upload.progress', sent: 2000, total: 4000 });
    expect(verification?.getSnapshot().context).toMatchObject({ sent: 2000, total: 4000 });
    sendBack!({ type: 'upload.done', document: STORED });
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
