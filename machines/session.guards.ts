// Route guards as plain functions (ARCHITECTURE.md "Routes, guards and data"): `beforeLoad` waits for
// the session to be resolved, then asks these. They read a snapshot (or just its value and the
// fields they need), so tests can call them with plain objects.
import { waitFor } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import type { AccessCheckContext, accessCheckMachine } from './accessCheck.machine';
import { DEFAULT_LANGMARKET, parseLangMarket } from './lib/markets';
import { sessionStatus } from './session.machine';
import type { SessionContext, SessionSnapshot, sessionMachine } from './session.machine';
import type { SnapshotFrom } from 'xstate';

/** Only what the session guards read, so that a test can pass a plain object. */
export interface SessionView {
  value: SessionSnapshot['value'];
  context: Pick<SessionContext, 'authorized'>;
}

/**
 * A first segment that was meant as a language and market but is not a valid one: 'xx-YY',
 * 'en_UN', 'EN-fi'. Such a segment is replaced; any other first segment is a page and is kept.
 */
const LOCALE_ATTEMPT = /^[a-z]{2,4}[-_][a-z]{2}$/i;

/**
 * product.md §2: every route lives under `/$langmarket`; a segment that does not match the pattern,
 * or names an unknown or disabled market, or a language the market does not offer, redirects to
 * /en-UN keeping the rest of the path. Returns null when the path may stay, else the target path
 * (search and hash are the caller's).
 */
export function localeRedirect(pathname: string): string | null {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  const [first] = segments;
  if (first !== undefined && parseLangMarket(first) !== null) return null;
  const rest = first !== undefined && LOCALE_ATTEMPT.test(first) ? segments.slice(1) : segments;
  return `/${[DEFAULT_LANGMARKET, ...rest].join('/')}`;
}

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

/** Resolved as an authorized player (account and banking routes need this; product.md §2). */
export function isAuthorized(snapshot: SessionView): boolean {
  const { value } = snapshot;
  return typeof value === 'object' && value.resolved === 'authorized' && snapshot.context.authorized;
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
