import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { SubmitEvent } from 'react';
import type { ActivityInterval } from '../../../machines/gamblingLimits.machine';
import { ACTIVITY_INTERVAL_CHOICES_MINUTES } from '../../../machines/lib/constants';
import { Button } from '../../ui/Button';
import { FormError } from '../../ui/Field';
import { Loader } from '../../ui/Loader';
import { ACTIVITY_LOAD_FAILED, activityErrorMessage } from './errorMessages';
import type { GamblingLimitsActor } from './LimitCard';
import * as s from './limits.css';
import { CardSection } from '../../ui/CardSection';

/** The choices in the order offered: the intervals (behaviour.md §9: 30, 60, 120 minutes), then off. */
const CHOICES: readonly ActivityInterval[] = [...ACTIVITY_INTERVAL_CHOICES_MINUTES, null];

/**
 * The reality check (product.md §3 "Activity settings (30, 60 or 120 minutes, or not set)";
 * behaviour.md §4): how often the player is shown how long they have played and what they have
 * won and lost. Saved with PATCH activity_check/settings; the session's activity timer follows.
 */
export function ActivitySection({ flow }: { flow: GamblingLimitsActor }) {
  const { i18n, t } = useLingui();
  const loading = useSelector(flow, (snapshot) => snapshot.hasTag('activityLoading'));
  const failed = useSelector(flow, (snapshot) => snapshot.hasTag('activityFailed'));
  const saving = useSelector(flow, (snapshot) => snapshot.hasTag('activitySaving'));
  const draft = useSelector(flow, (snapshot) => snapshot.context.activityDraft);
  const error = useSelector(flow, (snapshot) => snapshot.context.activityError);
  const saved = useSelector(flow, (snapshot) => snapshot.context.activitySaved);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!saving) flow.send({ type: 'activity.save' });
  };
  const label = (minutes: ActivityInterval) =>
    minutes === null
      ? t({ id: 'limits.activity.off', message: 'Off' })
      : t({ id: 'limits.activity.every', message: plural(minutes, { one: 'Every # minute', other: 'Every # minutes' }) });

  return (
    <CardSection headingId="limits-activity" heading={<Trans id="limits.activity.heading">Reality check reminders</Trans>}>
      <p className={s.text}>
        <Trans id="limits.activity.intro">
          While you play, we remind you how long you have been playing and how much you have won and lost, as often as you choose here.
        </Trans>
      </p>
      {failed ? (
        <>
          <FormError>{i18n._(ACTIVITY_LOAD_FAILED)}</FormError>
          <div className={s.actions}>
            <Button variant="secondary" onClick={() => flow.send({ type: 'activity.retry' })}>
              <Trans id="common.tryAgain">Try again</Trans>
            </Button>
          </div>
        </>
      ) : loading ? (
        <Loader layout="inline" />
      ) : (
        <form className={s.editor} noValidate onSubmit={submit} aria-busy={saving}>
          <fieldset className={s.fieldset} disabled={saving}>
            <legend className={s.legend}>
              <Trans id="limits.activity.legend">Remind me</Trans>
            </legend>
            <div className={s.choices}>
              {CHOICES.map((minutes) => (
                <label key={String(minutes)} className={s.choice}>
                  <input
                    type="radio"
                    name="activityInterval"
                    className={s.radio}
                    value={minutes === null ? 'off' : String(minutes)}
                    checked={draft === minutes}
                    onChange={() => flow.send({ type: 'activity.change', intervalMinutes: minutes })}
                  />
                  <span>{label(minutes)}</span>
                </label>
              ))}
            </div>
          </fieldset>
          {error !== null ? <FormError>{i18n._(activityErrorMessage(error))}</FormError> : null}
          <div className={s.actions}>
            <Button type="submit" className={s.wrapButton} disabled={saving}>
              {saving ? <Trans id="common.saving">Saving…</Trans> : <Trans id="limits.activity.save">Save reality check</Trans>}
            </Button>
          </div>
          <p className={s.status} role="status">
            {saved ? <Trans id="limits.activity.saved">Saved. Your reality check follows the new setting from now on.</Trans> : null}
          </p>
        </form>
      )}
    </CardSection>
  );
}
