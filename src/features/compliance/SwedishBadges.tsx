import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import * as s from './compliance.css';
import { SJALVTEST_URL, SPELPAUS_URL, SWEDISH_BADGE_NAMES } from './swedishBadges';

// The badges' descriptions are referenced by id (aria-describedby) and hidden: read as the links'
// descriptions, not a second time as text. One strip per page, so the ids are fixed (the first
// paint and the app render the same).
const DESCRIPTION_IDS = { spelpaus: 'rg-badge-spelpaus', spelgranser: 'rg-badge-spelgranser', sjalvtest: 'rg-badge-sjalvtest' } as const;

/**
 * Spelinspektionen's three badges (issue 13 "Sweden (PP)"), at the top of every page for everyone:
 * Spelpaus (the national self-exclusion register), Spelgränser (the player's gambling limits) and
 * Självtest (a self-test). Swedish names in every language (lang="sv", so a screen reader says them
 * in Swedish); what each one is, translated. The external ones open in a new tab without giving it
 * this page (noopener noreferrer). Rendered by the first paint too (src/app/prerender.tsx).
 */
export function SwedishBadges({ langmarket }: { langmarket: string }) {
  const { t } = useLingui();
  const newTab = t({ id: 'compliance.badges.newTab', message: 'Opens in a new tab.' });
  return (
    <nav className={s.badges} aria-label={t({ id: 'compliance.badges.label', message: 'Responsible gambling tools' })} data-testid="swedish-badges">
      <ul className={s.badgeList}>
        <li>
          <a className={s.badge} href={SPELPAUS_URL} target="_blank" rel="noopener noreferrer" aria-describedby={DESCRIPTION_IDS.spelpaus}>
            <span lang="sv">{SWEDISH_BADGE_NAMES.spelpaus}</span>
          </a>
          <span id={DESCRIPTION_IDS.spelpaus} hidden>
            <Trans id="compliance.badges.spelpaus">Exclude yourself from all licensed gambling in Sweden.</Trans> {newTab}
          </span>
        </li>
        <li>
          <Link className={s.badge} to="/$langmarket/my-account/gambling-limits" params={{ langmarket }} aria-describedby={DESCRIPTION_IDS.spelgranser}>
            <span lang="sv">{SWEDISH_BADGE_NAMES.spelgranser}</span>
          </Link>
          <span id={DESCRIPTION_IDS.spelgranser} hidden>
            <Trans id="compliance.badges.spelgranser">Set your deposit and spend limits, or take a break.</Trans>
          </span>
        </li>
        <li>
          <a className={s.badge} href={SJALVTEST_URL} target="_blank" rel="noopener noreferrer" aria-describedby={DESCRIPTION_IDS.sjalvtest}>
            <span lang="sv">{SWEDISH_BADGE_NAMES.sjalvtest}</span>
          </a>
          <span id={DESCRIPTION_IDS.sjalvtest} hidden>
            <Trans id="compliance.badges.sjalvtest">Test your gambling habits.</Trans> {newTab}
          </span>
        </li>
      </ul>
    </nav>
  );
}
