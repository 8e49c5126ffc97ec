import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, type SubmitEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import {
  MARKETING_CHANNELS,
  MARKETING_COMMUNICATIONS,
  type MarketingChannel,
  type MarketingCommunication,
  type MarketingPreferences,
} from '../../../machines/lib/marketingPreferences';
import type { marketingPreferencesMachine } from '../../../machines/marketingPreferences.machine';
import { Button } from '../../ui/Button';
import { CardSection } from '../../ui/CardSection';
import { commonFlowErrors } from '../../ui/commonErrors';
import { FormError, formActionsClass, formClass } from '../../ui/Field';
import * as s from './account.css';
import * as m from './marketingPreferences.css';
import { LoadFailed } from '../../ui/LoadFailed';
import { useFormFlowTags } from '../../ui/useFormFlowTags';
import type { SessionRef } from './sessionRef';

type MarketingActor = ActorRefFrom<typeof marketingPreferencesMachine>;

/** product.md §3: the communications, by the names the player reads. */
const COMMUNICATION_LABELS: Readonly<Record<MarketingCommunication, MessageDescriptor>> = {
  BONUS_OFFER: msg({ id: 'account.marketing.communication.bonusOffer', message: 'Bonus offers' }),
  NEWSLETTER: msg({ id: 'account.marketing.communication.newsletter', message: 'Newsletter' }),
  CASINO: msg({ id: 'account.marketing.communication.casino', message: 'Casino news and new games' }),
  RESPONSIBLE_GAMING: msg({ id: 'account.marketing.communication.responsibleGaming', message: 'Responsible gaming tips' }),
};

/** product.md §3: the channels; e-mail is the field's word, as everywhere else. */
const CHANNEL_LABELS: Readonly<Record<MarketingChannel, MessageDescriptor>> = {
  EMAIL: msg({ id: 'common.email', message: 'E-mail' }),
  SMS: msg({ id: 'account.marketing.channel.sms', message: 'Text message (SMS)' }),
  MAIL: msg({ id: 'account.marketing.channel.mail', message: 'Post' }),
  PHONE: msg({ id: 'account.marketing.channel.phone', message: 'Phone call' }),
  PUSH_NOTIFICATION: msg({ id: 'account.marketing.channel.push', message: 'Push notifications' }),
};

/**
 * The marketing preferences (product.md §3; behaviour.md §7 /player/marketing_preferences): for each
 * communication a fieldset, its channels as checkboxes and a box for all of them; Save sends the
 * whole set. A failed save keeps the choices and says so (the stored backend error, behaviour.md
 * §8); a failed load offers a retry. The session's marketingPreferences flow, started by the
 * account route.
 */
export function MarketingPreferencesForm({ session }: { session: SessionRef }) {
  const actor = useSelector(session, (snapshot) => snapshot.context.flows.marketingPreferences);
  return (
    <div className={m.wide}>
      <CardSection headingId="account-marketing" heading={<Trans id="account.marketing.heading">Marketing preferences</Trans>}>
        <p className={s.text}>
          <Trans id="account.marketing.intro">Choose what we may send you, and how. You can change this at any time.</Trans>
        </p>
        {actor === null ? <Loading /> : <MarketingPreferencesView key={actor.sessionId} actor={actor} />}
      </CardSection>
    </div>
  );
}

function Loading() {
  return (
    <p className={s.text} role="status">
      <Trans id="account.marketing.loading">Loading your preferences…</Trans>
    </p>
  );
}

function MarketingPreferencesView({ actor }: { actor: MarketingActor }) {
  const { i18n } = useLingui();
  const preferences = useSelector(actor, (snapshot) => snapshot.context.preferences);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const { loadFailed, editable, saving, saved, saveFailed } = useFormFlowTags(actor);

  if (loadFailed) {
    return (
      <LoadFailed onRetry={() => actor.send({ type: 'preferences.retry' })}>
        {error?.code === 'network' ? i18n._(commonFlowErrors.network) : <Trans id="account.marketing.loadError">We could not load your preferences.</Trans>}
      </LoadFailed>
    );
  }
  if (preferences === null) return <Loading />;

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (editable) actor.send({ type: 'preferences.save' });
  };

  return (
    <form className={formClass} noValidate onSubmit={submit} aria-busy={saving}>
      <div className={m.communications}>
        {MARKETING_COMMUNICATIONS.map((communication) => (
          <CommunicationChoices key={communication} actor={actor} communication={communication} preferences={preferences} disabled={!editable} />
        ))}
      </div>
      {saveFailed ? (
        <FormError>
          {error?.code === 'network' ? i18n._(commonFlowErrors.network) : <Trans id="account.marketing.saveError">We could not save your preferences. Your choices are still here: please try again.</Trans>}
        </FormError>
      ) : null}
      <p className={s.status} role="status">
        {saved ? <Trans id="account.marketing.saved">Your marketing preferences are saved.</Trans> : null}
      </p>
      <div className={formActionsClass}>
        <Button type="submit" disabled={!editable}>
          {saving ? <Trans id="common.saving">Saving…</Trans> : <Trans id="account.marketing.save">Save preferences</Trans>}
        </Button>
      </div>
    </form>
  );
}

/** One communication: its name as the legend, a box for every channel, then each channel. */
function CommunicationChoices({
  actor,
  communication,
  preferences,
  disabled,
}: {
  actor: MarketingActor;
  communication: MarketingCommunication;
  preferences: MarketingPreferences;
  disabled: boolean;
}) {
  const { i18n } = useLingui();
  const channels = preferences[communication];
  const allowedCount = MARKETING_CHANNELS.filter((channel) => channels[channel]).length;
  const all = allowedCount === MARKETING_CHANNELS.length;
  const some = allowedCount > 0 && !all;
  const allRef = useRef<HTMLInputElement>(null);
  // "Some of them": the box is mixed (aria-checked="mixed" is read from the DOM property).
  useEffect(() => {
    if (allRef.current) allRef.current.indeterminate = some;
  }, [some]);

  return (
    <fieldset className={m.communication} disabled={disabled} data-communication={communication}>
      <legend className={m.legend}>{i18n._(COMMUNICATION_LABELS[communication])}</legend>
      <label className={m.allChoice}>
        <input
          ref={allRef}
          className={m.checkbox}
          type="checkbox"
          checked={all}
          onChange={(event) => actor.send({ type: 'preferences.chooseAll', communication, allowed: event.target.checked })}
        />
        <Trans id="account.marketing.allChannels">All channels</Trans>
      </label>
      <ul className={m.channels}>
        {MARKETING_CHANNELS.map((channel) => (
          <li key={channel}>
            <label className={m.choice}>
              <input
                className={m.checkbox}
                type="checkbox"
                name={`${communication}.${channel}`}
                checked={channels[channel]}
                onChange={(event) => actor.send({ type: 'preferences.choose', communication, channel, allowed: event.target.checked })}
              />
              {i18n._(CHANNEL_LABELS[channel])}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
