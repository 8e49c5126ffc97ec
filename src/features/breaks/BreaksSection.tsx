import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { BreakChoice, BreakKind, exclusionMachine } from '../../../machines/exclusion.machine';
import { breakEnd } from '../../../machines/lib/responsibleGambling';
import type { sessionMachine } from '../../../machines/session.machine';
import { Button } from '../../ui/Button';
import { FormError, formClass } from '../../ui/Field';
import { Loader } from '../../ui/Loader';
import * as s from './breaks.css';
import { breakErrorMessage, lengthLabel } from './texts';
import { CardSection } from '../../ui/CardSection';

type SessionRef = ActorRefFrom<typeof sessionMachine>;
type ExclusionRef = ActorRefFrom<typeof exclusionMachine>;

const KIND_NAMES: Readonly<Record<BreakKind, MessageDescriptor>> = {
  coolingOff: msg({ id: 'breaks.coolingOff.legend', message: 'Cooling-off' }),
  timeout: msg({ id: 'breaks.timeout.legend', message: 'Time-out' }),
  exclusion: msg({ id: 'breaks.exclusion.legend', message: 'Self-exclusion' }),
};

/** A choice as a radio button's value ("coolingOff:7", "exclusion:indefinite") and back. */
function choiceValue(choice: BreakChoice): string {
  return choice.kind === 'coolingOff' ? `coolingOff:${choice.days}` : `${choice.kind}:${choice.months}`;
}
function choiceOf(value: string): BreakChoice | null {
  const [kind, length = ''] = value.split(':');
  const amount = Number(length);
  if (kind === 'coolingOff' && Number.isInteger(amount)) return { kind, days: amount };
  if (kind === 'timeout' && Number.isInteger(amount)) return { kind, months: amount };
  if (kind === 'exclusion') return { kind, months: length === 'indefinite' ? 'indefinite' : amount };
  return null;
}

/**
 * Breaks and self-exclusion on the gambling-limits page (issue 13 "Time-out, cooling-off,
 * self-exclusion"; behaviour.md §4): the session's `exclusion` flow, which the page's route starts
 * (`flow.start` with no input; the DE panic button starts it with `{ panic: true }`). The player
 * picks a length in one of three groups, reads what will happen and confirms; the platform's answer
 * ends the flow and the session logs the player out at once, with a toast saying until when.
 */
export function BreaksSection({ session }: { session: SessionRef }) {
  const flow = useSelector(session, (snapshot) => snapshot.context.flows.exclusion);
  return (
    <CardSection headingId="breaks-heading" heading={<Trans id="breaks.heading">Take a break</Trans>}>
      <p className={s.text}>
        <Trans id="breaks.intro">
          If you want to stop playing for a while, you can take a break here. It starts at once and cannot be undone before it ends.
        </Trans>
      </p>
      {flow === null ? <Loader layout="inline" /> : <Breaks key={flow.sessionId} flow={flow} />}
    </CardSection>
  );
}

function Breaks({ flow }: { flow: ExclusionRef }) {
  const step = useSelector(flow, (snapshot) =>
    snapshot.status === 'done'
      ? 'started'
      : snapshot.matches('loadingChoices') || snapshot.matches('starting')
        ? 'loading'
        : snapshot.hasTag('form')
          ? 'choosing'
          : 'confirming',
  );
  switch (step) {
    case 'loading':
      return <Loader layout="inline" />;
    case 'choosing':
      return <ChoiceForm flow={flow} />;
    case 'confirming':
      return <Confirmation flow={flow} />;
    case 'started':
      return (
        <p className={s.text} role="status">
          <Trans id="breaks.started">Your break has started. You are being logged out.</Trans>
        </p>
      );
  }
}

function ChoiceForm({ flow }: { flow: ExclusionRef }) {
  const { t, i18n } = useLingui();
  const choices = useSelector(flow, (snapshot) => snapshot.context.choices);
  const previous = useSelector(flow, (snapshot) => snapshot.context.choice);
  // Form state only: the radio that is checked until the player goes on.
  const [selected, setSelected] = useState(previous === null ? '' : choiceValue(previous));
  const [missing, setMissing] = useState(false);
  const errorId = useId();

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const choice = choiceOf(selected);
    setMissing(choice === null);
    if (choice !== null) flow.send({ type: 'exclusion.choose', choice });
  };
  const groups: { kind: BreakKind; hint: string; options: BreakChoice[] }[] = [
    {
      kind: 'coolingOff',
      hint: t({ id: 'breaks.coolingOff.hint', message: 'A short break of a few days.' }),
      options: choices.coolingOffDays.map((days) => ({ kind: 'coolingOff', days })),
    },
    {
      kind: 'timeout',
      hint: t({ id: 'breaks.timeout.hint', message: 'A longer break, counted in months.' }),
      options: choices.timeoutMonths.map((months) => ({ kind: 'timeout', months })),
    },
    {
      kind: 'exclusion',
      hint: t({
        id: 'breaks.exclusion.hint',
        message: 'If you feel you are losing control: you are closed to all play for at least six months, or for good.',
      }),
      options: [...choices.exclusionMonths.map((months): BreakChoice => ({ kind: 'exclusion', months })), { kind: 'exclusion', months: 'indefinite' }],
    },
  ];

  return (
    <form className={formClass} noValidate onSubmit={submit} aria-describedby={missing ? errorId : undefined}>
      <div className={s.groups}>
        {groups.map(({ kind, hint, options }) => (
          <fieldset key={kind} className={s.fieldset} aria-describedby={`${errorId}-${kind}`}>
            <legend className={s.legend}>{i18n._(KIND_NAMES[kind])}</legend>
            <p className={s.hint} id={`${errorId}-${kind}`}>
              {hint}
            </p>
            <div className={s.options}>
              {options.map((choice) => {
                const value = choiceValue(choice);
                return (
                  <label key={value} className={s.option}>
                    <input
                      type="radio"
                      name="break"
                      className={s.radio}
                      value={value}
                      checked={selected === value}
                      onChange={() => {
                        setSelected(value);
                        setMissing(false);
                      }}
                    />
                    {lengthLabel(i18n, choice)}
                  </label>
                );
              })}
            </div>
          </fieldset>
        ))}
      </div>
      {missing ? (
        <div id={errorId}>
          <FormError>
            <Trans id="breaks.choose.missing">Choose how long your break should be.</Trans>
          </FormError>
        </div>
      ) : null}
      <div className={s.actions}>
        <Button type="submit">
          <Trans id="signup.next">Continue</Trans>
        </Button>
      </div>
    </form>
  );
}

/** When the break ends, from now, in the player's locale and time zone; null for an indefinite exclusion. */
function endOf(i18n: I18n, choice: BreakChoice, now: number): string | null {
  if (choice.kind === 'coolingOff') return i18n.date(breakEnd(new Date(now), { days: choice.days }), { dateStyle: 'long', timeStyle: 'short' });
  if (choice.months === 'indefinite') return null;
  return i18n.date(breakEnd(new Date(now), { months: choice.months }), { dateStyle: 'long' });
}

function Confirmation({ flow }: { flow: ExclusionRef }) {
  const { i18n } = useLingui();
  const choice = useSelector(flow, (snapshot) => snapshot.context.choice);
  const busy = useSelector(flow, (snapshot) => snapshot.hasTag('loading'));
  const error = useSelector(flow, (snapshot) => (snapshot.hasTag('error') ? snapshot.context.error : null));
  // UI-only: the moment the confirmation opened, to say until when the break would last.
  const [now] = useState(() => Date.now());
  const heading = useRef<HTMLHeadingElement>(null);
  // The step changed under the player's focus: take it to the new step's heading (screen readers read it).
  useEffect(() => heading.current?.focus(), []);
  if (choice === null) return null;
  const kind = i18n._(KIND_NAMES[choice.kind]);
  const length = lengthLabel(i18n, choice);
  const until = endOf(i18n, choice, now);
  return (
    <div className={formClass} aria-busy={busy}>
      <h3 className={s.legend} ref={heading} tabIndex={-1}>
        <Trans id="breaks.confirm.heading">
          Please confirm: {kind}, {length}
        </Trans>
      </h3>
      <ul className={s.consequences}>
        <li>
          <Trans id="breaks.confirm.logout">You will be logged out at once, and any open game will close.</Trans>
        </li>
        <li>
          {until === null ? (
            <Trans id="breaks.confirm.noLogin.indefinite">You will not be able to log in again: this has no end date.</Trans>
          ) : (
            <Trans id="breaks.confirm.noLogin">You will not be able to log in until {until}.</Trans>
          )}
        </li>
        <li>
          {choice.kind === 'exclusion' ? (
            <Trans id="breaks.confirm.balance.exclusion">Your balance will be paid back to the payment method you last deposited with.</Trans>
          ) : (
            <Trans id="breaks.confirm.balance.break">Your balance stays in your account for when you come back.</Trans>
          )}
        </li>
        <li>
          <Trans id="breaks.confirm.final">Once it has started, it cannot be cancelled or shortened.</Trans>
        </li>
      </ul>
      {error ? <FormError>{i18n._(breakErrorMessage(error.code))}</FormError> : null}
      <div className={s.actions}>
        <Button variant="secondary" disabled={busy} onClick={() => flow.send({ type: 'exclusion.back' })}>
          <Trans id="common.back">Back</Trans>
        </Button>
        {error ? (
          <Button onClick={() => flow.send({ type: 'exclusion.retry' })}>
            <Trans id="common.tryAgain">Try again</Trans>
          </Button>
        ) : (
          <Button disabled={busy} onClick={() => flow.send({ type: 'exclusion.confirm' })}>
            {busy ? <Trans id="breaks.confirm.busy">Starting…</Trans> : <Trans id="breaks.confirm.submit">Start my break now</Trans>}
          </Button>
        )}
      </div>
    </div>
  );
}
