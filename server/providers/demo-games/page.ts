import { formatMoney } from '../../../machines/lib/wallet';
import { GAME_FRAME_SOURCE } from '../../../src/api/gameLaunch';
import { DEMO_GAME_KEEPALIVE_MS } from '../../config';
import { escapeHtml } from '../../content/terms';
import { liveChips, liveLimits, playCurrency, rouletteChips, rouletteMaxStake, slotLineBets } from './games';
import type { LaunchClaims } from './launch-token';
import { LIVE_BETTING_MS, LIVE_ROUND_MS } from './live';
import { LIVE_POLL_MS, slotMinRoundMs } from './play';
import { ROULETTE_PAYS, ROULETTE_PUBLISHED_RTP } from './roulette';
import { SLOT_PAYLINES, SLOT_PAYTABLE, SLOT_PUBLISHED_RTP, SLOT_STRIPS, SLOT_SYMBOL_NAMES, SLOT_SYMBOLS, slotLineHitRate, slotRtp } from './slot';

// The demo provider's game pages (issue 12): one self-contained HTML document per launch, served on
// the provider's own origin, with its script and style from the same origin (/assets/game.js and
// game.css: no inline script, no external URL). The page's settings travel in a JSON block the
// script reads (never executed). Texts are English (the provider's frame); amounts are shown in
// the launch currency. The paytable, the reel strips and the RTP are written into the page.

/** What the game script reads from `#launch-config`. */
export interface PageConfig {
  source: typeof GAME_FRAME_SOURCE;
  launch: string;
  mode: 'demo' | 'real';
  kind: LaunchClaims['kind'];
  name: string;
  currency: string;
  /** The only origin the page posts its messages to (window.parent.postMessage(message, siteOrigin)). */
  siteOrigin: string;
  market: string;
  /** Slot: the least time between two spins' starts (2.5 s in GG: UKGC RTS 14D). */
  minRoundMs: number;
  lineBets: string[];
  lines: number;
  chips: string[];
  limits: { min: string; max: string };
  live: { roundMs: number; bettingMs: number; pollMs: number } | null;
  /** How often the page asks the provider while the player does nothing, which renews its launch (issue 20). */
  keepAliveMs: number;
}

export function pageConfig(claims: LaunchClaims, launch: string): PageConfig {
  const currency = playCurrency(claims.cur);
  const limits = claims.kind === 'live' ? (claims.limits ?? liveLimits({ betLimits: [] }, currency)) : { min: rouletteChips(currency)[0] ?? 1, max: rouletteMaxStake(currency) };
  return {
    source: GAME_FRAME_SOURCE,
    launch,
    mode: claims.mode,
    kind: claims.kind,
    name: claims.name,
    currency,
    siteOrigin: claims.site,
    market: claims.mkt,
    minRoundMs: slotMinRoundMs(claims.mkt),
    lineBets: slotLineBets(currency).map((cents) => formatMoney(cents, currency)),
    lines: SLOT_PAYLINES.length,
    chips: (claims.kind === 'live' ? liveChips(limits) : rouletteChips(currency)).map((cents) => formatMoney(cents, currency)),
    limits: { min: formatMoney(limits.min, currency), max: formatMoney(limits.max, currency) },
    live: claims.kind === 'live' ? { roundMs: LIVE_ROUND_MS, bettingMs: LIVE_BETTING_MS, pollMs: LIVE_POLL_MS } : null,
    keepAliveMs: DEMO_GAME_KEEPALIVE_MS,
  };
}

/** JSON safe inside <script type="application/json">: no `<` to end the element early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

const integer = (value: bigint) => value.toLocaleString('en');

function slotMarkup(): string {
  const rtp = slotRtp();
  const cells = Array.from({ length: 3 }, (_, row) =>
    Array.from({ length: 5 }, (_, reel) => `<div class="cell" data-reel="${String(reel)}" data-row="${String(row)}" role="img" aria-label="Not spun yet">?</div>`).join(''),
  ).join('');
  const paytable = SLOT_SYMBOLS.map(
    (symbol) =>
      `<tr><th scope="row"><span class="symbol symbol-${symbol}" aria-hidden="true"></span>${SLOT_SYMBOL_NAMES[symbol]}</th>${SLOT_PAYTABLE[symbol].map((pay) => `<td>${String(pay)} ×</td>`).join('')}</tr>`,
  ).join('');
  const strips = SLOT_STRIPS.map((strip, reel) => `<li>Reel ${String(reel + 1)}: ${strip.map((symbol) => SLOT_SYMBOL_NAMES[symbol]).join(', ')}</li>`).join('');
  const lines = SLOT_PAYLINES.map((rows, line) => `<li>Line ${String(line + 1)}: rows ${rows.map((row) => ['top', 'middle', 'bottom'][row]).join(', ')}</li>`).join('');
  return `<section class="play" aria-labelledby="play-heading">
<h2 id="play-heading" class="visually-hidden">Reels</h2>
<div class="reels" id="reels">${cells}</div>
<div class="controls">
<label for="line-bet">Line bet</label> <select id="line-bet"></select>
<p>Stake: <output id="stake" for="line-bet"></output> (10 lines)</p>
<button type="button" id="spin" class="primary">Spin</button>
</div>
<p>Last win: <output id="win">–</output></p>
<p id="free-spins" hidden>Free spins left: <output id="free-spins-left">0</output> (their winnings go to your casino bonus)</p>
</section>
<button type="button" id="info-toggle" aria-expanded="false" aria-controls="info">Paytable and RTP</button>
<section id="info" hidden aria-labelledby="info-heading">
<h2 id="info-heading">Paytable and return to player</h2>
<p>Every one of the 10 lines is played; the stake is 10 line bets. A line pays when its first 3, 4 or 5 symbols from the left (reel 1 onwards) are the same: the multiplier below times the line bet. Wins on several lines add up. There are no wilds, scatters, bonus games or autoplay.</p>
<table><caption>Pays, times the line bet</caption><thead><tr><th scope="col">Symbol</th><th scope="col">3 in a row</th><th scope="col">4 in a row</th><th scope="col">5 in a row</th></tr></thead><tbody>${paytable}</tbody></table>
<p><strong>Return to player: ${SLOT_PUBLISHED_RTP} %.</strong> Computed exactly by enumerating every stop of the reel strips below: ${integer(rtp.numerator)} paid line bets over ${integer(rtp.denominator)} stop combinations = ${String(rtp.percent)} %. One line wins in ${(slotLineHitRate() * 100).toFixed(3)} % of spins.</p>
<h3>Reel strips (20 stops each, read top to bottom and around)</h3><ol class="strips">${strips}</ol>
<h3>Paylines</h3><ol class="paylines">${lines}</ol>
<p>Outcomes are drawn by the provider's server with a cryptographic generator; the page only shows them.</p>
</section>`;
}

function betBuilderMarkup(spinLabel: string, spinId: string): string {
  return `<fieldset class="builder">
<legend>Add a bet</legend>
<label for="bet-kind">Bet</label>
<select id="bet-kind">
<option value="straight">Straight up, one number (pays ${String(ROULETTE_PAYS.straight)} to 1)</option>
<option value="red">Red (1 to 1)</option>
<option value="black">Black (1 to 1)</option>
<option value="odd">Odd (1 to 1)</option>
<option value="even">Even (1 to 1)</option>
<option value="low">1 to 18 (1 to 1)</option>
<option value="high">19 to 36 (1 to 1)</option>
<option value="dozen">Dozen (${String(ROULETTE_PAYS.dozen)} to 1)</option>
</select>
<span id="number-field"><label for="bet-number">Number (0 to 36)</label> <input id="bet-number" type="number" inputmode="numeric" min="0" max="36" step="1" value="17"></span>
<span id="dozen-field" hidden><label for="bet-dozen">Dozen</label> <select id="bet-dozen"><option value="1">1 to 12</option><option value="2">13 to 24</option><option value="3">25 to 36</option></select></span>
<label for="chip">Chip</label> <select id="chip"></select>
<button type="button" id="add-bet">Add bet</button>
</fieldset>
<h3 id="bets-heading">Your bets</h3>
<ul id="bets" aria-labelledby="bets-heading"></ul>
<p>Total: <output id="total">–</output> (from <span id="limit-min"></span> to <span id="limit-max"></span>)</p>
<button type="button" id="${spinId}" class="primary">${spinLabel}</button> <button type="button" id="clear-bets">Clear bets</button>`;
}

const rouletteRules = `<p>European roulette: one zero, 37 pockets. Straight up pays 35 to 1, a dozen 2 to 1, red, black, odd, even, 1 to 18 and 19 to 36 pay 1 to 1; the stake comes back with a win. Zero loses every bet but a straight bet on 0. <strong>Return to player: ${ROULETTE_PUBLISHED_RTP} %</strong> (36/37) on every bet.</p>`;

function rouletteMarkup(): string {
  return `<section class="play" aria-labelledby="play-heading">
<h2 id="play-heading">Place your bets</h2>
${betBuilderMarkup('Spin', 'spin')}
<p>Result: <output id="result">–</output></p>
</section>
<section aria-labelledby="rules-heading"><h2 id="rules-heading">Rules and RTP</h2>${rouletteRules}</section>`;
}

function liveMarkup(claims: LaunchClaims): string {
  const seats = claims.seats === null ? 'Open table' : `${String(claims.seats)} seats, ${String(claims.taken ?? 0)} taken`;
  return `<section class="table-info" aria-labelledby="table-heading">
<h2 id="table-heading">Table</h2>
<p id="seats">${escapeHtml(seats)}</p>
<p>Round <output id="round">–</output>: <output id="phase">–</output> <span id="countdown" aria-hidden="true"></span></p>
</section>
<section class="play" aria-labelledby="play-heading">
<h2 id="play-heading">Place your bets</h2>
${betBuilderMarkup('Place bets', 'place')}
<p>Placed this round: <output id="placed">–</output></p>
</section>
<section aria-labelledby="recent-heading"><h2 id="recent-heading">Last results</h2><ol id="recent"></ol></section>
<section aria-labelledby="mine-heading"><h2 id="mine-heading">Your rounds</h2><ol id="mine"></ol></section>
<section aria-labelledby="rules-heading"><h2 id="rules-heading">Rules and RTP</h2>
<p>A simulated live table: a round every ${String(LIVE_ROUND_MS / 1000)} seconds, bets during its first ${String(LIVE_BETTING_MS / 1000)} seconds, the ball lands at its end and the bets are settled then.</p>${rouletteRules}</section>`;
}

/** The game page of a launch. */
export function gamePage(claims: LaunchClaims, launch: string): string {
  const config = pageConfig(claims, launch);
  const body = claims.kind === 'slot' ? slotMarkup() : claims.kind === 'roulette' ? rouletteMarkup() : liveMarkup(claims);
  const mode = claims.mode === 'demo' ? 'Demo: fun money' : 'Real money';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(claims.name)} · Aurora demo games</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/assets/game.css"></head>
<body data-kind="${claims.kind}">
<header class="bar">
<h1>${escapeHtml(claims.name)}</h1>
<p class="mode">${mode}</p>
<p class="balance">Balance: <output id="balance">–</output></p>
<button type="button" id="close">Close game</button>
</header>
<main>
${body}
<p id="status" role="status" aria-live="polite"></p>
<p id="alert" role="alert" class="alert" hidden></p>
</main>
<footer><p>Aurora demo games: a simulated provider of the reference platform. No autoplay.</p></footer>
<script type="application/json" id="launch-config">${scriptJson(config)}</script>
<script src="/assets/game.js" defer></script>
</body>
</html>
`;
}

/** The page of a launch that cannot be played (unknown, tampered with or expired link). */
export function endedPage(reason: 'invalid' | 'expired'): string {
  const text = reason === 'expired' ? 'This game session has ended. Close the game and open it again from the lobby.' : 'This game link is not valid. Open the game from the lobby.';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Game unavailable · Aurora demo games</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/assets/game.css"></head>
<body><main><h1>Game unavailable</h1><p role="alert">${text}</p></main></body>
</html>
`;
}
