import { Trans } from '@lingui/react/macro';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import {
  formatLangMarket,
  isLanguageCode,
  type LangMarket,
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

/** A native select of the current market's languages; choosing one keeps the current path. */
export function LanguageSwitcher({ langMarket }: { langMarket: LangMarket }) {
  const id = useId();
  const location = useLocation();
  const navigate = useNavigate();
  const market = MARKETS[langMarket.market];
  if (market.languages.length < 2) return null;
  return (
    <div className={s.languageField}>
      <label htmlFor={id} className={visuallyHidden}>
        <Trans id="shell.language.label">Language</Trans>
      </label>
      <GlobeIcon size={18} className={s.languageIcon} />
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
