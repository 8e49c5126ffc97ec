import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { LangMarket } from '../../../machines/lib/markets';
import { stickyTopHeightVar } from '../../ui/stickyTop.css';
import { useRootHeightVar } from '../../ui/useRootHeightVar';
import { Footer } from './Footer';
import { Header } from './Header';
import { SimulationBanner } from './SimulationBanner';
import * as s from './shell.css';

export interface ShellProps {
  langMarket: LangMarket;
  actions?: ReactNode;
  /** Above the header, sticky with it: the market's compliance badges (issue 13, Sweden). */
  top?: ReactNode;
  /** Below the header, sticky with it: the market's compliance bars (issue 13: UK session bar, DE panic button). */
  bars?: ReactNode;
  children: ReactNode;
}

/**
 * The page frame under /$langmarket: skip link, the sticky top (the header, with the compliance
 * layer's `top` and `bars` around it), main content, footer. `actions` goes at the header's end
 * (the route passes the account actions; the shell does not know the session).
 */
export function Shell({ langMarket, actions, top, bars, children }: ShellProps) {
  // --sticky-top (src/ui/stickyTop.css.ts) at the sticky top's height while the app runs: bars come and go, and wrap on a phone.
  const stickyTop = useRootHeightVar<HTMLDivElement>(stickyTopHeightVar);
  return (
    <div className={s.page}>
      <a className={s.skipLink} href="#main">
        <Trans id="shell.skipToContent">Skip to content</Trans>
      </a>
      <SimulationBanner />
      <div ref={stickyTop} className={s.stickyTop}>
        {top}
        <Header langMarket={langMarket} actions={actions} />
        {bars}
      </div>
      <main id="main" tabIndex={-1} className={s.main}>
        {children}
      </main>
      <Footer langMarket={langMarket} />
    </div>
  );
}
