import { Trans } from '@lingui/react/macro';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import {
  formatLangMarket,
  isLanguageCode,
  type LangMarket,
  type LanguageCode,
  LANGUAGES,
  MARKETS,
} from '../../../machines/lib/markets';
import { visuallyHidden } from '../../ui/global.css';
import { GlobeIcon } from '../../ui/icons';
import * as s from './shell.css';

/** The same path, search and hash under another langmarket segment. */
export function pathInLangMarket(
  location: { pathname: string; searchStr: string; hash: string },
  langMarket: LangMarket,
): string {
  const rest = location.pathname.split('/').slice(2).join('/');
  const hash = location.hash ? `#${location.hash}` : '';
  return `/${formatLangMarket(langMarket)}${rest ? `/${rest}` : ''}${location.searchStr}${hash}`;
}

/** A language's short face below 400 px: its ISO 639 code ("FI", "DE", "PT"), never a cut name. */
export function languageShortName(code: LanguageCode): string {
  return new Intl.Locale(LANGUAGES[code].intlLocale).language.toUpperCase();
}

/**
 * A native select of the current market's languages; choosing one keeps the current path. The
 * select lies transparent over its face, which shows the language's name, or on a narrow phone its
 * code (issue 8: the header keeps Log in and Sign up whole at 320 px). The select stays what
 * keyboard, screen reader and touch use; the face is hidden from assistive technology.
 */
export function LanguageSwitcher({ langMarket }: { langMarket: LangMarket }) {
  const id = useId();
  const location = useLocation();
  const navigate = useNavigate();
  const market = MARKETS[langMarket.market];
  if (market.languages.length < 2) return null;
  const current = LANGUAGES[langMarket.language];
  return (
    <div className={s.languageField}>
      <label htmlFor={id} className={visuallyHidden}>
        <Trans id="shell.language.label">Language</Trans>
      </label>
      <span className={s.languageFace} aria-hidden="true" data-testid="language-face">
        <GlobeIcon size={18} className={s.languageIcon} />
        <span className={s.languageCode} lang={current.intlLocale}>
          {languageShortName(current.code)}
        </span>
        <span className={s.languageName} lang={current.intlLocale}>
          {current.nativeName}
        </span>
      </span>
      <select
        id={id}
        className={s.languageSelect}
        value={langMarket.language}
        onChange={(event) => {
          const language = event.target.value;
          if (!isLanguageCode(language)) return;
          void navigate({ href: pathInLangMarket(location, { language, market: market.id }) });
        }}
      >
        {market.languages.map((code) => (
          <option key={code} value={code} lang={LANGUAGES[code].intlLocale}>
            {LANGUAGES[code].nativeName}
          </option>
        ))}
      </select>
    </div>
  );
}
