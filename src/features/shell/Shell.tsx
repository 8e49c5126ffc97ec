import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { LangMarket } from '../../../machines/lib/markets';
import { Footer } from './Footer';
import { Header } from './Header';
import { SimulationBanner } from './SimulationBanner';
import * as s from './shell.css';

/**
 * The page frame under /$langmarket: skip link, header, main content, footer. `actions` goes at
 * the header's end (the route passes the account actions; the shell does not know the session).
 */
export function Shell({ langMarket, actions, children }: { langMarket: LangMarket; actions?: ReactNode; children: ReactNode }) {
  return (
    <div className={s.page}>
      <a className={s.skipLink} href="#main">
        <Trans id="shell.skipToContent">Skip to content</Trans>
      </a>
      <SimulationBanner />
      <Header langMarket={langMarket} actions={actions} />
      <main id="main" tabIndex={-1} className={s.main}>
        {children}
      </main>
      <Footer langMarket={langMarket} />
    </div>
  );
}
