import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LangMarket } from '../../../machines/lib/markets';
import { JACKPOT_REFRESH_MS, gameKeys, tableSeatsQuery } from '../../../src/api/gameQueries';
import type { Game, JackpotsResponse, LobbyResponse, TableSeatsResponse } from '../../../src/api/games';
import {
  JackpotTicker,
  nextTracks,
  TICKER_JACKPOTS_MAX,
  TICKER_TEXT_MS,
  tickerGamesOf,
  trackValueAt,
  type JackpotTrack,
} from '../../../src/features/games/JackpotTicker';
import { TableSeats } from '../../../src/features/games/TableSeats';
import { activateEnglish } from '../app/render';

// The casino lobby's jackpot ticker and the live tables' seats (issue 12): the amounts count from
// the last value to the newest over one refresh and never down unless won; the strip is one region
// with one list for assistive technology (the moving copy is hidden), a pause button, and no
// movement or counting when the player asks for less motion. A table's tile shows its seats taken.

const UN: LangMarket = { language: 'en', market: 'UN' };

function game(id: string, overrides: Partial<Game> = {}): Game {
  return {
    id,
    type: 'casino',
    label: `Game ${id}`,
    gameProvider: 'pragmaticplay',
    subProvider: null,
    thumbnail: { img1x: '', img2x: '', img3x: '' },
    gridSize: '1x',
    gameType: 'slot',
    betLimits: [],
    seats: null,
    seatsTaken: null,
    jackpotExist: true,
    verticalImage: null,
    gameSlug: id,
    channels: ['desktop'],
    providerRestrictedCountry: [],
    rtp: 96,
    volatility: 'high',
    ...overrides,
  };
}

function lobbyOf(...rows: { games: Game[]; visibleInLobby?: boolean }[]): LobbyResponse {
  const grid = { columns: 2, rows: 1 };
  return {
    lobby: 'casino',
    providers: [],
    categories: rows.map((row, index) => ({
      category: {
        id: `category-${String(index)}`,
        label: `Category ${String(index)}`,
        visibleInMenu: true,
        visibleInLobby: row.visibleInLobby ?? true,
        iconSvg: '',
        grid: { desktop: grid, tablet: grid, mobile: grid },
        widgetType: 'grid' as const,
      },
      total: row.games.length,
      games: row.games,
    })),
  };
}

describe('the ticker’s counting', () => {
  const track: JackpotTrack = { from: 10_000, to: 13_000, startedAt: 1_000 };

  it('counts from the shown amount to the newest over one refresh, in whole cents', () => {
    expect(trackValueAt(track, 0)).toBe(10_000);
    expect(trackValueAt(track, 1_000 + JACKPOT_REFRESH_MS / 3)).toBe(11_000);
    expect(trackValueAt(track, 1_000 + JACKPOT_REFRESH_MS)).toBe(13_000);
    expect(trackValueAt(track, 1_000 + 5 * JACKPOT_REFRESH_MS)).toBe(13_000);
  });

  it('goes on from what is shown when a refresh brings a larger amount, and jumps on a first, a won or a still amount', () => {
    const at = 1_000 + JACKPOT_REFRESH_MS / 2;
    const next = nextTracks(
      new Map([
        ['a', track],
        ['b', track],
        ['c', track],
      ]),
      new Map([
        ['a', 20_000],
        ['b', 500],
        ['d', 7_000],
        ['c', 13_000],
      ]),
      at,
      true,
    );
    expect(next.get('a')).toEqual({ from: 11_500, to: 20_000, startedAt: at });
    // Won: starts again from its seed at once, never counting down.
    expect(next.get('b')).toEqual({ from: 500, to: 500, startedAt: at });
    expect(next.get('d')).toEqual({ from: 7_000, to: 7_000, startedAt: at });
    // Unchanged: keeps counting where it was.
    expect(next.get('c')).toBe(track);
    // Not counting (reduced motion): the newest amount as it is.
    const still = nextTracks(
      new Map([
        ['a', track],
        ['c', track],
      ]),
      new Map([
        ['a', 20_000],
        ['c', 13_000],
      ]),
      at,
      false,
    );
    expect(still.get('a')).toEqual({ from: 20_000, to: 20_000, startedAt: at });
    expect(still.get('c')).toEqual({ from: 13_000, to: 13_000, startedAt: at });
  });

  it('carries each jackpot game of the lobby’s rows once, without those restricted in the viewer’s country or in hidden rows', () => {
    const restricted = game('r', { providerRestrictedCountry: ['FI'] });
    const lobby = lobbyOf(
      { games: [game('a'), game('plain', { jackpotExist: false }), restricted] },
      { games: [game('a'), game('b')] },
      { games: [game('c')], visibleInLobby: false },
    );
    expect(tickerGamesOf(lobby, 'FI')).toEqual([
      { id: 'a', label: 'Game a' },
      { id: 'b', label: 'Game b' },
    ]);
    expect(tickerGamesOf(lobby, null).map((entry) => entry.id)).toEqual(['a', 'r', 'b']);
    const many = lobbyOf({ games: Array.from({ length: TICKER_JACKPOTS_MAX + 5 }, (_, index) => game(`g${String(index)}`)) });
    expect(tickerGamesOf(many, null)).toHaveLength(TICKER_JACKPOTS_MAX);
  });
});

function jackpots(amounts: Record<string, string>): JackpotsResponse {
  return { jackpots: Object.entries(amounts).map(([gameId, amount]) => ({ gameId, amount, currency: 'EUR', updatedAt: '2025-06-11T12:00:00.000Z' })) };
}

function setReducedMotion(reduced: boolean) {
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    matches: reduced && query.includes('prefers-reduced-motion'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

function renderWith(client: QueryClient, ui: ReactNode) {
  activateEnglish();
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </I18nProvider>,
  );
}

describe('JackpotTicker', () => {
  const lobby = lobbyOf({ games: [game('a'), game('b')] });
  let client: QueryClient;

  beforeEach(() => {
    // Seeded answers stay fresh: nothing is asked of the network.
    client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    Reflect.deleteProperty(window, 'matchMedia');
  });

  it('is one named region with one list for assistive technology, the moving copy hidden, and a pause button', () => {
    client.setQueryData(gameKeys.jackpots(['a', 'b']), jackpots({ a: '12345.67', b: '500.00' }));
    renderWith(client, <JackpotTicker lobby={lobby} country={null} langMarket={UN} />);
    const region = screen.getByRole('region', { name: 'Jackpot ticker' });
    const list = within(region).getByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Game a €12,345.67', 'Game b €500.00']);
    // The copy that closes the loop is there for the eye only; nothing is a live region.
    expect(region.querySelectorAll('ul[aria-hidden="true"]')).toHaveLength(1);
    expect(region.querySelector('[aria-live]')).toBeNull();
    const pause = within(region).getByRole('button', { name: 'Pause the jackpot ticker' });
    fireEvent.click(pause);
    expect(within(region).getByRole('button', { name: 'Resume the jackpot ticker' })).toBe(pause);
    expect(region.querySelector('[data-paused="true"]')).not.toBeNull();
  });

  it('keeps its line before the amounts come, and is not there for a lobby without jackpots', () => {
    const { container, rerender } = renderWith(client, <JackpotTicker lobby={lobby} country={null} langMarket={UN} />);
    expect(screen.getByRole('region', { name: 'Jackpot ticker' })).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    rerender(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <JackpotTicker lobby={lobbyOf({ games: [game('plain', { jackpotExist: false })] })} country={null} langMarket={UN} />
        </QueryClientProvider>
      </I18nProvider>,
    );
    expect(container.innerHTML).toBe('');
  });

  it('counts up between refreshes, a few steps a second', async () => {
    vi.useFakeTimers({
      toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    client.setQueryData(gameKeys.jackpots(['a', 'b']), jackpots({ a: '100.00', b: '500.00' }));
    renderWith(client, <JackpotTicker lobby={lobby} country={null} langMarket={UN} />);
    const amountOf = () => within(screen.getByRole('list')).getAllByRole('listitem')[0]?.textContent;
    expect(amountOf()).toBe('Game a €100.00');
    await act(() => client.setQueryData(gameKeys.jackpots(['a', 'b']), jackpots({ a: '130.00', b: '500.00' })));
    // The query tells its observers on the next task: the refresh lands, then the count runs.
    await act(() => vi.advanceTimersByTime(1));
    expect(amountOf()).toBe('Game a €100.00');
    await act(() => vi.advanceTimersByTime(JACKPOT_REFRESH_MS / 2));
    const halfway = Number((amountOf() ?? '').replace(/[^\d.]/g, ''));
    expect(halfway).toBeGreaterThan(110);
    expect(halfway).toBeLessThan(120);
    // The text changes at most every TICKER_TEXT_MS (250 ms), though frames come every 16 ms.
    const seen = new Set<string>();
    for (let step = 0; step < 50; step += 1) {
      await act(() => vi.advanceTimersByTime(20));
      seen.add(amountOf() ?? '');
    }
    expect(seen.size).toBeGreaterThan(1);
    expect(seen.size).toBeLessThanOrEqual(1_000 / TICKER_TEXT_MS + 1);
    await act(() => vi.advanceTimersByTime(JACKPOT_REFRESH_MS));
    expect(amountOf()).toBe('Game a €130.00');
  });

  it('stands still for a player who asks for less motion: no moving copy, the newest amounts at once, scrollable by keyboard', async () => {
    setReducedMotion(true);
    client.setQueryData(gameKeys.jackpots(['a', 'b']), jackpots({ a: '100.00', b: '500.00' }));
    renderWith(client, <JackpotTicker lobby={lobby} country={null} langMarket={UN} />);
    const region = screen.getByRole('region', { name: 'Jackpot ticker' });
    expect(region.querySelectorAll('ul')).toHaveLength(1);
    expect(region.querySelector('[tabindex="0"]')).not.toBeNull();
    await act(() => client.setQueryData(gameKeys.jackpots(['a', 'b']), jackpots({ a: '130.00', b: '500.00' })));
    await waitFor(() => expect(within(region).getAllByRole('listitem')[0]?.textContent).toBe('Game a €130.00'));
  });
});

describe('TableSeats', () => {
  afterEach(cleanup);

  it('shows the table’s seats taken, short on the tile and as a sentence for a screen reader', () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const seats: TableSeatsResponse = { tables: [{ gameId: 'live-1', seats: 7, seatsTaken: 3 }], updatedAt: new Date().toISOString() };
    client.setQueryData(tableSeatsQuery().queryKey, seats);
    const { container } = renderWith(
      client,
      <>
        <TableSeats gameId="live-1" />
        <TableSeats gameId="live-2" />
      </>,
    );
    expect(screen.getByText('Seats taken: 3 of 7')).toBeTruthy();
    expect(screen.getByText('Seats 3/7').getAttribute('aria-hidden')).toBe('true');
    // A table without seats (or not yet counted) shows nothing.
    expect(container.querySelectorAll('span[aria-hidden="true"]')).toHaveLength(1);
  });
});
