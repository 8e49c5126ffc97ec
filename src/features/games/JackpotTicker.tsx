import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { intlLocaleFor, type LangMarket } from '../../../machines/lib/markets';
import { isCurrency, parseSignedMoney } from '../../../machines/lib/wallet';
import type { JackpotsResponse, LobbyResponse } from '../../api/games';
import { JACKPOT_REFRESH_MS, jackpotsQuery } from '../../api/gameQueries';
import { cssVars } from '../../ui/cssVars';
import { moneyFormat, type MoneyFormat } from '../../ui/money';
import * as s from './games.css';
import { jackpotIdsOf } from './lobbyState';
import { lobbyRows } from './tiles';

// The casino lobby's jackpot ticker (issue 12; product.md §3 "jackpot values"): a strip of the
// jackpot games of the lobby's rows with their amounts, counting up between the lobby's 30 s
// refreshes. The amounts move from the last value to the newest over one refresh, so the strip
// never shows more than the platform said and never counts down (unless a jackpot was won).
//
// Cheap: the strip moves by a CSS transform; the amounts' text changes at most four times a second
// (a requestAnimationFrame loop, which also stops in a hidden tab), in this component's own state,
// so the lobby and its tiles never render for it. Accessible: a named region with a plain list (no
// live region: nothing is announced as it counts); the copy that closes the loop is aria-hidden; a
// pause button stops the movement and the counting (WCAG 2.2.2), a pointer on the strip or the
// focus in it holds it, and it scrolls by hand (every jackpot can be reached at 320 px);
// with prefers-reduced-motion the strip stands still and the amounts just change with each refresh.
// Its line is a fixed height from the first paint on, so nothing moves when the amounts come.

/** The most jackpots the strip carries: one pass stays about a minute. */
export const TICKER_JACKPOTS_MAX = 16;
/** Seconds of a pass per jackpot: about the same speed whatever the count. */
const SECONDS_PER_JACKPOT = 4;
/** The amounts' text changes at most this often: enough to look like counting, cheap to render. */
export const TICKER_TEXT_MS = 250;

/** One amount counting from `from` to `to` (cents) over a refresh, from `startedAt` (performance.now() time). */
export interface JackpotTrack {
  from: number;
  to: number;
  startedAt: number;
}

/** The amount a track shows at `at`: whole cents, from `from` to `to` over JACKPOT_REFRESH_MS. */
export function trackValueAt(track: JackpotTrack, at: number): number {
  const progress = Math.min(1, Math.max(0, (at - track.startedAt) / JACKPOT_REFRESH_MS));
  return Math.floor(track.from + (track.to - track.from) * progress);
}

/**
 * The tracks after a refresh brought `samples` (cents per game) at `at`: an amount that grew counts
 * on from what is shown now to the new one; a first amount, a smaller one (the jackpot was won) or
 * any amount when not counting is shown as it is; an amount that did not change keeps its track
 * (while counting: resuming after a pause goes on where the count would be).
 */
export function nextTracks(
  previous: ReadonlyMap<string, JackpotTrack>,
  samples: ReadonlyMap<string, number>,
  at: number,
  counting: boolean,
): Map<string, JackpotTrack> {
  const next = new Map<string, JackpotTrack>();
  for (const [gameId, cents] of samples) {
    const track = previous.get(gameId);
    if (track?.to === cents && (counting || track.from === cents)) {
      next.set(gameId, track);
      continue;
    }
    const shown = track === undefined ? null : trackValueAt(track, at);
    next.set(gameId, counting && shown !== null && cents >= shown ? { from: shown, to: cents, startedAt: at } : { from: cents, to: cents, startedAt: at });
  }
  return next;
}

export interface TickerGame {
  id: string;
  label: string;
}

/** The jackpot games of the lobby's rows, each once, in the lobby's order, without those the viewer's country hides or overlays. */
export function tickerGamesOf(lobby: LobbyResponse, country: string | null): TickerGame[] {
  const games = new Map<string, TickerGame>();
  for (const { tiles } of lobbyRows(lobby, country)) {
    for (const tile of tiles) {
      if (tile.jackpotExist && tile.availability === 'available' && !games.has(tile.id)) games.set(tile.id, { id: tile.id, label: tile.label });
    }
  }
  return [...games.values()].slice(0, TICKER_JACKPOTS_MAX);
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Does the player ask for less motion? False where it cannot be known (the first paint, an old browser). */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/** The answer's amounts in cents per game, with each amount's currency. */
function samplesOf(data: JackpotsResponse | undefined): { cents: Map<string, number>; currency: Map<string, string> } | null {
  if (data === undefined) return null;
  const cents = new Map<string, number>();
  const currency = new Map<string, string>();
  for (const jackpot of data.jackpots) {
    const value = isCurrency(jackpot.currency) ? parseSignedMoney(jackpot.amount, jackpot.currency) : null;
    if (value === null) continue;
    cents.set(jackpot.gameId, value);
    currency.set(jackpot.gameId, jackpot.currency);
  }
  return { cents, currency };
}

function PauseIcon({ paused }: { paused: boolean }) {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <path d={paused ? 'M8 5v14l11-7z' : 'M7 5h4v14H7zM13 5h4v14h-4z'} />
    </svg>
  );
}

export interface JackpotTickerProps {
  /** The lobby's rows (undefined while they load: the ticker waits with them). */
  lobby: LobbyResponse | undefined;
  /** The viewer's country: games hidden or overlaid there are left out. */
  country: string | null;
  langMarket: LangMarket;
}

export function JackpotTicker({ lobby, country, langMarket }: JackpotTickerProps) {
  const { t } = useLingui();
  const games = useMemo(() => (lobby === undefined ? [] : tickerGamesOf(lobby, country)), [lobby, country]);
  // The same ids the lobby's tiles ask for (LobbyPage useJackpots): one request serves both.
  const ids = useMemo(() => (lobby === undefined ? [] : jackpotIdsOf(lobbyRows(lobby, country).flatMap((row) => row.tiles))), [lobby, country]);
  const { data } = useQuery(jackpotsQuery(ids));
  const samples = useMemo(() => samplesOf(data), [data]);
  const reduced = usePrefersReducedMotion();
  const [paused, setPaused] = useState(false);
  const [tracks, setTracks] = useState<ReadonlyMap<string, JackpotTrack>>(() => new Map());
  // The time the amounts are drawn at: moved by the loop below, held while paused.
  const [now, setNow] = useState(0);

  // A refresh sets the next targets; paused, the amounts stay as they are until the player resumes.
  useEffect(() => {
    if (paused || samples === null) return;
    setTracks((previous) => nextTracks(previous, samples.cents, performance.now(), !reduced));
  }, [samples, paused, reduced]);

  // Counting: a frame loop that lets the text change at most every TICKER_TEXT_MS, and ends when
  // every amount has reached its target.
  useEffect(() => {
    if (paused || reduced) return;
    let end = 0;
    for (const track of tracks.values()) if (track.from !== track.to) end = Math.max(end, track.startedAt + JACKPOT_REFRESH_MS);
    if (end <= performance.now()) return;
    let frame = 0;
    let drawnAt = Number.NEGATIVE_INFINITY;
    const step = (time: number) => {
      if (time - drawnAt >= TICKER_TEXT_MS || time >= end) {
        drawnAt = time;
        setNow(time);
      }
      if (time < end) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [tracks, paused, reduced]);

  const locale = intlLocaleFor(langMarket);
  // One formatter per currency, made again only with a refresh (not for each counting step).
  const formats = useMemo(
    () => new Map<string, MoneyFormat>([...new Set(samples?.currency.values())].map((currency) => [currency, moneyFormat(locale, currency)])),
    [samples, locale],
  );

  if (games.length === 0) return null;
  const shown = games.flatMap((game) => {
    const track = tracks.get(game.id);
    const format = formats.get(samples?.currency.get(game.id) ?? '');
    return track && format ? [{ ...game, amount: format.cents(trackValueAt(track, now)) }] : [];
  });
  const items = shown.map((game) => (
    <li key={game.id} className={s.tickerItem}>
      <span className={s.tickerName}>{game.label}</span> <span className={s.tickerAmount}>{game.amount}</span>
    </li>
  ));
  const pauseLabel = paused
    ? t({ id: 'games.jackpots.resume', message: 'Resume the jackpot ticker' })
    : t({ id: 'games.jackpots.pause', message: 'Pause the jackpot ticker' });

  return (
    <section className={s.ticker} aria-label={t({ id: 'games.jackpots.label', message: 'Jackpot ticker' })}>
      {/* Not a heading, and not read out: the lobby has a "Jackpots" category row, and the region's name says it. */}
      <span className={s.tickerTitle} aria-hidden="true">
        <Trans id="games.jackpots.title">Jackpots</Trans>
      </span>
      {/* The strip also scrolls by hand: focusable, so a keyboard can scroll it too (focused, it holds still). */}
      <div className={s.tickerViewport} tabIndex={shown.length > 0 ? 0 : undefined}>
        {shown.length > 0 ? (
          <div className={s.tickerTrack} data-paused={paused} style={cssVars([[s.tickerDuration, `${String(shown.length * SECONDS_PER_JACKPOT)}s`]])}>
            <ul className={s.tickerList}>{items}</ul>
            {reduced ? null : (
              <ul className={s.tickerList} aria-hidden="true">
                {items}
              </ul>
            )}
          </div>
        ) : null}
      </div>
      <button type="button" className={s.tickerButton} aria-label={pauseLabel} onClick={() => setPaused((value) => !value)}>
        <PauseIcon paused={paused} />
      </button>
    </section>
  );
}
