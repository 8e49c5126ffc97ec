import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatLangMarket, type LangMarket } from '../../../machines/lib/markets';
import type { Footer as FooterContent } from '../../api/content';
import { footerQuery } from '../../api/queries';
import { Logo } from '../../ui/Logo';
import { pathBelowLangMarket } from '../../ui/paths';
import * as s from './shell.css';

/** The seed's regulator badges are 120 x 40 CSS pixels (public/regulators/*.png, drawn at 2x). */
export const REGULATOR_LOGO_FALLBACK = { width: 120, height: 40 } as const;

/**
 * width/height attributes of a regulator logo: its intrinsic size from content, else the badges'
 * 3:1. The browser derives the box's aspect ratio from them before the image arrives (CSS sets the
 * height to 32px, width auto), so a logo never shifts the footer; once loaded, its own ratio wins.
 */
export function regulatorLogoSize(logo: FooterContent['regulationLogos'][number]): { width: number; height: number } {
  return logo.width !== undefined && logo.height !== undefined ? { width: logo.width, height: logo.height } : REGULATOR_LOGO_FALLBACK;
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
                      <img
                        className={s.regulatorLogo}
                        src={logo.imageUrl}
                        alt={logo.alt}
                        {...regulatorLogoSize(logo)}
                        loading="lazy"
                        decoding="async"
                      />
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
