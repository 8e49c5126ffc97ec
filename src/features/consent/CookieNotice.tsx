import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { CookieConsentOptions, cookieConsentMachine } from '../../../machines/cookieConsent.machine';
import { bottomNoticeHeightVar } from '../../ui/bottomOverlay.css';
import { Button } from '../../ui/Button';
import { useRootHeightVar } from '../../ui/useRootHeightVar';
import * as s from './consent.css';

export type CookieConsentRef = ActorRefFrom<typeof cookieConsentMachine>;

/**
 * The cookie notification (behaviour.md §4 "Other states"): shown while the consent actor is in
 * `notice`. Non-modal: the page stays usable. "Accept all" accepts the three options; "Settings"
 * lets the visitor refuse performance/functional or marketing cookies (essentials are required).
 */
export function CookieNotice({ consent, langmarket }: { consent: CookieConsentRef; langmarket: string }) {
  const showing = useSelector(consent, (snapshot) => snapshot.hasTag('notice'));
  const initial = useSelector(consent, (snapshot) => snapshot.context.options);
  if (!showing) return null;
  return <CookieNoticePanel initial={initial} langmarket={langmarket} onAccept={(options) => consent.send({ type: 'consent.accept', options, at: Date.now() })} />;
}

/** The notice's height and what is under it (its gap, a bottom bar), its animation's transform aside. */
function heightFromViewportBottom(element: HTMLElement): number {
  return element.offsetHeight + (Number.parseFloat(getComputedStyle(element).bottom) || 0);
}

/** The notice itself; the platform's first paint renders it without `onAccept` (src/app/prerender.tsx). */
export function CookieNoticePanel({
  initial,
  langmarket,
  onAccept,
}: {
  initial: CookieConsentOptions;
  langmarket: string;
  onAccept?: ((options?: Partial<CookieConsentOptions>) => void) | undefined;
}) {
  const { t } = useLingui();
  const [settingsOpen, setSettingsOpen] = useState(false);
  // UI-only state: the choices being edited before "Save choices" sends them.
  const [performanceFunctional, setPerformanceFunctional] = useState(initial.performanceFunctional);
  const [marketing, setMarketing] = useState(initial.marketing);
  // The notice covers the bottom of the screen: the page keeps what a keyboard focuses clear of it.
  const notice = useRootHeightVar<HTMLElement>(bottomNoticeHeightVar, heightFromViewportBottom);
  return (
    <section ref={notice} className={s.notice} aria-label={t({ id: 'consent.region', message: 'Cookie consent' })}>
      <h2 className={s.title}>
        <Trans id="consent.title">We use cookies</Trans>
      </h2>
      <p className={s.text}>
        <Trans id="consent.text">
          Essential cookies keep the site working and your account safe. With your permission we also use cookies to
          improve the site and to show you relevant offers. Read more in our{' '}
          <Link to="/$langmarket/cookie-policy" params={{ langmarket }}>
            cookie policy
          </Link>
          .
        </Trans>
      </p>
      {settingsOpen ? (
        <fieldset className={s.settings}>
          <legend className={s.legend}>
            <Trans id="consent.settings.legend">Choose which cookies we may use</Trans>
          </legend>
          <label className={s.option}>
            <input className={s.checkbox} type="checkbox" checked disabled />
            <span className={s.optionText}>
              <span className={s.optionName}>
                <Trans id="consent.option.essentials">Essential cookies</Trans>
              </span>
              <span className={s.optionHint}>
                <Trans id="consent.option.essentials.hint">Always on: needed for login, security and your choices.</Trans>
              </span>
            </span>
          </label>
          <label className={s.option}>
            <input
              className={s.checkbox}
              type="checkbox"
              checked={performanceFunctional}
              onChange={(event) => setPerformanceFunctional(event.target.checked)}
            />
            <span className={s.optionText}>
              <span className={s.optionName}>
                <Trans id="consent.option.performanceFunctional">Performance and functional cookies</Trans>
              </span>
              <span className={s.optionHint}>
                <Trans id="consent.option.performanceFunctional.hint">Help us measure and improve the site.</Trans>
              </span>
            </span>
          </label>
          <label className={s.option}>
            <input className={s.checkbox} type="checkbox" checked={marketing} onChange={(event) => setMarketing(event.target.checked)} />
            <span className={s.optionText}>
              <span className={s.optionName}>
                <Trans id="consent.option.marketing">Marketing cookies</Trans>
              </span>
              <span className={s.optionHint}>
                <Trans id="consent.option.marketing.hint">Let us and our partners show you relevant offers.</Trans>
              </span>
            </span>
          </label>
        </fieldset>
      ) : null}
      <div className={s.actions}>
        <Button onClick={() => onAccept?.()}>
          <Trans id="consent.acceptAll">Accept all</Trans>
        </Button>
        {settingsOpen ? (
          <Button variant="secondary" onClick={() => onAccept?.({ essentials: true, performanceFunctional, marketing })}>
            <Trans id="consent.save">Save choices</Trans>
          </Button>
        ) : (
          <Button variant="secondary" aria-expanded={false} onClick={() => setSettingsOpen(true)}>
            <Trans id="consent.settings">Settings</Trans>
          </Button>
        )}
      </div>
    </section>
  );
}
