import { Trans } from '@lingui/react/macro';
import type { ReactNode, SubmitEvent } from 'react';
import type { PaymentMethod } from '../../api/wallet';
import { Button } from '../../ui/Button';
import { FormError, formActionsClass, formClass } from '../../ui/Field';
import type { AmountBounds } from './errorMessages';
import { AmountField, MethodPicker } from './parts';
import { useCashierFormMessages, type CashierFormState } from './results';

/** What the deposit and the withdraw flows hold of their form (their contexts have it). */
export interface CashierFormContext extends CashierFormState {
  methods: readonly PaymentMethod[];
  recentMethodIds: readonly string[];
  methodId: string | null;
  amountText: string;
}

export interface CashierFormProps {
  context: CashierFormContext;
  currency: string;
  bounds: AmountBounds;
  /** The deposit's presets, each shown as money; none for a withdrawal. */
  presets?: readonly { units: number; label: string }[];
  /** The flow's request runs: the form is disabled and says so. */
  requesting: boolean;
  onMethod: (methodId: string) => void;
  onAmount: (text: string) => void;
  onSubmit: () => void;
  /** Notices and facts above the method (a limit close, what can be withdrawn). */
  before?: ReactNode;
  /** Notices below the amount (a withdrawal cannot be reversed). */
  after?: ReactNode;
  submitLabel: ReactNode;
}

/**
 * The cashier's form, as the deposit and the withdrawal show it (issue 22: written once): the
 * payment method, the amount with its bounds, each with its problem, a refusal naming no field,
 * and the submit button, which sends nothing while a request runs.
 */
export function CashierForm({ context, currency, bounds, presets, requesting, onMethod, onAmount, onSubmit, before, after, submitLabel }: CashierFormProps) {
  const { amountError, methodError, formError } = useCashierFormMessages(context, bounds);
  const { min, max } = bounds;
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!requesting) onSubmit();
  };
  return (
    <form className={formClass} noValidate onSubmit={submit} aria-busy={requesting}>
      {before}
      <MethodPicker
        methods={context.methods}
        recentMethodIds={context.recentMethodIds}
        selected={context.methodId}
        onSelect={onMethod}
        error={methodError}
        disabled={requesting}
      />
      <AmountField
        value={context.amountText}
        onChange={onAmount}
        currency={currency}
        presets={presets}
        hint={
          <Trans id="payAndPlay.amount.bounds">
            From {min} to {max}
          </Trans>
        }
        error={amountError}
        disabled={requesting}
      />
      {after}
      {formError !== null ? <FormError>{formError}</FormError> : null}
      <div className={formActionsClass}>
        <Button type="submit" disabled={requesting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
