import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { sessionMachine } from '../../../machines/session.machine';
import type { PaymentMethod } from '../../api/wallet';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import * as s from './banking.css';
import { normaliseAmountInput } from '../../ui/money';

// Pieces the deposit, withdraw and history screens share.

/** The session actor, as the banking screens receive it. */
export type SessionRef = ActorRefFrom<typeof sessionMachine>;

/**
 * The cashier's steps before its form, the same in the deposit and the withdrawal (not started, the
 * operation check, the payment methods and, issue 24, the bonuses loading): one loader, until the form or a result shows.
 */
const CASHIER_PREPARING = ['inactive', 'checking', 'loadingMethods', 'loadingBonuses'] as const;
type CashierPreparing = (typeof CASHIER_PREPARING)[number];

export function isCashierPreparing<Step extends string>(step: Step): step is Extract<Step, CashierPreparing> {
  return (CASHIER_PREPARING as readonly string[]).includes(step);
}

export type NoticeTone = 'info' | 'success' | 'warning' | 'error';

/**
 * An outcome in a box. `announce`: a status appears (role=status, polite) or an error (role=alert);
 * a notice that is on the page from the start needs none.
 */
export function Notice({ tone = 'info', announce = false, children }: { tone?: NoticeTone; announce?: boolean; children: ReactNode }) {
  const role = announce ? (tone === 'error' ? 'alert' : 'status') : undefined;
  return (
    <div className={s.notice({ tone })} role={role}>
      {children}
    </div>
  );
}

export function NoticeText({ children }: { children: ReactNode }) {
  return <p className={s.noticeText}>{children}</p>;
}


/** The methods in the cashier's order with the recent ones first (the most recent first). */
export function recentFirst(methods: readonly PaymentMethod[], recentMethodIds: readonly string[]): PaymentMethod[] {
  const rank = (id: string) => {
    const index = recentMethodIds.indexOf(id);
    return index === -1 ? recentMethodIds.length : index;
  };
  return methods.map((method, order) => ({ method, order })).sort((a, b) => rank(a.method.id) - rank(b.method.id) || a.order - b.order).map(({ method }) => method);
}

export interface MethodPickerProps {
  methods: readonly PaymentMethod[];
  recentMethodIds: readonly string[];
  selected: string | null;
  onSelect: (methodId: string) => void;
  error?: ReactNode;
  disabled?: boolean;
}

/** The payment methods as a radio group, each with its logo (its own width and height) and name. */
export function MethodPicker({ methods, recentMethodIds, selected, onSelect, error, disabled = false }: MethodPickerProps) {
  const errorId = useId();
  const ordered = recentFirst(methods, recentMethodIds);
  const recent = new Set(recentMethodIds);
  return (
    <fieldset className={s.fieldset} aria-describedby={error ? errorId : undefined} disabled={disabled}>
      <legend className={s.legend}>
        <Trans id="banking.method.legend">Payment method</Trans>
      </legend>
      <div className={s.methods}>
        {ordered.map((method) => (
          <label key={method.id} className={s.method}>
            <input
              type="radio"
              name="methodId"
              value={method.id}
              className={s.methodRadio}
              checked={selected === method.id}
              aria-invalid={error ? true : undefined}
              onChange={() => onSelect(method.id)}
            />
            <img className={s.methodLogo} src={method.logo.src} width={method.logo.width} height={method.logo.height} alt="" />
            <span className={s.methodBody}>
              <span className={s.methodName}>{method.name}</span>
              {recent.has(method.id) ? (
                <span className={s.recentBadge}>
                  <Trans id="banking.method.recent">Recently used</Trans>
                </span>
              ) : null}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className={s.fieldError}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export interface AmountFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The currency's code, named in the label ("Amount (EUR)"). */
  currency: string;
  hint: ReactNode;
  error?: ReactNode;
  /** Whole amounts offered as buttons (the deposit's presets), each shown as money. */
  presets?: readonly { units: number; label: string }[];
  disabled?: boolean;
}

/** The amount: typed (decimal comma or point) or chosen from the presets. */
export function AmountField({ value, onChange, currency, hint, error, presets = [], disabled = false }: AmountFieldProps) {
  const { t } = useLingui();
  return (
    <div className={s.fieldset}>
      {presets.length > 0 ? (
        <div className={s.presets} role="group" aria-label={t({ id: 'banking.amount.presets', message: 'Quick amounts' })}>
          {presets.map((preset) => (
            <Button
              key={preset.units}
              variant="secondary"
              size="sm"
              className={s.preset}
              aria-pressed={value === String(preset.units)}
              disabled={disabled}
              onClick={() => onChange(String(preset.units))}
            >
              {preset.label}
            </Button>
          ))}
        </div>
      ) : null}
      <TextField
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        required
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(normaliseAmountInput(event.target.value))}
        label={t({ id: 'banking.amount.label', message: `Amount (${currency})` })}
        hint={hint}
        error={error}
      />
    </div>
  );
}
