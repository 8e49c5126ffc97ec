// Route guards as plain functions (ARCHITECTURE.md "Routes, guards and data"): `beforeLoad` waits for
// the session to be resolved, then asks these. They read a snapshot (or just its value and the
// fields they need), so tests can call them with plain objects.
import { waitFor } from 'xstate';
import type { ActorRefFrom, SnapshotFrom, StateValue } from 'xstate';
import type { PlayerProfile } from '../src/api/player';
import type { AccessCheckContext, accessCheckMachine } from './accessCheck.machine';
import { DEFAULT_LANGMARKET, formatLangMarket, parseLangMarket } from './lib/markets';
import { sameSitePath } from './lib/sameSitePath';
import type { LobbyType } from './lib/games';
import { depositAllowed } from './lib/wallet';
import { cashierPlayerOf, sessionStatus } from './session.machine';
import type { SessionContext, SessionSnapshot, sessionMachine } from './session.machine';

/** Only what the session guards read, so that a test can pass a plain object. */
export interface SessionView {
  value: StateValue;
  context: Pick<SessionContext, 'authorized'>;
}

/** What the terms guard reads besides the state: the accepted and the current terms versions. */
export interface TermsView {
  value: StateValue;
  context: Pick<SessionContext, 'authorized' | 'currentTermsVersion'> & {
    profile: Pick<PlayerProfile, 'termsAndConditionsAcceptedVersion'> | null;
  };
}

// The locale guard is a pure rule the platform applies too (src/api/sitePages.ts).
export { localeRedirect } from './lib/localeRedirect';

/** The session has left pending and requested: who the visitor is is known. */
export function isResolved(snapshot: Pick<SessionView, 'value'>): boolean {
  return sessionStatus(snapshot) === 'resolved';
}

/** For xstate's `waitFor(sessionRef, waitForResolvedPredicate)` in `beforeLoad`. */
export const waitForResolvedPredicate: (snapshot: SessionSnapshot) => boolean = isResolved;

/** Waits until the session is resolved (the router's `beforeLoad` awaits this before any guard). */
export function waitForResolved(sessionRef: ActorRefFrom<typeof sessionMachine>): Promise<SessionSnapshot> {
  return waitFor(sessionRef, waitForResolvedPredicate);
}

/** Which resolved state the session is in ('anonymous', 'authorized', 'loggingOut'); null before. */
function resolvedState(value: StateValue): string | null {
  if (typeof value === 'string') return null;
  const resolved = value.resolved;
  if (resolved === undefined) return null;
  return typeof resolved === 'string' ? resolved : (Object.keys(resolved)[0] ?? null);
}

/** Resolved as a visitor (a logout has finished): the login dialog can open. */
export function isAnonymous(snapshot: SessionView): boolean {
  return resolvedState(snapshot.value) === 'anonymous';
}

/** Resolved as an authorized player (account and banking routes need this; product.md §2). */
export function isAuthorized(snapshot: SessionView): boolean {
  return resolvedState(snapshot.value) === 'authorized' && snapshot.context.authorized;
}

/** What the cashier guard reads: the player's access, profile, claims and the route's market. */
export interface CashierView {
  value: StateValue;
  context: Pick<SessionContext, 'authorized' | 'access' | 'profile' | 'claims' | 'langMarket'>;
}

/**
 * behaviour.md §5: a logged-in player whose deposit access is on, payout not restricted and
 * multibrand account not suspended (the rule the deposit flow applies, machines/lib/wallet.ts
 * depositAllowed, on the session's view of the player, cashierPlayerOf). For the cashier's routes
 * and the header's deposit button.
 */
export function mayDeposit(view: CashierView): boolean {
  return isAuthorized(view) && depositAllowed(cashierPlayerOf(view.context));
}

/**
 * product.md §2 "Route guards": the player is risk-payout flagged (payout access off) or their
 * multibrand account is suspended. Unknown access (the profile and the access call both failed) is
 * no flag. The lobbies, deposit, rewards, bonus-code, inbox and gambling-limits routes check it.
 */
export function isRiskRestricted(view: CashierView): boolean {
  if (view.context.claims?.multibrand?.suspended === true) return true;
  const access = view.context.access ?? view.context.profile?.access ?? null;
  return access !== null && !access.payout;
}

/**
 * product.md §2 "Route guards": casino and live casino routes (and their game pages) redirect to the
 * locale home when the player is risk-payout flagged, multibrand-suspended, or lacks the lobby's
 * access. behaviour.md §5: the access counts as allowed for a visitor and for a player without a
 * profile (it failed to load). Call once the session is settled (waitForSettled).
 */
export function mayPlayLobby(view: CashierView, lobby: LobbyType): boolean {
  if (!isAuthorized(view)) return true;
  if (isRiskRestricted(view)) return false;
  const access = view.context.access ?? view.context.profile?.access ?? null;
  if (access === null) return true;
  return lobby === 'casino' ? access.casino : access.liveCasino;
}

/** An authorized session whose profile (and current terms version) is still on its way. */
export function isLoadingProfile(snapshot: Pick<SessionView, 'value'>): boolean {
  const { value } = snapshot;
  if (typeof value === 'string' || typeof value.resolved !== 'object') return false;
  const authorized = value.resolved.authorized;
  return typeof authorized === 'object' && authorized.profile === 'loading';
}

/**
 * Who the visitor is is known and, for a player, the profile has loaded (or failed): what the
 * terms guard needs before it can answer. The account and other guards need only `isResolved`.
 */
export function isSettled(snapshot: Pick<SessionView, 'value'>): boolean {
  return isResolved(snapshot) && !isLoadingProfile(snapshot);
}

/** Waits until the session is settled (`beforeLoad` of the `$langmarket` layout, before the terms guard). */
export function waitForSettled(sessionRef: ActorRefFrom<typeof sessionMachine>): Promise<SessionSnapshot> {
  return waitFor(sessionRef, isSettled);
}

/** The first path segment as a valid langmarket, and the rest of the path (with search) below it. */
function splitLangMarket(path: string): { langmarket: string; below: string } | null {
  const match = /^\/([^/?#]+)(.*)$/.exec(path);
  const langMarket = match?.[1] === undefined ? null : parseLangMarket(match[1]);
  if (match === null || langMarket === null) return null;
  return { langmarket: formatLangMarket(langMarket), below: match[2] ?? '' };
}

/** True when `path` (below the langmarket, maybe with a search) is `base` or under it. */
function isUnder(path: string, base: string): boolean {
  const [pathname = ''] = path.split(/[?#]/);
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** product.md §2: the forced acceptance of updated terms, below the langmarket. */
export const ACCEPT_TERMS_PATH = '/accept-terms-condition';
/** product.md §2: the account area, below the langmarket. */
export const MY_ACCOUNT_PATH = '/my-account';
/** behaviour.md §6: the pages the terms guard leaves alone (the account area and the accept page). */
export const TERMS_GUARD_EXEMPT_PATHS = [MY_ACCOUNT_PATH, ACCEPT_TERMS_PATH] as const;

/**
 * behaviour.md §6 "A terms-update flag": the player accepted an older terms version than the
 * market's current one. Unknown (no profile, no current version) is not outdated.
 */
export function termsOutdated(context: TermsView['context']): boolean {
  const { profile, currentTermsVersion } = context;
  return profile !== null && currentTermsVersion !== null && profile.termsAndConditionsAcceptedVersion < currentTermsVersion;
}

/**
 * The terms guard (product.md §2 "Terms guard", behaviour.md §6): an authorized player with outdated
 * terms goes to `/{langmarket}/accept-terms-condition`; the my-account pages and that page are exempt.
 * `pathname` is the full path (with its langmarket). Returns null when the page may stay.
 */
export function termsRedirect(pathname: string, view: TermsView): string | null {
  const split = splitLangMarket(pathname);
  if (split === null || !isAuthorized(view) || !termsOutdated(view.context)) return null;
  if (TERMS_GUARD_EXEMPT_PATHS.some((base) => isUnder(split.below, base))) return null;
  return `/${split.langmarket}${ACCEPT_TERMS_PATH}`;
}

/**
 * The account guard (product.md §2 "Account area": login required, otherwise the access-error page
 * /401 with the original path passed on; behaviour.md §6). `href` is the full path with its search
 * (TanStack's `location.href`); the original path is passed below the langmarket, so that
 * `afterLoginPath` can put it under the player's langmarket again. Returns null for a player.
 */
export function authRedirect(href: string, view: SessionView): string | null {
  if (isAuthorized(view)) return null;
  const split = splitLangMarket(href);
  const langmarket = split?.langmarket ?? DEFAULT_LANGMARKET;
  const original = split === null ? href : split.below || '/';
  return `/${langmarket}/401?redirect=${encodeURIComponent(original)}`;
}

/**
 * product.md §2 "After login ...": targets that make no sense after a login (the login, sign-up,
 * reset-password, access-error and accept-terms pages, below the langmarket); they lead home.
 */
export const LOGIN_REDIRECT_EXCLUDED_PATHS = ['/login', '/signup', '/reset-password', '/401', ACCEPT_TERMS_PATH] as const;

/**
 * product.md §2: after login the player goes to `{langmarket}{target path}`, or to `/` for a target
 * in the excluded list. Every route is below the langmarket, so `/` is the langmarket's home
 * (`/{langmarket}`): a bare `/` would drop the player's language and market. The target is a path
 * below the langmarket (a leading langmarket segment is dropped); anything that is not a same-site
 * path (machines/lib/sameSitePath.ts: `//host`, `/.//host`, a scheme, a backslash) leads home too, so a redirect parameter cannot send the
 * player to another site.
 */
export function afterLoginPath(langmarket: string, target: string | null | undefined): string {
  const home = `/${langmarket}`;
  if (typeof target !== 'string') return home;
  // The part that goes after the player's langmarket, through the one rule for return paths
  // (machines/lib/sameSitePath.ts: normalised first, then decided).
  const below = sameSitePath(splitLangMarket(target)?.below ?? target);
  if (below === null || below === '/') return home;
  if (LOGIN_REDIRECT_EXCLUDED_PATHS.some((base) => isUnder(below, base))) return home;
  return `${home}${below}`;
}

export type AppGate = 'loading' | 'allowed' | 'restricted' | 'maintenance' | 'failed';
export type AccessCheckValue = SnapshotFrom<typeof accessCheckMachine>['value'];

/**
 * What the root component renders (product.md §2 "Route guards": maintenance mode and restricted
 * access show their pages, which replace the whole app). Pass the access check's context too and a
 * maintenance recheck keeps the maintenance page instead of flashing the loader every 30 s.
 */
export function appGate(value: AccessCheckValue, context?: Pick<AccessCheckContext, 'maintenance'>): AppGate {
  if (value === 'loading' && context?.maintenance === true) return 'maintenance';
  return value;
}
