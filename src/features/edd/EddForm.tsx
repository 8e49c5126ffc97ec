import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, type ReactNode, type SubmitEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { EDD_OTHER, EDD_OTHER_TEXT_MAX, type EddField } from '../../../machines/lib/edd';
import type { eddMachine } from '../../../machines/edd.machine';
import type { sessionMachine } from '../../../machines/session.machine';
import type { EddLists, EddOption } from '../../api/edd';
import { Button } from '../../ui/Button';
import { CardSection } from '../../ui/CardSection';
import { commonFlowErrors } from '../../ui/commonErrors';
import { FormError, formActionsClass, formClass, SelectField, TextField } from '../../ui/Field';
import * as s from './edd.css';
import { LoadFailed } from '../../ui/LoadFailed';
import { FIELD_ERRORS, FIELD_LABELS, SEND_ERRORS } from './texts';

type SessionRef = ActorRefFrom<typeof sessionMachine>;
type EddActor = ActorRefFrom<typeof eddMachine>;

/**
 * The enhanced-due-diligence questionnaire (product.md §3 "EDD questionnaire"; behaviour.md §5 the
 * completeness rule; §7 /player/questionnaire/answer): shown only when the operator asked for it
 * (the KYC level EDD_PENDING), with the lists in the page's language from the platform; a send that
 * is incomplete or refused keeps what was typed and marks the fields; once sent, the answers show as
 * under review (and can change until reviewed). The session's edd flow, started by the route.
 */
export function EddForm({ session }: { session: SessionRef }) {
  const actor = useSelector(session, (snapshot) => snapshot.context.flows.edd);
  return actor === null ? null : <EddSection key={actor.sessionId} actor={actor} />;
}

function EddSection({ actor }: { actor: EddActor }) {
  const shown = useSelector(actor, (snapshot) => !snapshot.hasTag('loading') && !snapshot.matches('notAsked'));
  if (!shown) return null;
  return (
    <div className={s.frame}>
      <CardSection headingId="edd-questionnaire" heading={<Trans id="edd.heading">About you and your funds</Trans>}>
        <EddView actor={actor} />
      </CardSection>
    </div>
  );
}

function EddView({ actor }: { actor: EddActor }) {
  const { i18n } = useLingui();
  const lists = useSelector(actor, (snapshot) => snapshot.context.lists);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const loadFailed = useSelector(actor, (snapshot) => snapshot.hasTag('loadFailed'));
  const submitted = useSelector(actor, (snapshot) => snapshot.hasTag('submitted'));
  const approved = useSelector(actor, (snapshot) => snapshot.hasTag('approved'));

  if (loadFailed || lists === null) {
    return (
      <LoadFailed onRetry={() => actor.send({ type: 'edd.retry' })}>
        {error?.code === 'network' ? i18n._(commonFlowErrors.network) : <Trans id="edd.loadError">We could not load the questionnaire.</Trans>}
      </LoadFailed>
    );
  }
  if (submitted || approved) return <SentAnswers actor={actor} lists={lists} approved={approved} />;
  return <Questionnaire actor={actor} lists={lists} />;
}

function Questionnaire({ actor, lists }: { actor: EddActor; lists: EddLists }) {
  const { i18n } = useLingui();
  const answers = useSelector(actor, (snapshot) => snapshot.context.answers);
  const problems = useSelector(actor, (snapshot) => snapshot.context.problems);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const submitting = useSelector(actor, (snapshot) => snapshot.hasTag('submitting'));
  const sendFailed = useSelector(actor, (snapshot) => snapshot.matches('submitFailed'));
  const formRef = useRef<HTMLFormElement>(null);
  const tried = useRef(false);

  // After a refused send, the first marked field takes the focus (the player hears what is missing).
  useEffect(() => {
    if (!tried.current || problems.length === 0) return;
    tried.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [problems]);

  const problemOf = (field: EddField): ReactNode => {
    const problem = problems.find((item) => item.field === field);
    if (!problem) return undefined;
    // Built outside the call: a spread inside i18n._() breaks lingui extract (docs/CONTRIBUTING.md).
    const descriptor: MessageDescriptor = { ...FIELD_ERRORS[problem.code], values: { max: EDD_OTHER_TEXT_MAX } };
    return i18n._(descriptor);
  };
  const change = (field: EddField, value: string | number) => actor.send({ type: 'edd.change', field, value });
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    tried.current = true;
    actor.send({ type: 'edd.submit' });
  };
  const choose = <Trans id="edd.choose">Please choose…</Trans>;
  const select = (field: 'occupation' | 'sourceOfFunds' | 'placeOfBirth' | 'nationality', options: readonly EddOption[], autoComplete?: string) => (
    <SelectField
      className={s.select}
      label={i18n._(FIELD_LABELS[field])}
      error={problemOf(field)}
      value={answers[field]}
      disabled={submitting}
      autoComplete={autoComplete}
      onChange={(event) => change(field, event.target.value)}
    >
      <option value="">{choose}</option>
      {options.map((option) => (
        <option key={option.id} value={option.id}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );
  const otherText = (field: 'otherOccupation' | 'otherSourceOfFunds') => (
    <TextField
      label={i18n._(FIELD_LABELS[field])}
      error={problemOf(field)}
      value={answers[field]}
      maxLength={EDD_OTHER_TEXT_MAX}
      disabled={submitting}
      onChange={(event) => change(field, event.target.value)}
    />
  );

  return (
    <form ref={formRef} className={formClass} noValidate onSubmit={submit} aria-busy={submitting} aria-describedby="edd-intro">
      <p id="edd-intro" className={s.text}>
        <Trans id="edd.intro">As a licensed operator we must ask some players about their work and where the money they play with comes from. Your answers are confidential and only our compliance team reads them.</Trans>
      </p>
      <div className={s.fields}>
        <div className={s.group}>
          {select('occupation', lists.occupations)}
          {answers.occupation === EDD_OTHER ? otherText('otherOccupation') : null}
        </div>
        <div className={s.group}>
          <SelectField
            className={s.select}
            label={i18n._(FIELD_LABELS.salaryRangeId)}
            error={problemOf('salaryRangeId')}
            value={String(answers.salaryRangeId)}
            disabled={submitting}
            onChange={(event) => change('salaryRangeId', Number(event.target.value))}
          >
            <option value="0">{choose}</option>
            {lists.salaryRanges.map((range) => (
              <option key={range.id} value={String(range.id)}>
                {range.label}
              </option>
            ))}
          </SelectField>
        </div>
        <div className={s.group}>
          {select('sourceOfFunds', lists.sourcesOfFunds)}
          {answers.sourceOfFunds === EDD_OTHER ? otherText('otherSourceOfFunds') : null}
        </div>
        <div className={s.group}>{select('placeOfBirth', lists.countries)}</div>
        <div className={s.group}>{select('nationality', lists.countries, 'country')}</div>
      </div>
      {problems.length > 0 && !sendFailed ? (
        <FormError>
          <Trans id="edd.incomplete">Some answers are missing. The marked fields need your attention; what you entered is kept.</Trans>
        </FormError>
      ) : null}
      {sendFailed && error !== null ? <FormError>{i18n._(SEND_ERRORS[error.code])}</FormError> : null}
      <div className={formActionsClass}>
        <Button type="submit" className={s.wrapButton} disabled={submitting}>
          {submitting ? <Trans id="edd.sending">Sending…</Trans> : <Trans id="edd.send">Send answers</Trans>}
        </Button>
      </div>
    </form>
  );
}

/** The answers as sent: under review (they can still change) or accepted. */
function SentAnswers({ actor, lists, approved }: { actor: EddActor; lists: EddLists; approved: boolean }) {
  const { i18n } = useLingui();
  const answers = useSelector(actor, (snapshot) => snapshot.context.answers);
  const labelOf = (options: readonly { id: string | number; label: string }[], id: string | number): string =>
    options.find((option) => option.id === id)?.label ?? '–';
  const rows: [EddField, string][] = [
    ['occupation', answers.occupation === EDD_OTHER ? answers.otherOccupation : labelOf(lists.occupations, answers.occupation)],
    ['salaryRangeId', labelOf(lists.salaryRanges, answers.salaryRangeId)],
    ['sourceOfFunds', answers.sourceOfFunds === EDD_OTHER ? answers.otherSourceOfFunds : labelOf(lists.sourcesOfFunds, answers.sourceOfFunds)],
    ['placeOfBirth', labelOf(lists.countries, answers.placeOfBirth)],
    ['nationality', labelOf(lists.countries, answers.nationality)],
  ];
  return (
    <>
      <p className={s.status} role="status">
        {approved ? (
          <Trans id="edd.approved">Thank you. Your answers have been reviewed and accepted.</Trans>
        ) : (
          <Trans id="edd.submitted">Thank you. Your answers are with our team for review; we will tell you if we need anything else.</Trans>
        )}
      </p>
      <dl className={s.answers} data-testid="edd-answers">
        {rows.map(([field, value]) => (
          <AnswerRow key={field} term={i18n._(FIELD_LABELS[field])} value={value} />
        ))}
      </dl>
      {approved ? null : (
        <div className={formActionsClass}>
          <Button variant="secondary" className={s.wrapButton} onClick={() => actor.send({ type: 'edd.edit' })}>
            <Trans id="edd.edit">Change answers</Trans>
          </Button>
        </div>
      )}
    </>
  );
}

function AnswerRow({ term, value }: { term: string; value: string }) {
  return (
    <>
      <dt className={s.term}>{term}</dt>
      <dd className={s.value}>{value}</dd>
    </>
  );
}
