import { createActor } from 'xstate';
import type { AnyActorRef, EventFromLogic } from 'xstate';
import { describe, expect, it } from 'vitest';
import { accessCheckMachine } from '../../machines/accessCheck.machine';
import type { AccessContextResult } from '../../machines/accessCheck.machine';
import { cookieConsentMachine } from '../../machines/cookieConsent.machine';
import type { StoredCookieConsent } from '../../machines/cookieConsent.machine';
import type { LangMarket } from '../../machines/lib/markets';
import { isAuthorized, isResolved } from '../../machines/session.guards';
import { sessionMachine, sessionStatus } from '../../machines/session.machine';
import type { SessionClaims } from '../../machines/session.machine';
import { coverPaths, FakePromises, formatCoverage, settle } from './lib/pathCoverage';

type SessionEvent = EventFromLogic<typeof sessionMachine>;

const EN_UN: LangMarket = { language: 'en', market: 'UN' };
const FI_FI: LangMarket = { language: 'fi', market: 'FI' };

const claims: SessionClaims = {
  countryCode: 'FI',
  playerId: 1001,
  playerAccessId: 'access-1001',
  email: 'player@example.com',
  language: 'fi',
  iat: 1_700_000_000,
  loginMethod: 'DEFAULT',
  zendeskJwtToken: null,
  registrationDate: '2024-01-31',
  multibrand: { suspended: false },
  provinceCode: null,
  exp: 1_700_086_400,
};

const events: SessionEvent[] = [
  { type: 'session.start' },
  // Today's app: nobody to restore.
  { type: 'xstate.done.actor.restoreSession', actorId: 'restoreSession', output: null },
  // The login issue: a session restored from the id-token cookie.
  { type: 'xstate.done.actor.restoreSession', actorId: 'restoreSession', output: claims },
  { type: 'xstate.error.actor.restoreSession', actorId: 'restoreSession', error: new Error('Network Error') },
  { type: 'locale.change', langMarket: FI_FI },
  { type: 'session.logout' },
];

interface World {
  /** The children seen at the first step: they must live as long as the session. */
  children: { accessCheck: AnyActorRef; cookieConsent: AnyActorRef; toast: AnyActorRef } | null;
}

/** The session with its real children, each given fake outside-world actors. */
function setupWith(fakes: FakePromises) {
  const world: World = { children: null };
  const machine = sessionMachine.provide({
    actors: {
      restoreSession: fakes.actor<SessionClaims | null>(),
      accessCheck: accessCheckMachine.provide({ actors: { fetchAccessContext: fakes.actor<AccessContextResult>() } }),
      cookieConsent: cookieConsentMachine.provide({ actors: { loadConsent: fakes.actor<StoredCookieConsent | null>() } }),
    },
  });
  return { machine, world };
}

describe('session machine (behaviour.md §4 "Session")', () => {
  it('reaches every state and transition, and each state shows what it promises', async () => {
    const result = await coverPaths({
      setup: setupWith,
      input: { langMarket: EN_UN },
      events,
      check: (snapshot, { actor, event, previous, fakes, world }) => {
        const { context } = snapshot;

        // The three children are spawned once, at creation, and found by id and by system id.
        const children = {
          accessCheck: context.accessCheckRef,
          cookieConsent: context.cookieConsentRef,
          toast: context.toastRef,
        };
        for (const [id, ref] of Object.entries(children)) {
          expect(ref.id).toBe(id);
          expect(actor.system.get(id)).toBe(ref);
          expect(snapshot.children[id as keyof typeof children]).toBe(ref);
        }
        world.children ??= children;
        expect(children).toEqual(world.children);
        expect(children.accessCheck).toBe(world.children.accessCheck);

        // The route's language and market follow locale.change in every state, and only it.
        expect(context.langMarket).toEqual(
          event.type === 'locale.change' ? event.langMarket : (previous?.context.langMarket ?? EN_UN),
        );

        switch (sessionStatus(snapshot)) {
          case 'pending':
            expect(snapshot.hasTag('loading')).toBe(true);
            // Nothing is asked before the app says it has booted.
            expect(fakes.calls.some((call) => call.id === 'restoreSession')).toBe(false);
            break;
          case 'requested':
            expect(snapshot.hasTag('loading')).toBe(true);
            expect(fakes.isPending('restoreSession')).toBe(true);
            expect(isResolved(snapshot)).toBe(false);
            break;
          case 'resolved':
            expect(snapshot.hasTag('loading')).toBe(false);
            expect(isResolved(snapshot)).toBe(true);
            break;
        }
        if (snapshot.matches({ resolved: 'authorized' })) {
          expect(context.authorized).toBe(true);
          expect(context.claims).toEqual(claims);
          expect(isAuthorized(snapshot)).toBe(true);
        } else {
          // Anonymous, not yet known, or logged out: no flag, no claims, no profile.
          expect(context.authorized).toBe(false);
          expect(context.claims).toBeNull();
          expect(context.profile).toBeNull();
          expect(isAuthorized(snapshot)).toBe(false);
        }
      },
    });
    console.info(formatCoverage('session', result));
    expect(result.uncoveredStates).toEqual([]);
    expect(result.uncoveredTransitions).toEqual([]);
    expect(result.statesCovered).toBe(result.statesTotal);
    expect(result.transitionsCovered).toBe(result.transitionsTotal);
  });

  // The graph sees the children only as references in the context; what they do is driven here.
  it('runs its children: the access check asks the platform, cookie consent reads storage, toasts can be shown', async () => {
    const fakes = new FakePromises();
    const persisted: StoredCookieConsent[] = [];
    const machine = sessionMachine.provide({
      actors: {
        restoreSession: fakes.actor<SessionClaims | null>(),
        accessCheck: accessCheckMachine.provide({ actors: { fetchAccessContext: fakes.actor<AccessContextResult>() } }),
        cookieConsent: cookieConsentMachine.provide({
          actors: { loadConsent: fakes.actor<StoredCookieConsent | null>() },
          actions: { persistConsent: (_, params) => persisted.push(params) },
        }),
      },
    });
    const session = createActor(machine, { input: { langMarket: EN_UN } }).start();
    const { accessCheckRef, cookieConsentRef, toastRef } = session.getSnapshot().context;

    // The children start with the session, before session.start.
    expect(accessCheckRef.getSnapshot().hasTag('loading')).toBe(true);
    expect(fakes.isPending('fetchAccessContext')).toBe(true);
    expect(fakes.isPending('loadConsent')).toBe(true);

    fakes.resolve('fetchAccessContext', { countryCode: 'FI', maintenance: false });
    fakes.resolve('loadConsent', null);
    await settle();
    expect(accessCheckRef.getSnapshot().value).toBe('allowed');
    expect(accessCheckRef.getSnapshot().context.countryCode).toBe('FI');
    expect(cookieConsentRef.getSnapshot().hasTag('notice')).toBe(true);

    cookieConsentRef.send({ type: 'consent.accept' });
    expect(persisted).toEqual([{ essentials: true, performanceFunctional: true, marketing: true, accepted: true }]);

    toastRef.send({ type: 'toast.show', kind: 'success', text: 'Welcome' });
    expect(toastRef.getSnapshot().context.toasts.map((toast) => toast.text)).toEqual(['Welcome']);

    // The session's own life does not restart them.
    session.send({ type: 'session.start' });
    fakes.resolve('restoreSession', claims);
    await settle();
    session.send({ type: 'locale.change', langMarket: FI_FI });
    session.send({ type: 'session.logout' });
    expect(session.getSnapshot().value).toEqual({ resolved: 'anonymous' });
    expect(session.getSnapshot().context.accessCheckRef).toBe(accessCheckRef);
    expect(accessCheckRef.getSnapshot().value).toBe('allowed');
    expect(cookieConsentRef.getSnapshot().value).toBe('accepted');
    expect(toastRef.getSnapshot().context.toasts).toHaveLength(1);

    session.stop();
    expect(accessCheckRef.getSnapshot().status).toBe('stopped');
  });
});
