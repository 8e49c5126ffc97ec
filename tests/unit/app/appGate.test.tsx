import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { accessCheckMachine, type AccessContextResult } from '../../../machines/accessCheck.machine';
import { cookieConsentMachine, type StoredCookieConsent } from '../../../machines/cookieConsent.machine';
import { COOKIE_POLICY_VERSION } from '../../../machines/lib/constants';
import { type AuthenticatedSession, sessionMachine } from '../../../machines/session.machine';
import { ApiError } from '../../../src/api/errors';
import { AppGate } from '../../../src/app/AppGate';
import { renderInRouter } from './render';

// product.md §2 "Route guards": maintenance mode and restricted access show their pages, which
// replace the whole app; while access is unknown a loading view shows.

afterEach(cleanup);

async function renderGate(fetchAccessContext: () => Promise<AccessContextResult>) {
  const fetch = vi.fn(fetchAccessContext);
  const session = createActor(
    sessionMachine.provide({
      actors: {
        restoreSession: fromPromise<AuthenticatedSession | null>(() => Promise.resolve(null)),
        accessCheck: accessCheckMachine.provide({ actors: { fetchAccessContext: fromPromise(() => fetch()) } }),
        cookieConsent: cookieConsentMachine.provide({
          actors: { loadConsent: fromPromise<StoredCookieConsent | null>(() => Promise.resolve({ essentials: true, performanceFunctional: true, marketing: true, accepted: true, version: COOKIE_POLICY_VERSION, answeredAt: null })) },
        }),
      },
    }),
    { input: { langMarket: { language: 'en', market: 'UN' } } },
  );
  session.start();
  session.send({ type: 'session.start' });
  renderInRouter(
    <AppGate session={session} langmarket="en-UN">
      <nav aria-label="Main menu">the app</nav>
    </AppGate>,
  );
  const accessCheck = session.getSnapshot().context.accessCheckRef;
  await act(() => waitFor(accessCheck, (snapshot) => !snapshot.hasTag('loading')).then(() => undefined));
  return { session, accessCheck, fetch };
}

describe('AppGate', () => {
  it('shows the app, the toasts region and no page of its own when access is allowed', async () => {
    await renderGate(() => Promise.resolve({ countryCode: 'FI', maintenance: false }));
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeTruthy();
  });

  it('a restricted country replaces the whole app with the restricted page', async () => {
    await renderGate(() => Promise.reject(new ApiError('http', 403, 'error.access.restricted', 'Restricted')));
    expect(await screen.findByRole('heading', { level: 1, name: /not available in your country/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /support@/ })).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('maintenance replaces the whole app with the maintenance page', async () => {
    await renderGate(() => Promise.reject(new ApiError('http', 503, 'error.maintenance', 'Maintenance')));
    expect(await screen.findByRole('heading', { level: 1, name: /maintenance/ })).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('an unreachable platform shows a retry screen; Try again checks access again', async () => {
    let answer: () => Promise<AccessContextResult> = () => Promise.reject(new ApiError('network', 0, 'network.error', 'Network Error'));
    const { accessCheck, fetch } = await renderGate(() => answer());
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not connect to the site' })).toBeTruthy();
    answer = () => Promise.resolve({ countryCode: 'FI', maintenance: false });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await act(() => waitFor(accessCheck, (snapshot) => snapshot.matches('allowed')).then(() => undefined));
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeTruthy();
  });
});
