import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { sessionMachine } from '../../../machines/session.machine';
import { CardSection } from '../../ui/CardSection';
import { PageFrame } from '../../ui/PageFrame';
import { Loader } from '../../ui/Loader';
import { DocumentList, UploadStep, type VerificationActor } from './DocumentsPanel';
import * as s from './verification.css';

/**
 * /my-account/account/verification (product.md §2 "tabs: account, verification"; §3 "Documents"):
 * the player's documents by step with their statuses and rejection reasons, and the chosen step's
 * upload. The session's verification flow, started by the account area, holds both.
 */
export function VerificationPage({ session }: { session: ActorRefFrom<typeof sessionMachine> }) {
  const flow = useSelector(session, (snapshot) => snapshot.context.flows.verification);
  return (
    <PageFrame className={s.page} title={<Trans id="account.nav.verification">Identity verification</Trans>}>
      <CardSection headingId="verification-documents" heading={<Trans id="verification.documents">Your documents</Trans>}>
        <p className={s.text}>
          <Trans id="verification.intro">Choose a document to upload it. We review each document and tell you here when it is approved or if we need another one.</Trans>
        </p>
        {flow === null ? <Loader layout="inline" /> : <DocumentList flow={flow} startPoint="verification" />}
      </CardSection>
      {flow === null ? null : <ChosenStep flow={flow} />}
    </PageFrame>
  );
}

/** The step chosen in the list, on its own card (beside the list from lg up). */
function ChosenStep({ flow }: { flow: VerificationActor }) {
  const chosen = useSelector(flow, (snapshot) => snapshot.context.step !== null);
  return chosen ? (
    <div className={s.section}>
      <UploadStep flow={flow} />
    </div>
  ) : null;
}
