// `npm run bench:wallet` (and part of `npm run bench`): the wallet's throughput (issue 11), measured
// with autocannon against the production platform on a free port with a fresh database: PGlite by
// default, PostgreSQL when DATABASE_URL is set (the run then works in a throwaway schema of it).
//   wallet reads:     GET /api/player/wallet as a logged-in player (the balance every page shows)
//   ledger postings:  POST /api/provider/wallet/bet and /win, signed like a game provider, each
//                     with a new transaction id: one ledger transaction each, all on ONE player,
//                     so every posting waits for the player's wallet row lock (the worst case);
//                     then the same spread over 4 players (each waits for its own player's lock).
//   with a bonus:     issue 24: the one-player postings again after the player claimed the seed's
//                     manual casino bonus (manual-casino-10: 10.00, wagering 10x): every bet looks up
//                     the active bonus, draws cash first and advances its wagering in the bet's
//                     transaction (bets of 0.01, so the 100.00 of wagering is not reached in the run
//                     and the bonus stays active throughout). WALLET_BENCH_BONUS=0 leaves it out.
// Targets (issue 11, on this 2-core machine): 2,000 reads/s and 500 postings/s, p99 under 50 ms.
// Figures are printed with the targets; the exit code is 1 when one is missed.
import { createHmac, randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { startPlatform } from './platform-process.mjs';

export const WALLET_TARGETS = { readsPerSecond: 2_000, postingsPerSecond: 500, p99Ms: 50 };
const DURATION_S = Number(process.env.WALLET_BENCH_SECONDS ?? 10);
const CONNECTIONS = 16;
const PLAYER = { email: 'player@example.com', password: 'Aurora-Player-1' };

function run(options) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ duration: DURATION_S, connections: CONNECTIONS, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

/** A throwaway schema of DATABASE_URL's database (dropped afterwards), so a run leaves nothing behind. */
async function postgresSchema(url) {
  const schema = `bench_wallet_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`create schema ${schema}`);
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: withSchema.toString(),
    drop: async () => {
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    },
  };
}

/**
 * The game session token of a real-money launch of a slot (issue 20): the game token, then the
 * provider's launch call; the demo provider's launch URL carries the token in its claims (`gst`).
 */
async function gameSessionOf(base, idToken) {
  const auth = { Authorization: `Bearer ${idToken}`, 'Content-Type': 'application/json', Origin: base };
  const claims = JSON.parse(Buffer.from(idToken.split('.')[1], 'base64url').toString('utf8'));
  const market = claims.country_code === 'FI' ? 'FI' : 'UN';
  const index = await (await fetch(`${base}/api/content/${market}/en/lobbies/casino/games?channel=desktop`)).json();
  const slot = index.games.find((game) => game.gameProvider === 'pragmaticplay' && game.categories.includes('slots'));
  if (!slot) throw new Error('no pragmatic slot in the lobby');
  const grant = await fetch(`${base}/api/game/token`, { method: 'POST', headers: auth, body: JSON.stringify({ gameId: slot.id, channel: 'desktop', partner: 653, jurisdiction: 'MT' }) });
  if (grant.status !== 200) throw new Error(`the game token answered ${grant.status}: ${await grant.text()}`);
  const { token } = await grant.json();
  const launch = await fetch(`${base}/api/pragmatic/partner/realGameUrl`, {
    method: 'POST',
    headers: { ...auth, 'Access-Token': token },
    body: JSON.stringify({ symbol: slot.id, language: 'en', currency: 'EUR', platform: 'WEB', stylename: 'aurora', lobbyUrl: '', jurisdiction: 'MT' }),
  });
  if (launch.status !== 200) throw new Error(`the launch answered ${launch.status}: ${await launch.text()}`);
  const url = new URL((await launch.json()).gameURL);
  const launchToken = url.pathname.split('/').pop() ?? '';
  return JSON.parse(Buffer.from(launchToken.split('.')[1], 'base64url').toString('utf8')).gst;
}

/** Runs both measurements; resolves true when every target is met. */
export async function walletBench() {
  const secret = randomBytes(32).toString('hex');
  const postgres = process.env.DATABASE_URL ? await postgresSchema(process.env.DATABASE_URL) : null;
  const engine = postgres ? 'PostgreSQL' : 'PGlite';
  const platform = await startPlatform({
    name: 'bench-wallet',
    // Test mode for its credit endpoint (the players' money to bet with); the wallet's rules are the same.
    env: { PLATFORM_TEST_MODE: '1', GAME_WALLET_SECRET: secret, ...(postgres ? { DATABASE_URL: postgres.url } : {}) },
  });
  let ok = true;
  try {
    const login = await fetch(`${platform.base}/api/player/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: platform.base },
      body: JSON.stringify(PLAYER),
    });
    if (login.status !== 200) throw new Error(`login answered ${login.status}`);
    const { idToken } = await login.json();
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1], 'base64url').toString('utf8'));
    const playerId = Number(claims.player_id);
    const wallet = await (await fetch(`${platform.base}/api/player/wallet`, { headers: { Authorization: `Bearer ${idToken}`, SiteContext: '1' } })).json();
    const currency = wallet.currency;

    // The other registered EUR players of the seed, for the postings spread over players.
    const others = [];
    const tokens = [];
    for (const email of ['games@example.com', 'reset@example.com', 'locked@example.com']) {
      const answer = await fetch(`${platform.base}/api/player/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: platform.base },
        body: JSON.stringify({ email, password: PLAYER.password }),
      });
      if (answer.status !== 200) throw new Error(`login of ${email} answered ${answer.status}`);
      const token = (await answer.json()).idToken;
      tokens.push(token);
      others.push(Number(JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')).player_id));
    }
    const players = [playerId, ...others];

    // Issue 20: a bet needs the game session of a real-money launch (its token travels in the
    // launch URL), a win a round with a bet. Each player opens a slot for real money, gets money
    // (test mode's credit) and places one bet of 100.00: every win of the bench pays that round
    // (its bound is 2,500 times the stake), every bet opens a round of its own.
    const sessions = new Map();
    for (const [index, each] of players.entries()) {
      const token = index === 0 ? idToken : tokens[index - 1];
      sessions.set(each, await gameSessionOf(platform.base, token));
      const credited = await fetch(`${platform.base}/api/test/wallet/credit`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: platform.base },
        body: JSON.stringify({ playerId: each, amount: '100000.00' }),
      });
      if (credited.status !== 200) throw new Error(`the credit answered ${credited.status}`);
    }
    const KEY_ID = 'aurora-demo.env';
    const headersOf = (body) => {
      const timestamp = Math.floor(Date.now() / 1000);
      const signature = `sha256=${createHmac('sha256', secret).update(`${String(timestamp)}.${body}`).digest('hex')}`;
      return { 'Content-Type': 'application/json', 'X-Wallet-Key-Id': KEY_ID, 'X-Wallet-Timestamp': String(timestamp), 'X-Wallet-Signature': signature };
    };
    let sequence = 0;
    let betAmount = '1.00';
    const paidRound = (forPlayer) => `round-paid-${String(forPlayer)}`;
    const operation = (kind, forPlayer = playerId, amount = kind === 'bet' ? betAmount : '1.00') => {
      sequence += 1;
      const body = JSON.stringify({
        playerId: forPlayer,
        ...(kind === 'bet' ? { sessionToken: sessions.get(forPlayer) } : {}),
        transactionId: `bench-${kind}-${String(sequence)}-${randomBytes(4).toString('hex')}`,
        roundId: kind === 'win' ? paidRound(forPlayer) : `round-${String(sequence)}`,
        gameId: 'bench-game',
        vertical: 'CASINO',
        amount,
        currency,
      });
      return { method: 'POST', path: `/api/provider/wallet/${kind}`, headers: headersOf(body), body };
    };
    for (const each of players) {
      const opening = operation('bet', each, '100.00');
      const body = JSON.parse(opening.body);
      body.roundId = paidRound(each);
      const text = JSON.stringify(body);
      const opened = await fetch(`${platform.base}${opening.path}`, { method: 'POST', headers: headersOf(text), body: text });
      if (opened.status !== 200) throw new Error(`the opening bet answered ${opened.status}: ${await opened.text()}`);
    }

    // WALLET_BENCH_ONLY=reads|postings runs one of the two (to profile it alone, PLATFORM_NODE_ARGS=--cpu-prof).
    const only = process.env.WALLET_BENCH_ONLY;
    const skipped = { requests: { average: 0 }, latency: { p50: 0, p99: 0 }, non2xx: 0, errors: 0, timeouts: 0, skipped: true };
    const reads = only === 'postings' ? skipped : await run({ url: `${platform.base}/api/player/wallet`, headers: { Authorization: `Bearer ${idToken}`, SiteContext: '1' } });
    const postings = only === 'reads' ? skipped : await run({
      url: platform.base,
      requests: [
        {
          // autocannon's own request keeps its Host header; the operation brings path, body and signature.
          setupRequest: (request) => {
            const next = operation(sequence % 2 === 0 ? 'bet' : 'win');
            return { ...request, ...next, headers: { ...request.headers, ...next.headers } };
          },
        },
      ],
    });

    // The same postings spread over the seed's 4 registered EUR players: each waits only for its own
    // player's lock (PostgreSQL runs them side by side; PGlite runs one statement at a time anyway).
    const spread =
      only === 'reads'
        ? skipped
        : await run({
            url: platform.base,
            requests: [
              {
                setupRequest: (request) => {
                  const next = operation(sequence % 2 === 0 ? 'bet' : 'win', players[Math.floor(sequence / 2) % players.length]);
                  return { ...request, ...next, headers: { ...request.headers, ...next.headers } };
                },
              },
            ],
          });

    // Issue 24: the same one-player postings with an active bonus (claimed after the opening bets,
    // whose 100.00 would otherwise complete its wagering at once).
    let withBonus = skipped;
    if (only !== 'reads' && process.env.WALLET_BENCH_BONUS !== '0') {
      const claim = await fetch(`${platform.base}/api/player/bonus/rewards/manual-casino-10/claim`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${idToken}`, 'Content-Type': 'application/json', Origin: platform.base },
        body: '{}',
      });
      if (claim.status !== 200) throw new Error(`the bonus claim answered ${claim.status}: ${await claim.text()}`);
      betAmount = '0.01';
      withBonus = await run({
        url: platform.base,
        requests: [
          {
            setupRequest: (request) => {
              const next = operation(sequence % 2 === 0 ? 'bet' : 'win');
              return { ...request, ...next, headers: { ...request.headers, ...next.headers } };
            },
          },
        ],
      });
      const rewards = await fetch(`${platform.base}/api/player/bonus/rewards?rewardsType=ACTIVE`, { headers: { Authorization: `Bearer ${idToken}` } });
      const text = await rewards.text();
      if (rewards.status !== 200 || !text.includes('manual-casino-10')) throw new Error(`the bonus was not active at the end of the run (${String(rewards.status)}): ${text.slice(0, 200)}`);
    }

    const line = (name, result, target) => {
      if (result.skipped) return;
      const perSecond = result.requests.average;
      const failures = result.non2xx + result.errors + result.timeouts;
      const met = perSecond >= target && result.latency.p99 < WALLET_TARGETS.p99Ms && failures === 0;
      if (!met) ok = false;
      console.log(
        `${name.padEnd(30)} ${perSecond.toFixed(0).padStart(7)}/s (target >= ${target}), p50 ${result.latency.p50.toFixed(1)} ms, p99 ${result.latency.p99.toFixed(1)} ms (target < ${WALLET_TARGETS.p99Ms}), ${String(failures)} failed ${met ? 'ok' : 'MISSED'}`,
      );
    };
    console.log(`wallet on ${engine}: ${String(CONNECTIONS)} connections, ${String(DURATION_S)} s each`);
    line('wallet reads', reads, WALLET_TARGETS.readsPerSecond);
    line('ledger postings (one player)', postings, WALLET_TARGETS.postingsPerSecond);
    line(`ledger postings (${String(players.length)} players)`, spread, WALLET_TARGETS.postingsPerSecond);
    line('postings, active bonus', withBonus, WALLET_TARGETS.postingsPerSecond);
  } finally {
    await platform.stop();
    await postgres?.drop();
  }
  return ok;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = (await walletBench()) ? 0 : 1;
}
