import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_MAX_BYTES,
  PROOF_OF_ADDRESS_TYPES,
  SOURCE_OF_WEALTH_CODES,
  UPLOAD_CATEGORIES,
  UPLOAD_CATEGORY_TYPES,
  type UploadCategory,
} from '../../../machines/lib/kyc';
import { needsDepositMethod, needsDocumentType, stepStatus, tabOfStep, type VerificationStartPoint } from '../../../machines/lib/verification';
import { readyToUpload, type verificationMachine } from '../../../machines/verification.machine';
import type { DocumentsResponse } from '../../api/documents';
import { Button } from '../../ui/Button';
import { FieldFrame, FormError, formActionsClass, SelectField } from '../../ui/Field';
import { Loader } from '../../ui/Loader';
import { UPLOAD_ERROR_MESSAGES } from './errorMessages';
import { ADDRESS_TYPE_NAMES, SOURCE_OF_WEALTH_NAMES, STATUS_NAMES, STEP_HINTS, STEP_NAMES } from './labels';
import { REJECTION_REASON_MESSAGES } from './rejectionReasons';
import * as s from './verification.css';

export type VerificationActor = ActorRefFrom<typeof verificationMachine>;

/** The steps the player sees: the source of wealth only where its check applies or it was asked for (behaviour.md §5). */
export function shownSteps(documents: DocumentsResponse): UploadCategory[] {
  return UPLOAD_CATEGORIES.filter((step) => step !== 'SOW' || documents.sourceOfWealthCheck || stepStatus(documents, step) !== 'UNREQUESTED');
}

/** A size in kilobytes or megabytes, in the page's language. */
function useBytes() {
  const { i18n } = useLingui();
  return (bytes: number) =>
    bytes >= 1024 * 1024
      ? new Intl.NumberFormat(i18n.locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(bytes / (1024 * 1024))
      : new Intl.NumberFormat(i18n.locale, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(Math.max(1, Math.round(bytes / 1024)));
}

/**
 * The player's documents by step (product.md §3 "Documents"): each step's status, its files with
 * their status and, for a rejected one, the reason as a sentence that says what to do; an Upload
 * button per step opens the step (`step.select`, with where the player is).
 */
export function DocumentList({ flow, startPoint, only }: { flow: VerificationActor; startPoint: VerificationStartPoint; only?: readonly UploadCategory[] }) {
  const { i18n } = useLingui();
  const documents = useSelector(flow, (snapshot) => snapshot.context.documents);
  const listError = useSelector(flow, (snapshot) => snapshot.context.listError);
  const refreshing = useSelector(flow, (snapshot) => snapshot.hasTag('refreshing'));
  const current = useSelector(flow, (snapshot) => snapshot.context.step);
  if (documents === null) {
    return listError === null ? <Loader layout="inline" /> : <FormError>{i18n._(UPLOAD_ERROR_MESSAGES[listError.code])}</FormError>;
  }
  const steps = shownSteps(documents).filter((step) => only === undefined || only.includes(step));
  return (
    <>
      {listError === null ? null : <FormError>{i18n._(UPLOAD_ERROR_MESSAGES[listError.code])}</FormError>}
      <ul className={s.list} aria-busy={refreshing}>
        {steps.map((step) => {
          const status = stepStatus(documents, step);
          const files = documents.documents.filter((document) => document.documentTypeName === UPLOAD_CATEGORY_TYPES[step]);
          const nameId = `verification-row-${tabOfStep(step)}`;
          const statusName = i18n._(STATUS_NAMES[status]);
          return (
            <li key={step} className={s.row} aria-labelledby={nameId} data-testid={`document-${tabOfStep(step)}`}>
              <div>
                <h3 className={s.rowName} id={nameId}>
                  {i18n._(STEP_NAMES[step])}
                </h3>
                <p className={s.rowStatus} data-testid={`document-status-${tabOfStep(step)}`}>
                  <Trans id="verification.status.label">Status: {statusName}</Trans>
                </p>
              </div>
              <Button
                variant={status === 'REQUESTED' || status === 'EXPIRED' ? 'primary' : 'secondary'}
                className={s.wrapButton}
                aria-describedby={nameId}
                aria-pressed={current === step}
                onClick={() => flow.send({ type: 'step.select', step, startPoint })}
              >
                <Trans id="verification.upload.open">Upload</Trans>
              </Button>
              {files.length === 0 ? null : (
                <ul className={s.files}>
                  {files.map((file) => (
                    <li key={file.documentId}>
                      <span className={s.fileName}>{file.fileName ?? i18n._(STEP_NAMES[step])}</span>
                      {': '}
                      {i18n._(STATUS_NAMES[file.documentStatus])}
                      {file.rejectionReason === null ? null : <p className={s.reason}>{i18n._(REJECTION_REASON_MESSAGES[file.rejectionReason])}</p>}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}

/**
 * The chosen step (behaviour.md §4: pending, loading, pre-upload, upload, success, error,
 * uploaded): the document type or deposit method where the step has one, the file, Upload with
 * a progress bar of the bytes sent, the refusal translated with Try again (the file is kept).
 */
export function UploadStep({ flow, headingLevel = 2 }: { flow: VerificationActor; headingLevel?: 2 | 3 }) {
  const { i18n, t } = useLingui();
  const value = useSelector(flow, (snapshot) => snapshot.value.step);
  const context = useSelector(flow, (snapshot) => snapshot.context);
  const bytes = useBytes();
  const fileId = useId();
  const { step } = context;
  if (step === null) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const ready = readyToUpload(context);
  const busy = value === 'upload';
  const depositMethods = context.documents?.depositMethods ?? [];
  const stepName = i18n._(STEP_NAMES[step]);
  const maxSize = bytes(DOCUMENT_MAX_BYTES);
  const sent = bytes(context.sent);
  const total = bytes(context.total);
  return (
    <section className={s.step} aria-labelledby={`${fileId}-title`} data-testid="upload-step" data-tab={tabOfStep(step)}>
      <Heading className={s.stepTitle} id={`${fileId}-title`}>
        <Trans id="verification.step.title">Upload: {stepName}</Trans>
      </Heading>
      <p className={s.text}>{i18n._(STEP_HINTS[step])}</p>
      {value === 'loading' ? <Loader layout="inline" /> : null}
      {value === 'loadFailed' ? (
        <>
          <FormError>{i18n._(UPLOAD_ERROR_MESSAGES[context.error?.code ?? 'unknown'])}</FormError>
          <div className={formActionsClass}>
            <Button onClick={() => flow.send({ type: 'step.retry' })}>
              <Trans id="common.tryAgain">Try again</Trans>
            </Button>
          </div>
        </>
      ) : null}
      {value === 'uploaded' ? (
        <p className={s.success} role="status">
          <Trans id="verification.step.alreadySent">We have this document already. You will hear from us once it has been reviewed.</Trans>
        </p>
      ) : null}
      {value === 'success' ? (
        <p className={s.success} role="status">
          <Trans id="verification.step.success">Thank you. Your document has been uploaded and is now under review.</Trans>
        </p>
      ) : null}
      {value === 'pending' || value === 'preUpload' || value === 'upload' || value === 'error' || (value === 'success' && (step === 'POP' || step === 'OTHER')) ? (
        <form
          className={s.step}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            flow.send({ type: value === 'error' ? 'upload.retry' : 'upload.start' });
          }}
        >
          {needsDocumentType(step) ? (
            <ChoiceField
              label={t({ id: 'verification.documentType', message: 'What kind of document is it?' })}
              value={context.documentType}
              options={
                step === 'POA'
                  ? PROOF_OF_ADDRESS_TYPES.map((type) => ({ value: type, name: i18n._(ADDRESS_TYPE_NAMES[type]) }))
                  : SOURCE_OF_WEALTH_CODES.map((code) => ({ value: code, name: i18n._(SOURCE_OF_WEALTH_NAMES[code]) }))
              }
              disabled={busy}
              onChoose={(documentType) => flow.send({ type: 'documentType.select', documentType })}
            />
          ) : null}
          {needsDepositMethod(step) ? (
            depositMethods.length === 0 ? (
              <p className={s.text}>
                <Trans id="verification.payment.none">You have not deposited yet, so there is no payment to prove.</Trans>
              </p>
            ) : (
              <ChoiceField
                label={t({ id: 'verification.depositMethod', message: 'Which payment method is it for?' })}
                value={context.depositMethod}
                options={depositMethods.map((method) => ({ value: method, name: method }))}
                disabled={busy}
                onChoose={(depositMethod) => flow.send({ type: 'depositMethod.select', depositMethod })}
              />
            )
          ) : null}
          <FieldFrame
            label={t({ id: 'verification.file', message: 'Your file' })}
            hint={t({ id: 'verification.file.hint', message: `A photo (JPEG, PNG, WebP, HEIC) or a PDF, up to ${maxSize}.` })}
          >
            {(control) => (
              <input
                {...control}
                className={s.fileInput}
                type="file"
                accept={DOCUMENT_ACCEPT}
                disabled={busy}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file !== undefined) flow.send({ type: 'file.choose', file });
                }}
              />
            )}
          </FieldFrame>
          {context.file === null ? null : <ChosenFileLine name={context.file.name} size={bytes(context.file.size)} />}
          {busy ? (
            <div>
              <progress className={s.progress} value={context.sent} max={Math.max(context.total, 1)} aria-label={t({ id: 'verification.progress', message: 'Upload progress' })} />
              <p className={s.text} role="status">
                <Trans id="verification.progress.sent">
                  {sent} of {total} sent
                </Trans>
              </p>
            </div>
          ) : null}
          {value === 'error' && context.error !== null ? (
            <p className={s.errorText} role="alert">
              {i18n._(UPLOAD_ERROR_MESSAGES[context.error.code])}
            </p>
          ) : null}
          {value === 'pending' || (value === 'success' && context.file === null) ? null : (
            <div className={formActionsClass}>
              <Button type="submit" disabled={!ready || busy} className={s.wrapButton}>
                {value === 'error' ? <Trans id="common.tryAgain">Try again</Trans> : <Trans id="verification.upload.send">Upload document</Trans>}
              </Button>
            </div>
          )}
        </form>
      ) : null}
    </section>
  );
}

/** A required choice of the step (its document type, its deposit method): nothing chosen at first. */
function ChoiceField({ label, value, options, disabled, onChoose }: { label: string; value: string | null; options: readonly { value: string; name: string }[]; disabled: boolean; onChoose: (value: string) => void }) {
  const { t } = useLingui();
  return (
    <SelectField label={label} value={value ?? ''} disabled={disabled} required onChange={(event) => onChoose(event.target.value)}>
      <option value="" disabled>
        {t({ id: 'verification.choose', message: 'Choose…' })}
      </option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.name}
        </option>
      ))}
    </SelectField>
  );
}

function ChosenFileLine({ name, size }: { name: string; size: string }) {
  return (
    <p className={s.chosen} data-testid="chosen-file">
      <Trans id="verification.file.chosen">
        Chosen: {name} ({size})
      </Trans>
    </p>
  );
}
