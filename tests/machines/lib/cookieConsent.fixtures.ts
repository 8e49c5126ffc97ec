import type { EventObject } from 'xstate';
import type { PlatformCookieConsent, StoredCookieConsent } from '../../../machines/cookieConsent.machine';
import { COOKIE_POLICY_VERSION } from '../../../machines/lib/constants';
import { ApiError } from '../../../src/api/errors';

// Cookie consent's samples, shared by its path test (tests/machines/cookieConsent.machine.test.ts)
// and `npm run paths cookieConsent` (scripts/lib/pathModels.ts): what the browser stored, what the
// platform holds, the visitor's and the player's answers, by state.

/** When the browser's stored answer was given. */
export const STORED_AT = 1_780_000_000_000;
const MINUTE = 60_000;
/** When the player answers in a path (later than anything stored). */
export const ANSWERED_AT = STORED_AT + 10 * MINUTE;
/** A policy version before the one in force. */
export const OLDER_VERSION = COOKIE_POLICY_VERSION - 1;

/** Stored on this browser: an answer to the policy in force, one to an older policy, a notice never answered. */
export const STORED_CURRENT: StoredCookieConsent = { essentials: true, performanceFunctional: false, marketing: true, accepted: true, version: COOKIE_POLICY_VERSION, answeredAt: STORED_AT };
export const STORED_OUTDATED: StoredCookieConsent = { essentials: true, performanceFunctional: true, marketing: false, accepted: true, version: OLDER_VERSION, answeredAt: STORED_AT };
export const STORED_UNANSWERED: StoredCookieConsent = { essentials: true, performanceFunctional: true, marketing: false, accepted: false, version: null, answeredAt: null };

/** The platform's answers: an earlier answer to the policy in force, a later one (from another device), an older policy's. */
export const PLATFORM_EARLIER: PlatformCookieConsent = { options: { essentials: true, performanceFunctional: true, marketing: true }, version: COOKIE_POLICY_VERSION, answeredAt: STORED_AT - MINUTE };
export const PLATFORM_LATER: PlatformCookieConsent = { options: { essentials: true, performanceFunctional: false, marketing: false }, version: COOKIE_POLICY_VERSION, answeredAt: STORED_AT + MINUTE };
export const PLATFORM_OUTDATED: PlatformCookieConsent = { options: { essentials: true, performanceFunctional: false, marketing: true }, version: OLDER_VERSION, answeredAt: STORED_AT + MINUTE };
/** What the platform answers to a save: the answer it was sent, stamped with its time. */
export function savedAnswer(input: { options: PlatformCookieConsent['options']; version: number }): PlatformCookieConsent {
  return { ...input, answeredAt: ANSWERED_AT + MINUTE };
}

export const offline = new ApiError('network', 0, 'network.error', 'Network Error');
export const refusedVersion = new ApiError('http', 400, 'error.cookie_consent.version.invalid', 'Only the cookie policy in force can be answered.');

const done = (id: string, output: unknown): EventObject => ({ type: `xstate.done.actor.${id}`, actorId: id, output }) as EventObject;
const failed = (id: string, error: unknown): EventObject => ({ type: `xstate.error.actor.${id}`, actorId: id, error }) as EventObject;

interface ConsentSnapshotView {
  value: { choice: string; platform: string };
  context: { options: PlatformCookieConsent['options']; version: number | null };
}

/** The events to try in a state: the calls' answers where one is pending, the session's and the player's events elsewhere. */
export function cookieConsentEventsIn(snapshot: ConsentSnapshotView): EventObject[] {
  const { choice, platform } = snapshot.value;
  const list: EventObject[] = [];
  if (choice === 'loading') {
    list.push(done('loadConsent', null), done('loadConsent', STORED_CURRENT), done('loadConsent', STORED_OUTDATED), done('loadConsent', STORED_UNANSWERED));
    // What JSON.parse throws for a corrupt stored value.
    list.push(failed('loadConsent', new SyntaxError('Unexpected token')));
  } else {
    if (choice === 'notice') {
      list.push({ type: 'consent.accept', at: ANSWERED_AT } as EventObject);
      // Essentials cannot be refused, whatever the caller sends.
      if (platform === 'visitor') list.push({ type: 'consent.accept', options: { essentials: false, marketing: false }, at: ANSWERED_AT } as EventObject);
    }
    // The account's cookie settings: a change (and, while the notice shows, an answer).
    if (choice === 'accepted' || platform === 'visitor') list.push({ type: 'consent.update', options: { marketing: false }, at: ANSWERED_AT } as EventObject);
    // Another tab answered: storage is read again (the platform region stays).
    if (platform === 'visitor' || platform === 'linked') list.push({ type: 'consent.load' });
  }
  // The session: a login (a retry after a failure too) and a logout (dropping a call under way).
  if (platform === 'visitor' || platform === 'failed') list.push({ type: 'consent.loggedIn' });
  if (platform === 'uploading' || platform === 'linked') list.push({ type: 'consent.loggedOut' });
  if (platform === 'fetching') {
    list.push(
      done('loadPlatformConsent', null),
      done('loadPlatformConsent', PLATFORM_EARLIER),
      done('loadPlatformConsent', PLATFORM_LATER),
      done('loadPlatformConsent', PLATFORM_OUTDATED),
      failed('loadPlatformConsent', offline),
    );
  }
  if (platform === 'uploading') {
    const version = snapshot.context.version ?? COOKIE_POLICY_VERSION;
    list.push(done('savePlatformConsent', savedAnswer({ options: snapshot.context.options, version })), failed('savePlatformConsent', refusedVersion));
  }
  return list;
}
