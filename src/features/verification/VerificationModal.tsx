import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { requestedSteps } from '../../../machines/lib/verification';
import { walletRefOf, type sessionMachine } from '../../../machines/session.machine';
import type { walletMachine } from '../../../machines/wallet.machine';
import type { verificationModalMachine } from '../../../machines/verificationModal.machine';
import { Button } from '../../ui/Button';
import { formActionsClass } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { DocumentList, UploadStep, type VerificationActor } from './DocumentsPanel';
import * as s from './verification.css';

type SessionRef = ActorRefFrom<typeof sessionMachine>;
type ModalActor = ActorRefFrom<typeof verificationModalMachine>;

/**
 * What the account area and /deposit render beside their pages: the verification modal
 * (behaviour.md §4: inactive, notify, uploaded), which the account page, the deposit and the
 * withdrawal open, and the documents loaded again when the wallet socket says the player's
 * attributes changed (a review), so a decision shows without a reload.
 */
export function VerificationHost({ session }: { session: SessionRef }) {
  const flow = useSelector(session, (snapshot) => snapshot.context.flows.verification);
  const modal = useSelector(session, (snapshot) => snapshot.context.flows.verificationModal);
  const wallet = useSelector(session, walletRefOf);
  return (
    <>
      {flow !== null && wallet !== undefined ? <RefreshOnReview wallet={wallet} flow={flow} /> : null}
      {flow !== null && modal !== null ? <VerificationModal modal={modal} flow={flow} /> : null}
    </>
  );
}

/** behaviour.md §7 PLAYER_ATTRIBUTE_CHANGE: each new push (a review, a request) loads the documents again. */
function RefreshOnReview({ wallet, flow }: { wallet: ActorRefFrom<typeof walletMachine>; flow: VerificationActor }) {
  const attributes = useSelector(wallet, (snapshot) => snapshot.context.attributes);
  const seen = useRef(attributes);
  useEffect(() => {
    if (attributes === seen.current) return;
    seen.current = attributes;
    flow.send({ type: 'documents.refresh' });
  }, [attributes, flow]);
  return null;
}

function VerificationModal({ modal, flow }: { modal: ModalActor; flow: VerificationActor }) {
  const { t } = useLingui();
  const open = useSelector(modal, (snapshot) => snapshot.context.openModal);
  const status = useSelector(modal, (snapshot) => snapshot.value.verification);
  const { reason, daysLeft, startPoint } = useSelector(modal, (snapshot) => snapshot.context);
  const documents = useSelector(flow, (snapshot) => snapshot.context.documents);
  const asked = documents === null ? [] : requestedSteps(documents);
  return (
    <Modal open={open} onClose={() => modal.send({ type: 'modal.close' })} title={t({ id: 'verification.modal.title', message: 'Verify your account' })}>
      <div className={s.step} data-testid="verification-modal">
        {status === 'uploaded' ? (
          <>
            <p className={s.success} role="status">
              <Trans id="verification.modal.uploaded">Thank you. We have your document and will review it shortly.</Trans>
            </p>
            <div className={formActionsClass}>
              <Button className={s.wrapButton} onClick={() => modal.send({ type: 'modal.terminate' })}>
                {startPoint === 'deposit' ? (
                  <Trans id="verification.modal.backToDeposit">Continue with your deposit</Trans>
                ) : startPoint === 'withdraw' ? (
                  <Trans id="verification.modal.backToWithdrawal">Continue with your withdrawal</Trans>
                ) : (
                  <Trans id="verification.modal.backToAccount">Back to my account</Trans>
                )}
              </Button>
            </div>
          </>
        ) : (
          <>
            <p className={s.text}>
              {reason === 'preferred' ? (
                <Trans id="verification.modal.preferred">
                  Please verify your account within {daysLeft} days. You can upload your documents now, or deposit now and verify later.
                </Trans>
              ) : reason === 'strict' ? (
                <Trans id="verification.modal.strict">Your account is restricted until your documents have been verified. Upload them below.</Trans>
              ) : reason === 'required' ? (
                <Trans id="verification.modal.required">Before you go on, we need to verify your documents. Upload them below; it takes a minute.</Trans>
              ) : (
                <Trans id="verification.modal.requested">We need a few documents to verify your account. Upload them below.</Trans>
              )}
            </p>
            <DocumentList flow={flow} startPoint={startPoint} only={asked.length === 0 ? undefined : asked} />
            <UploadStep flow={flow} headingLevel={3} />
            {reason === 'preferred' ? (
              <div className={formActionsClass}>
                <Button variant="secondary" className={s.wrapButton} onClick={() => modal.send({ type: 'modal.verifyLater' })}>
                  <Trans id="verification.modal.later">Verify later</Trans>
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>
    </Modal>
  );
}
