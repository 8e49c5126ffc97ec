import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useState, type ReactNode, type SubmitEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { cookieConsentMachine } from '../../../machines/cookieConsent.machine';
import type { CookieConsentOptions } from '../../../machines/lib/cookieConsent';
import { Button } from '../../ui/Button';
import { CardSection } from '../../ui/CardSection';
import { CheckboxField, FormError, formActionsClass, formClass } from '../../ui/Field';
import * as s from './account.css';
import type { SessionRef } from './sessionRef';

type ConsentRef = ActorRefFrom<typeof cookieConsentMachine>;

/**
 * The account's cookie settings (product.md §3 "Account details": essentials, performanceFunctional,
 * marketing; behaviour.md §7 /player/cookies/consent): essentials shown as always on, the two others
 * as checkboxes; Save changes the session's cookieConsent child, which stores the answer on this
 * browser and sends it to the platform. A failed send keeps the choice here (it is this browser's
 * answer) and says so; the next login sends it again.
 */
export function CookieSettings({ session }: { session: SessionRef }) {
  const consent = useSelector(session, (snapshot) => snapshot.context.cookieConsentRef);
  // A new answer (saved here, or the platform's at login) starts the form from it.
  const answeredAt = useSelector(consent, (snapshot) => snapshot.context.answeredAt);
  // Whether Save was pressed on this page (kept here: the form starts again from each new answer).
  const [submitted, setSubmitted] = useState(false);
  return (
    <CardSection headingId="account-cookies" heading={<Trans id="account.cookies.heading">Cookie settings</Trans>}>
      <p className={s.text}>
        <Trans id="account.cookies.intro">Choose which cookies we may use. Your choice is kept with your account and on this browser.</Trans>
      </p>
      <CookieSettingsForm key={answeredAt ?? 'none'} consent={consent} submitted={submitted} onSubmit={() => setSubmitted(true)} />
    </CardSection>
  );
}

function CookieSettingsForm({ consent, submitted, onSubmit }: { consent: ConsentRef; submitted: boolean; onSubmit: () => void }) {
  const options = useSelector(consent, (snapshot) => snapshot.context.options);
  const reading = useSelector(consent, (snapshot) => snapshot.hasTag('loading'));
  const syncing = useSelector(consent, (snapshot) => snapshot.hasTag('syncing'));
  const failed = useSelector(consent, (snapshot) => snapshot.hasTag('syncFailed'));
  // UI-only state: the choices being edited before Save sends them.
  const [draft, setDraft] = useState<CookieConsentOptions>(options);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reading) return;
    onSubmit();
    consent.send({ type: 'consent.update', options: { performanceFunctional: draft.performanceFunctional, marketing: draft.marketing }, at: Date.now() });
  };

  return (
    <form className={formClass} noValidate onSubmit={submit} aria-busy={syncing}>
      <CheckboxField
        checked
        disabled
        label={
          <Option name={<Trans id="consent.option.essentials">Essential cookies</Trans>}>
            <Trans id="consent.option.essentials.hint">Always on: needed for login, security and your choices.</Trans>
          </Option>
        }
      />
      <CheckboxField
        name="performanceFunctional"
        checked={draft.performanceFunctional}
        onChange={(event) => setDraft({ ...draft, performanceFunctional: event.target.checked })}
        label={
          <Option name={<Trans id="consent.option.performanceFunctional">Performance and functional cookies</Trans>}>
            <Trans id="consent.option.performanceFunctional.hint">Help us measure and improve the site.</Trans>
          </Option>
        }
      />
      <CheckboxField
        name="marketing"
        checked={draft.marketing}
        onChange={(event) => setDraft({ ...draft, marketing: event.target.checked })}
        label={
          <Option name={<Trans id="consent.option.marketing">Marketing cookies</Trans>}>
            <Trans id="consent.option.marketing.hint">Let us and our partners show you relevant offers.</Trans>
          </Option>
        }
      />
      {failed ? (
        <FormError>
          <Trans id="account.cookies.syncError">
            Your choice is saved on this browser, but we could not save it with your account. We will try again the next time you log in.
          </Trans>
        </FormError>
      ) : null}
      <p className={s.status} role="status">
        {submitted && !syncing && !failed ? <Trans id="account.cookies.saved">Your cookie settings are saved.</Trans> : null}
      </p>
      <div className={formActionsClass}>
        <Button type="submit" disabled={reading || syncing}>
          {syncing ? <Trans id="common.saving">Saving…</Trans> : <Trans id="account.cookies.save">Save cookie settings</Trans>}
        </Button>
      </div>
    </form>
  );
}

/** A category's name and what it does, as the checkbox's label. */
function Option({ name, children }: { name: ReactNode; children: ReactNode }) {
  return (
    <>
      <strong>{name}</strong> <span className={s.text}>{children}</span>
    </>
  );
}
