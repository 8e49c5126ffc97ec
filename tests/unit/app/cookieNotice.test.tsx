import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { cookieConsentMachine, type StoredCookieConsent } from '../../../machines/cookieConsent.machine';
import { CookieNotice } from '../../../src/features/consent/CookieNotice';
import { renderInRouter } from './render';

// behaviour.md §4 "Other states" / §9: the cookie notification; accepting stores the three options
// (all true by default) with the accepted flag.

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
    expect(persisted).toEqual([{ essentials: true, performanceFunctional: true, marketing: true, accepted: true }]);
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
    expect(persisted).toEqual([{ essentials: true, performanceFunctional: true, marketing: false, accepted: true }]);
  });

  it('a visitor who already answered sees no notice', async () => {
    await setup({ essentials: true, performanceFunctional: false, marketing: false, accepted: true });
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });
});
