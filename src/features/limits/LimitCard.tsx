import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, type ReactNode, type SubmitEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import {
  isCalling,
  limitMaximumCents,
  limitOf,
  type gamblingLimitsMachine,
  type LimitFailure,
  type LimitKey,
  type LimitSuccess,
} from '../../../machines/gamblingLimits.machine';
import { LIMIT_MAX_AMOUNT, LIMIT_MIN_AMOUNT, LIMIT_WARNING_RATIO, type LimitDuration, type LimitKind } from '../../../machines/lib/responsibleGambling';
import type { Limit } from '../../api/responsibleGambling';
import { Button } from '../../ui/Button';
import { Facts } from '../../ui/Facts';
import { FormError, TextField } from '../../ui/Field';
import { normaliseAmountInput, type MoneyFormat } from '../../ui/money';
import { Countdown } from './Countdown';
import { limitDraftMessage, limitErrorMessage, type LimitBounds } from './errorMessages';
import { dateOf } from '../../ui/dates';
import { displayDateTime } from './format';
import * as s from './limits.css';

export type GamblingLimitsActor = ActorRefFrom<typeof gamblingLimitsMachine>;

/** product.md §3 "Limit types: deposit, loss" and the periods D, W, M: each limit's name. */
const LIMIT_NAMES: Readonly<Record<LimitKind, Readonly<Record<LimitDuration, MessageDescriptor>>>> = {
  deposit: {
    D: msg({ id: 'limits.deposit.D', message: 'Daily deposit limit' }),
    W: msg({ id: 'limits.deposit.W', message: 'Weekly deposit limit' }),
    M: msg({ id: 'limits.deposit.M', message: 'Monthly deposit limit' }),
  },
  spend: {
    D: msg({ id: 'limits.spend.D', message: 'Daily loss limit' }),
    W: msg({ id: 'limits.spend.W', message: 'Weekly loss limit' }),
    M: msg({ id: 'limits.spend.M', message: 'Monthly loss limit' }),
  },
};

function sameLimit(a: LimitKey | null, key: LimitKey): boolean {
  return a !== null && a.kind === key.kind && a.duration === key.duration;
}


/** What a successful call did, for the card's status line (the platform's answer says whether it waits). */
function successMessage(success: LimitSuccess): MessageDescriptor {
  switch (success.operation) {
    case 'save':
      return success.pending
        ? msg({ id: 'limits.done.pending', message: 'Saved. Your higher limit applies after the cooling-off period shown below.' })
        : msg({ id: 'limits.done.applied', message: 'Saved. Your new limit applies now.' });
    case 'delete':
      return success.pending
        ? msg({ id: 'limits.done.removePending', message: 'Saved. The limit is removed after the cooling-off period shown below.' })
        : msg({ id: 'limits.done.removed', message: 'The limit is removed.' });
    case 'cancelPending':
      return msg({ id: 'limits.done.cancelled', message: 'The pending change is cancelled. Your current limit stays.' });
  }
}

export interface LimitCardProps extends LimitKey {
  flow: GamblingLimitsActor;
  money: MoneyFormat;
  locale: string;
}

/**
 * One limit of one period (product.md §3): its value, what is used and what remains, the current
 * period (when it started, when it resets), when it was last changed, the 80 % warning, and a
 * pending change with its date and the time left; then its controls: edit (the editor with the
 * amount), remove, and cancel the pending change, each with its loading state and its error here.
 */
export function LimitCard({ flow, kind, duration, money, locale }: LimitCardProps) {
  const { i18n } = useLingui();
  const key: LimitKey = { kind, duration };
  const limit = useSelector(flow, (snapshot) => limitOf(snapshot.context, key));
  const editing = useSelector(flow, (snapshot) => sameLimit(snapshot.context.editor, key));
  const busy = useSelector(flow, (snapshot) => snapshot.hasTag('busy'));
  const call = useSelector(flow, (snapshot) => snapshot.context.call);
  const failure = useSelector(flow, (snapshot) => (sameLimit(snapshot.context.failure, key) ? snapshot.context.failure : null));
  const success = useSelector(flow, (snapshot) => (sameLimit(snapshot.context.success, key) ? snapshot.context.success : null));
  const rules = useSelector(flow, (snapshot) => snapshot.context.rules);
  const headingId = useId();
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(editing);
  // The editor closed (saved or cancelled): the focus goes back to the button that opened it.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  if (limit === undefined) return null;
  const name = i18n._(LIMIT_NAMES[kind][duration]);
  const cap = limitMaximumCents(rules, key);
  const bounds: LimitBounds = { min: money.units(LIMIT_MIN_AMOUNT), max: money.cents(cap) };
  const hasCap = cap < LIMIT_MAX_AMOUNT * 100;
  // What the card's two actions share: small, waiting while a call runs, described by the card's heading.
  const actionProps = { size: 'sm', className: s.wrapButton, disabled: busy, 'aria-describedby': headingId } as const;

  return (
    <li className={s.period} aria-labelledby={headingId} data-testid={`limit-${kind}-${duration}`}>
      <h3 className={s.periodTitle} id={headingId}>
        {name}
      </h3>
      {limit.locked ? (
        <span className={s.badge}>
          <Trans id="limits.locked">Required in your market</Trans>
        </span>
      ) : null}
      {limit.warning ? <WarningNotice locale={locale} /> : null}
      <LimitFacts limit={limit} money={money} locale={locale} />
      {limit.pendingDate !== null ? (
        <PendingChange
          flow={flow}
          limitKey={key}
          limit={limit}
          money={money}
          locale={locale}
          busy={busy}
          cancelling={isCalling({ call }, key, 'cancelPending')}
          failure={failure}
          bounds={bounds}
        />
      ) : null}
      {editing ? (
        <LimitEditor flow={flow} limitKey={key} name={name} bounds={bounds} hasCap={hasCap} busy={busy} saving={isCalling({ call }, key, 'save')} />
      ) : (
        <div className={s.actions}>
          <Button
            ref={editButton}
            variant="secondary"
            {...actionProps}
            onClick={() => flow.send({ type: 'limit.edit', kind, duration })}
          >
            {limit.value === null ? <Trans id="limits.set">Set a limit</Trans> : <Trans id="limits.change">Change limit</Trans>}
          </Button>
          {limit.value !== null && !limit.locked && !limit.pendingDelete ? (
            <Button variant="ghost" {...actionProps} onClick={() => flow.send({ type: 'limit.delete', kind, duration })}>
              {isCalling({ call }, key, 'delete') ? <Trans id="limits.removing">Removing…</Trans> : <Trans id="limits.remove">Remove limit</Trans>}
            </Button>
          ) : null}
        </div>
      )}
      {failure !== null && failure.operation === 'delete' ? <FormError>{i18n._(limitErrorMessage(failure.error, duration, bounds))}</FormError> : null}
      <p className={s.status} role="status">
        {success === null ? null : i18n._(successMessage(success))}
      </p>
    </li>
  );
}

function WarningNotice({ locale }: { locale: string }) {
  const percent = new Intl.NumberFormat(locale, { style: 'percent' }).format(LIMIT_WARNING_RATIO);
  return (
    <div className={s.notice({ tone: 'warning' })} data-testid="limit-warning">
      <p className={s.noticeText}>
        <Trans id="limits.warning">You have used {percent} or more of this limit in the current period.</Trans>
      </p>
    </div>
  );
}

function LimitFacts({ limit, money, locale }: { limit: Limit; money: MoneyFormat; locale: string }) {
  const when = (iso: string | null) => {
    const date = dateOf(iso);
    return date === null ? null : <time dateTime={iso ?? undefined}>{displayDateTime(date, locale)}</time>;
  };
  if (limit.value === null) {
    return (
      <p className={s.text}>
        <Trans id="limits.none">No limit set.</Trans>
      </p>
    );
  }
  const items: { term: ReactNode; value: ReactNode; testId?: string }[] = [
    { term: <Trans id="limits.value">Limit</Trans>, value: money.wire(limit.value), testId: 'limit-value' },
    { term: <Trans id="limits.used">Used</Trans>, value: money.wire(limit.used) },
    { term: <Trans id="limits.remaining">Remaining</Trans>, value: limit.remaining === null ? null : money.wire(limit.remaining), testId: 'limit-remaining' },
  ];
  const started = when(limit.startedAt);
  const resets = when(limit.resetAt);
  const updated = when(limit.updatedAt);
  if (started !== null) items.push({ term: <Trans id="limits.periodStarted">Period started</Trans>, value: started });
  if (resets !== null) items.push({ term: <Trans id="banking.limit.resetsOn">Resets on</Trans>, value: resets });
  if (updated !== null) items.push({ term: <Trans id="limits.updated">Last changed</Trans>, value: updated });
  return <Facts layout="inline" items={items.filter((item) => item.value !== null)} />;
}

function PendingChange({
  flow,
  limitKey,
  limit,
  money,
  locale,
  busy,
  cancelling,
  failure,
  bounds,
}: {
  flow: GamblingLimitsActor;
  limitKey: LimitKey;
  limit: Limit;
  money: MoneyFormat;
  locale: string;
  busy: boolean;
  cancelling: boolean;
  failure: LimitFailure | null;
  bounds: LimitBounds;
}) {
  const { i18n } = useLingui();
  const due = dateOf(limit.pendingDate);
  if (due === null) return null;
  const date = displayDateTime(due, locale);
  const amount = limit.pendingValue === null ? '' : money.wire(limit.pendingValue);
  return (
    <div className={s.notice({ tone: 'info' })} data-testid="limit-pending">
      <p className={s.noticeText}>
        {limit.pendingDelete ? (
          <Trans id="limits.pending.delete">This limit will be removed on {date}.</Trans>
        ) : (
          <Trans id="limits.pending.value">
            Your limit changes to {amount} on {date}.
          </Trans>
        )}
      </p>
      <Countdown until={due} locale={locale} />
      <div className={s.actions}>
        <Button
          variant="secondary"
          size="sm"
          className={s.wrapButton}
          disabled={busy}
          onClick={() => flow.send({ type: 'limit.cancelPending', kind: limitKey.kind, duration: limitKey.duration })}
        >
          {cancelling ? <Trans id="banking.pending.cancelling">Cancelling…</Trans> : <Trans id="limits.pending.cancel">Cancel this change</Trans>}
        </Button>
      </div>
      {failure !== null && failure.operation === 'cancelPending' ? (
        <FormError>{i18n._(limitErrorMessage(failure.error, limitKey.duration, bounds))}</FormError>
      ) : null}
    </div>
  );
}

function LimitEditor({
  flow,
  limitKey,
  name,
  bounds,
  hasCap,
  busy,
  saving,
}: {
  flow: GamblingLimitsActor;
  limitKey: LimitKey;
  name: string;
  bounds: LimitBounds;
  hasCap: boolean;
  busy: boolean;
  saving: boolean;
}) {
  const { i18n, t } = useLingui();
  const editor = useSelector(flow, (snapshot) => snapshot.context.editor);
  const currency = useSelector(flow, (snapshot) => snapshot.context.currency);
  const failure = useSelector(flow, (snapshot) =>
    snapshot.context.failure?.operation === 'save' && sameLimit(snapshot.context.failure, limitKey) ? snapshot.context.failure : null,
  );
  const input = useRef<HTMLInputElement>(null);
  const problem = editor?.problem ?? null;
  // Opened: the field takes the focus. Refused (here or by the platform): back to the field, which
  // names its error (aria-describedby).
  useEffect(() => {
    input.current?.focus();
  }, [problem, failure]);
  if (editor === null) return null;

  const error =
    problem !== null
      ? i18n._(limitDraftMessage(problem, limitKey.duration, bounds))
      : failure !== null
        ? i18n._(limitErrorMessage(failure.error, limitKey.duration, bounds))
        : undefined;
  const { min, max } = bounds;
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) flow.send({ type: 'limit.save' });
  };
  return (
    <form className={s.editor} noValidate onSubmit={submit} aria-busy={saving}>
      <TextField
        ref={input}
        name="limit"
        inputMode="decimal"
        autoComplete="off"
        required
        value={editor.draft}
        readOnly={saving}
        onChange={(event) => flow.send({ type: 'limit.change', value: normaliseAmountInput(event.target.value) })}
        label={t({ id: 'limits.field.label', message: `${name} (${currency})` })}
        hint={
          hasCap ? (
            <Trans id="payAndPlay.amount.bounds">
              From {min} to {max}
            </Trans>
          ) : (
            <Trans id="limits.field.min">At least {min}</Trans>
          )
        }
        error={error}
      />
      <div className={s.actions}>
        <Button type="submit" size="sm" className={s.wrapButton} disabled={busy}>
          {saving ? <Trans id="common.saving">Saving…</Trans> : <Trans id="limits.save">Save limit</Trans>}
        </Button>
        <Button variant="ghost" size="sm" className={s.wrapButton} disabled={saving} onClick={() => flow.send({ type: 'limit.close' })}>
          <Trans id="limits.editCancel">Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
