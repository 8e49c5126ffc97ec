import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { cookieConsentMachine, type StoredCookieConsent } from '../../../machines/cookieConsent.machine';
import { COOKIE_POLICY_VERSION } from '../../../machines/lib/constants';
import { CookieNotice } from '../../../src/features/consent/CookieNotice';
import { renderInRouter } from './render';

// behaviour.md §4 "Other states" / §9: the cookie notification; accepting stores the three options
// (all true by default) with the accepted flag, the policy version answered and when (issue 23).

/** The answer's version and time, as the notice stores them. */
const answered = { version: COOKIE_POLICY_VERSION, answeredAt: expect.any(Number) as unknown as number };

afterEach(cleanup);

async function setup(stored: StoredCookieConsent | null) {
  const persisted: StoredCookieConsent[] = [];
  const consent = createActor(
    cookieConsentMachine.provide({
      actors: { loadConsent: fromPromise(() => Promise.resolve(stored)) },
      actions: { persistConsent: (_, params: StoredCookieConsent) => void persisted.push(params) },
    }),
  );
  consent.start();
  await act(() => waitFor(consent, (snapshot) => !snapshot.hasTag('loading')).then(() => undefined));
  renderInRouter(
    <>
      <p>page content</p>
      <CookieNotice consent={consent} langmarket="en-UN" />
    </>,
  );
  await screen.findByText('page content');
  return { consent, persisted };
}

describe('CookieNotice', () => {
  it('a first visit shows the notice with a link to the cookie policy; Accept all stores every option', async () => {
    const { persisted } = await setup(null);
    const notice = await screen.findByRole('region', { name: 'Cookie consent' });
    expect(within(notice).getByRole('link', { name: 'cookie policy' }).getAttribute('href')).toBe('/en-UN/cookie-policy');
    fireEvent.click(within(notice).getByRole('button', { name: 'Accept all' }));
    expect(persisted).toEqual([{ essentials: true, performanceFunctional: true, marketing: true, accepted: true, ...answered }]);
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });

  it('Settings lets the visitor refuse marketing; essentials stay on and cannot be changed', async () => {
    const { persisted } = await setup(null);
    const notice = await screen.findByRole('region', { name: 'Cookie consent' });
    fireEvent.click(within(notice).getByRole('button', { name: 'Settings' }));
    const essentials = within(notice).getByRole('checkbox', { name: /Essential/ });
    expect((essentials as HTMLInputElement).checked).toBe(true);
    expect((essentials as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(within(notice).getByRole('checkbox', { name: /Marketing/ }));
    fireEvent.click(within(notice).getByRole('button', { name: 'Save choices' }));
    expect(persisted).toEqual([{ essentials: true, performanceFunctional: true, marketing: false, accepted: true, ...answered }]);
  });

  it('a visitor who already answered sees no notice', async () => {
    await setup({ essentials: true, performanceFunctional: false, marketing: false, accepted: true, version: COOKIE_POLICY_VERSION, answeredAt: 1_780_000_000_000 });
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });

  it('an answer to an older cookie policy shows the notice again, with the choices made then', async () => {
    await setup({ essentials: true, performanceFunctional: false, marketing: false, accepted: true, version: COOKIE_POLICY_VERSION - 1, answeredAt: 1_780_000_000_000 });
    const notice = await screen.findByRole('region', { name: 'Cookie consent' });
    fireEvent.click(within(notice).getByRole('button', { name: 'Settings' }));
    expect(within(notice).getByRole<HTMLInputElement>('checkbox', { name: /Marketing/ }).checked).toBe(false);
  });
});
