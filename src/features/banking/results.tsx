import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { DepositAmountProblem, DepositError } from '../../../machines/deposit.machine';
import type { WithdrawAmountProblem, WithdrawError } from '../../../machines/withdraw.machine';
import { Button } from '../../ui/Button';
import { formActionsClass } from '../../ui/Field';
import { amountProblemMessage, cashierErrorMessage, cashierFieldMessage, METHOD_MISSING, type AmountBounds } from './errorMessages';
import { Notice, NoticeText, type NoticeTone, type SessionRef } from './parts';

// The views the deposit and the withdrawal share (issue 22 "Rules written once"): each result of
// the cashier check (machines/cashierCheck.machine.ts, behaviour.md §4's table) and of a request
// is shown by one component here, whichever flow reached it.

/** The flows' states that show a result of behaviour.md §4's table instead of the form. */
export type CheckResultState = 'verifyDocument' | 'underReview' | 'documentsRequired' | 'documentsStrict' | 'limitReached' | 'restricted' | 'refused';

/** A refusal, a restriction and strict documents are errors; documents asked for and a limit reached are warnings. */
function resultTone(state: CheckResultState): NoticeTone {
  return state === 'refused' || state === 'restricted' || state === 'documentsStrict' ? 'error' : 'warning';
}

/** "Try again": the flow starts afresh (`deposit.clear`, `withdraw.clear`). */
export function RetryButton({ onRetry }: { onRetry: () => void }) {
  return (
    <Button onClick={onRetry}>
      <Trans id="common.tryAgain">Try again</Trans>
    </Button>
  );
}

/**
 * A result of the table instead of the form: its text (`children`: the status's message, or what
 * replaces it, and its facts) in a notice of the result's tone, then `actions` when there are any
 * to offer (the postponement, the way to the limits, "Try again" after a refusal).
 */
export function CheckResult({ state, actions, children }: { state: CheckResultState; actions?: ReactNode; children: ReactNode }) {
  return (
    <>
      <Notice tone={resultTone(state)} announce>
        {children}
      </Notice>
      {actions === undefined ? null : <div className={formActionsClass}>{actions}</div>}
    </>
  );
}

/** A call of the flow failed (the check, the methods): its code's message and "Try again". */
export function CheckFailed({ code, onRetry }: { code: DepositError['code'] | WithdrawError['code'] | undefined; onRetry: () => void }) {
  const { i18n } = useLingui();
  return (
    <>
      <Notice tone="error" announce>
        <NoticeText>{i18n._(cashierErrorMessage(code ?? 'unknown'))}</NoticeText>
      </Notice>
      <div className={formActionsClass}>
        <RetryButton onRetry={onRetry} />
      </div>
    </>
  );
}

/** The operation is not offered to this player (deposit off, no withdrawal access, a suspended account). */
export function NotOffered({ message, announce = false }: { message: MessageDescriptor; announce?: boolean }) {
  const { i18n } = useLingui();
  return (
    <Notice tone="error" announce={announce}>
      <NoticeText>{i18n._(message)}</NoticeText>
    </Notice>
  );
}

/** What the deposit and the withdraw forms show of their problems and of a refused request. */
export interface CashierFormState {
  amountProblem: DepositAmountProblem | WithdrawAmountProblem | null;
  methodMissing: boolean;
  error: DepositError | WithdrawError | null;
}

/**
 * The form's messages: the amount's own problem or the platform's code for it, the method's, and
 * a refusal that names no field.
 */
export function useCashierFormMessages(form: CashierFormState, bounds: AmountBounds) {
  const { i18n } = useLingui();
  const fieldCode = (field: string) => form.error?.fieldErrors.find((item) => item.field === field)?.code;
  const amountServerCode = fieldCode('amount');
  const methodServerCode = fieldCode('methodId');
  const amountError =
    form.amountProblem !== null
      ? i18n._(amountProblemMessage(form.amountProblem, bounds))
      : amountServerCode === undefined
        ? undefined
        : i18n._(cashierFieldMessage(amountServerCode, bounds));
  const methodError = form.methodMissing ? i18n._(METHOD_MISSING) : methodServerCode === undefined ? undefined : i18n._(cashierFieldMessage(methodServerCode, bounds));
  const formError = form.error !== null && form.error.fieldErrors.length === 0 ? i18n._(cashierErrorMessage(form.error.code)) : null;
  return { amountError, methodError, formError };
}

/**
 * Issue 23: a document result of the check (verify-document, required, strict) opens the
 * verification modal (the session's verificationModal flow, started by the route) with where the
 * player is; after an upload the modal checks the deposit or withdrawal again, the amount and the
 * method as typed (`deposit.resume`, `withdraw.resume`). A withdrawal under review goes on by itself
 * when the operator decides (machines/withdraw.machine.ts `watchReview`).
 */
export function UploadDocumentsButton({
  session,
  startPoint,
  state,
  daysLeft = null,
}: {
  session: SessionRef;
  startPoint: 'deposit' | 'withdraw';
  state: CheckResultState;
  daysLeft?: number | null;
}) {
  const modal = useSelector(session, (snapshot) => snapshot.context.flows.verificationModal);
  if (modal === null || (state !== 'verifyDocument' && state !== 'documentsRequired' && state !== 'documentsStrict')) return null;
  const reason = state === 'verifyDocument' ? 'preferred' : state === 'documentsStrict' ? 'strict' : 'required';
  return (
    <Button onClick={() => modal.send({ type: 'modal.open', startPoint, reason, daysLeft })}>
      <Trans id="banking.documents.upload">Upload documents</Trans>
    </Button>
  );
}
