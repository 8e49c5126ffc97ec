import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import type { ActorRefFrom } from 'xstate';
import { formatLangMarket, type LangMarket } from '../../../machines/lib/markets';
import type { MarketRgRules } from '../../../machines/lib/responsibleGambling';
import type { sessionMachine } from '../../../machines/session.machine';
import { marketRulesQuery } from '../../api/responsibleGamblingQueries';
import * as s from './compliance.css';
import { isPlayPath, rulesMarketOf, useRgLogin } from './layer';
import { SwedishBadges } from './SwedishBadges';

// The compliance layer in the page frame (issue 13 "The compliance layer, per market"), switched on
// per market by the platform's market rules (GET /markets/{market}/responsible-gambling), for the
// logged-in player's market, else the route's. Only the Swedish badges are part of the page's first
// load (the first paint draws them, src/app/prerender.tsx, and carries the route market's rules, so
// they do not move when the app takes over); the player's bars and the limit warning are loaded
// when they are shown (./PlayerCompliance.tsx).

type SessionRef = ActorRefFrom<typeof sessionMachine>;

const PlayerBars = lazy(() => import('./PlayerCompliance').then((module) => ({ default: module.PlayerBars })));
const LimitWarnings = lazy(() => import('./PlayerCompliance').then((module) => ({ default: module.LimitWarnings })));

/** The rules of the market that applies (null until known, or when the platform did not answer: nothing is shown then). */
export function useMarketRules(session: SessionRef, langMarket: LangMarket): MarketRgRules | null {
  const market = useSelector(session, (snapshot) => rulesMarketOf(snapshot.context, langMarket.market));
  return useQuery(marketRulesQuery(market)).data ?? null;
}

/** Above the header: the Swedish badges (rules.swedishBadges), for everyone. */
export function ComplianceTop({ session, langMarket }: { session: SessionRef; langMarket: LangMarket }) {
  const rules = useMarketRules(session, langMarket);
  return rules?.swedishBadges === true ? <SwedishBadges langmarket={formatLangMarket(langMarket)} /> : null;
}

export interface ComplianceBarsProps {
  session: SessionRef;
  langMarket: LangMarket;
  /** Loads the exclusion flow into the session (the route context's loadFlow): the panic button starts it. */
  loadExclusionFlow: () => Promise<void>;
}

/**
 * Below the header, for a logged-in player: the UK session bar (rules.sessionBar, on every page, so
 * also around a running game) and the German panic button (rules.panicButton, where play is
 * possible). While their code loads, a box of their height holds the place.
 */
export function ComplianceBars({ session, langMarket, loadExclusionFlow }: ComplianceBarsProps) {
  const rules = useMarketRules(session, langMarket);
  const authorized = useSelector(session, (snapshot) => snapshot.context.authorized);
  const playPage = useLocation({ select: (location) => isPlayPath(location.pathname) });
  const sessionBar = authorized && rules?.sessionBar === true;
  const panicButton = authorized && rules?.panicButton === true && playPage;
  if (!sessionBar && !panicButton) return null;
  return (
    <Suspense
      fallback={
        <>
          {sessionBar ? <div className={s.sessionBarSpace} aria-hidden="true" /> : null}
          {panicButton ? <div className={s.panicBarSpace} aria-hidden="true" /> : null}
        </>
      }
    >
      <PlayerBars session={session} langMarket={langMarket} sessionBar={sessionBar} panicButton={panicButton} loadExclusionFlow={loadExclusionFlow} />
    </Suspense>
  );
}

/** At the top of the page's content, for a logged-in player in any market: the 80 % limit warning. */
export function ComplianceNotices({ session, langMarket }: { session: SessionRef; langMarket: LangMarket }) {
  const login = useRgLogin(session);
  if (login === null) return null;
  return (
    <Suspense fallback={null}>
      {/* A new login is a new notice: what the last one dismissed does not carry over. */}
      <LimitWarnings key={`${String(login.playerId)}:${String(login.iat)}`} session={session} langMarket={langMarket} login={login} />
    </Suspense>
  );
}
