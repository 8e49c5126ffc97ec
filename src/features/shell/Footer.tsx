import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatLangMarket, type LangMarket } from '../../../machines/lib/markets';
import { footerQuery } from '../../api/queries';
import { Logo } from '../../ui/Logo';
import * as s from './shell.css';

/**
 * The part of a footer path from content below the langmarket segment (the platform may send
 * '/terms' or '/en-UN/terms'); links are built as '/$langmarket/$' with it as the splat.
 */
export function pathBelowLangMarket(langmarket: string, path: string): string {
  const prefix = `/${langmarket}`;
  const below = path === prefix || path.startsWith(`${prefix}/`) ? path.slice(prefix.length) : path;
  return below.replace(/^\/+/, '');
}

/** The footer from content (behaviour.md §7 "Content"): links, regulation logos, licences. */
export function Footer({ langMarket }: { langMarket: LangMarket }) {
  const { t } = useLingui();
  const langmarket = formatLangMarket(langMarket);
  const { data } = useQuery(footerQuery(langMarket));
  return (
    <footer className={s.footer}>
      <div className={s.footerInner}>
        <div className={s.footerTop}>
          <Logo />
          <p className={s.responsible}>
            <span className={s.ageBadge} aria-hidden="true">
              18+
            </span>
            <span>
              <Trans id="shell.footer.responsible">
                Gambling can be addictive. Play responsibly: only for adults aged 18 and over.
              </Trans>
            </span>
          </p>
        </div>
        {data ? (
          <>
            <nav aria-label={t({ id: 'shell.footer.nav', message: 'Information' })}>
              <ul className={s.footerLinks}>
                {data.links.map((link) => (
                  <li key={link.path}>
                    <Link
                      to="/$langmarket/$"
                      params={{ langmarket, _splat: pathBelowLangMarket(langmarket, link.path) }}
                      className={s.footerLink}
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            {data.regulationLogos.length > 0 ? (
              <ul className={s.regulators} aria-label={t({ id: 'shell.footer.regulators', message: 'Regulators' })}>
                {data.regulationLogos.map((logo) => (
                  <li key={logo.name}>
                    <a className={s.regulatorLink} href={logo.href} target="_blank" rel="noopener noreferrer">
                      <img className={s.regulatorLogo} src={logo.imageUrl} alt={logo.alt} height={32} loading="lazy" />
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
            {data.licences.length > 0 ? (
              <ul className={s.licences}>
                {data.licences.map((licence) => (
                  <li key={licence.text}>{licence.text}</li>
                ))}
              </ul>
            ) : null}
            <p className={s.copyright}>{data.copyright}</p>
          </>
        ) : null}
      </div>
    </footer>
  );
}
