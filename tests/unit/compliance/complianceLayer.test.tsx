import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, setup, type ActorRefFrom } from 'xstate';
import type { LangMarket } from '../../../machines/lib/markets';
import type { sessionMachine } from '../../../machines/session.machine';
import type { ActivitySummary } from '../../../src/api/responsibleGambling';
import { rgKeys } from '../../../src/api/responsibleGamblingQueries';
import { LimitWarnings, PlayerBars } from '../../../src/features/compliance/PlayerCompliance';
import { SwedishBadges } from '../../../src/features/compliance/SwedishBadges';
import { renderInRouter } from '../app/render';

// The compliance layer's screens (issue 13): the Swedish badges (their names kept, their
// descriptions translated, the external ones opened safely), the UK session bar (a named region
// whose clock ticks each second without a live region) and the 80 % warning (dismissed, it stays
// away until a new limit reaches 80 %).

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const GG: LangMarket = { language: 'en', market: 'GG' };
const LOGIN = { playerId: 7, iat: 1_700_000_000 };

/** A stand-in for the session: a logged-in player's context, no children (no wallet), no flows. */
function fakeSession() {
  const context = {
    authorized: true,
    claims: { playerId: LOGIN.playerId, iat: LOGIN.iat, countryCode: 'GB' },
    profile: null,
    flows: { exclusion: null },
  };
  const machine = setup({ types: { context: {} as typeof context } }).createMachine({ context });
  return createActor(machine).start() as unknown as ActorRefFrom<typeof sessionMachine>;
}

function summary(overrides: Partial<ActivitySummary> = {}): ActivitySummary {
  return {
    settings: { intervalMinutes: 60, activityTimerOn: true },
    currency: 'GBP',
    sessionStartedAt: '2025-01-01T10:00:00.000Z',
    turnover: '20.00',
    winnings: '15.00',
    delta: '-5.00',
    limitWarnings: [],
    ...overrides,
  };
}

function withQueries(client: QueryClient, ui: ReactNode) {
  return <QueryClientProvider client={client}>{ui}</QueryClientProvider>;
}

function clientWith(data: ActivitySummary): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(rgKeys.activitySummary(LOGIN), data);
  return client;
}

describe('the Swedish badges', () => {
  it('links Spelpaus, Spelgränser and Självtest under their Swedish names, described in the page language', async () => {
    renderInRouter(<SwedishBadges langmarket="en-PP" />, '/en-PP');
    const nav = await screen.findByRole('navigation', { name: 'Responsible gambling tools' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Spelpaus', 'Spelgränser', 'Självtest']);
    for (const link of links) {
      expect(link.querySelector('[lang="sv"]')).not.toBeNull();
      const description = document.getElementById(link.getAttribute('aria-describedby') ?? '');
      expect(description?.textContent).toBeTruthy();
    }
    const [spelpaus, spelgranser, sjalvtest] = links as [HTMLElement, HTMLElement, HTMLElement];
    expect(spelpaus.getAttribute('href')).toBe('https://www.spelpaus.se/');
    expect(sjalvtest.getAttribute('href')).toMatch(/^https:\/\/www\.stodlinjen\.se\//);
    for (const external of [spelpaus, sjalvtest]) {
      expect(external.getAttribute('target')).toBe('_blank');
      expect(external.getAttribute('rel')).toBe('noopener noreferrer');
      expect(document.getElementById(external.getAttribute('aria-describedby') ?? '')?.textContent).toContain('Opens in a new tab.');
    }
    expect(spelgranser.getAttribute('href')).toBe('/en-PP/my-account/gambling-limits');
    expect(spelgranser.getAttribute('target')).toBeNull();
  });
});

describe('the UK session bar', () => {
  it('shows the time since login and the net position in a named region, and ticks each second without a live region', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2025-01-01T11:02:03.400Z'));
    const session = fakeSession();
    renderInRouter(
      withQueries(
        clientWith(summary()),
        <PlayerBars session={session} langMarket={GG} sessionBar panicButton={false} loadExclusionFlow={() => Promise.resolve()} />,
      ),
      '/en-GG',
    );
    const region = await screen.findByRole('region', { name: 'Your session' });
    const clock = within(region).getByTestId('session-clock');
    expect(clock.textContent).toBe('1:02:03');
    expect(clock.getAttribute('dateTime')).toBe('PT1H2M3S');
    expect(within(region).getByTestId('session-net').textContent).toBe('-£5.00');
    expect(region.querySelector('[aria-live], [role="status"], [role="timer"], [role="alert"]')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600);
    });
    expect(clock.textContent).toBe('1:02:04');
  });
});

describe('the 80 % warning', () => {
  const daily = { kind: 'deposit' as const, duration: 'D' as const, used: '85.00', value: '100.00' };

  it('names the limit and what is used, links to the limits page, and stays dismissed until a new limit reaches 80 %', async () => {
    const client = clientWith(summary({ limitWarnings: [daily] }));
    renderInRouter(withQueries(client, <LimitWarnings session={fakeSession()} langMarket={GG} login={LOGIN} />), '/en-GG');
    const notice = await screen.findByTestId('limit-warning');
    expect(notice.textContent).toContain('You have used £85.00 (85%) of your daily deposit limit of £100.00.');
    expect(within(notice).getByRole('link', { name: 'Review your gambling limits' }).getAttribute('href')).toBe('/en-GG/my-account/gambling-limits');
    expect(notice.closest('[role="status"]')).not.toBeNull();

    fireEvent.click(within(notice).getByRole('button', { name: 'Dismiss the limit warning' }));
    expect(screen.queryByTestId('limit-warning')).toBeNull();

    // More of the same limit used: still dismissed.
    await act(() => client.setQueryData(rgKeys.activitySummary(LOGIN), summary({ limitWarnings: [{ ...daily, used: '95.00' }] })));
    expect(screen.queryByTestId('limit-warning')).toBeNull();

    // Another limit reaches 80 %: the notice is back, with it only.
    await act(() =>
      client.setQueryData(rgKeys.activitySummary(LOGIN), summary({ limitWarnings: [daily, { kind: 'spend', duration: 'W', used: '40.00', value: '50.00' }] })),
    );
    const again = await screen.findByTestId('limit-warning');
    expect(again.textContent).toContain('You have used £40.00 (80%) of your weekly spend limit of £50.00.');
    expect(again.textContent).not.toContain('daily deposit');
  });
});
