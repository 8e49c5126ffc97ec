import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { LOBBY_PATHS, LOBBY_TYPES } from '../../../machines/lib/games';
import { isMarketCode, type MarketCode } from '../../../machines/lib/markets';
import { marketOfCountry } from '../../../machines/lib/wallet';
import type { SessionContext, sessionMachine } from '../../../machines/session.machine';
import type { RgLogin } from '../../api/responsibleGamblingQueries';

// Who the compliance layer applies to, and where (issue 13 "The compliance layer, per market").

/**
 * Whose rules apply: a logged-in player's market (the market of their country, as the cashier reads
 * it: machines/session.machine.ts cashierPlayerOf), else the market of the route. The licence
 * follows the player, as the platform's `rulesOf` (server/services/limits.ts) does for every call:
 * a German player gets the panic button and the required monthly limit on /en-UN too, a Finnish
 * player on /de-JJ gets Finland's rules, and nobody is redirected (docs/SPEC-READINGS.md "Whose
 * market's rules apply"). A visitor sees the page's market's (the Swedish badges on /en-PP).
 */
export function rulesMarketOf(context: Pick<SessionContext, 'authorized' | 'profile' | 'claims'>, routeMarket: MarketCode): MarketCode {
  if (!context.authorized) return routeMarket;
  const country = context.profile?.countryCode ?? context.claims?.countryCode;
  return country === undefined ? routeMarket : marketOfCountry(country);
}

/** A market code from the cashier's view of the player (CashierPlayer.market is a string), else the route's. */
export function marketCodeOr(market: string, fallback: MarketCode): MarketCode {
  return isMarketCode(market) ? market : fallback;
}

/** The login a summary belongs to, or null for a visitor. */
export function rgLoginOf(context: Pick<SessionContext, 'authorized' | 'claims'>): RgLogin | null {
  return context.authorized && context.claims !== null ? { playerId: context.claims.playerId, iat: context.claims.iat } : null;
}

const sameLogin = (a: RgLogin | null, b: RgLogin | null) => a === b || (a !== null && b !== null && a.playerId === b.playerId && a.iat === b.iat);

/** The session's login (rgLoginOf), the same object for as long as the login is the same one. */
export function useRgLogin(session: ActorRefFrom<typeof sessionMachine>): RgLogin | null {
  return useSelector(session, (snapshot) => rgLoginOf(snapshot.context), sameLogin);
}

/**
 * Where play is possible (GlüStV 2021 §6a (5): the panic button "wherever play is possible"): the
 * home page (where the player starts to play, issue 21), the casino and live casino lobbies, their
 * category pages and game pages, and the slug game page. `pathname` is the whole path,
 * {langmarket} first. Whose rules decide whether the button shows is `rulesMarketOf`'s question,
 * not the path's: a JJ player sees it on these pages of every market (docs/SPEC-READINGS.md).
 */
export function isPlayPath(pathname: string): boolean {
  const rest = pathname.replace(/^\/[^/]+/, '').replace(/\/+$/, '');
  if (rest === '' || rest.startsWith('/play/')) return true;
  return LOBBY_TYPES.some((lobby) => rest === LOBBY_PATHS[lobby] || rest.startsWith(`${LOBBY_PATHS[lobby]}/`));
}
