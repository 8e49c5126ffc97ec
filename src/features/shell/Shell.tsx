import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { LangMarket } from '../../../machines/lib/markets';
import { Footer } from './Footer';
import { Header } from './Header';
import * as s from './shell.css';

/** The page frame under /$langmarket: skip link, header, main content, footer. */
export function Shell({ langMarket, children }: { langMarket: LangMarket; children: ReactNode }) {
  return (
    <div className={s.page}>
      <a className={s.skipLink} href="#main">
        <Trans id="shell.skipToContent">Skip to content</Trans>
      </a>
      <Header langMarket={langMarket} />
      <main id="main" tabIndex={-1} className={s.main}>
        {children}
      </main>
      <Footer langMarket={langMarket} />
    </div>
  );
}
