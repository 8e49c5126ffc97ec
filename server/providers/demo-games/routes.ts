import { readFileSync } from 'node:fs';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { redactError, redactText } from '../../http/redact';
import type { DemoProviderKeys } from './keys';
import { verifyLaunchToken, type LaunchClaims } from './launch-token';
import { endedPage, gamePage } from './page';
import { ProviderError, type DemoPlay } from './play';
import { ROULETTE_BET_KINDS } from './roulette';

// The demo provider's own host (issue 12): what the platform answers when a request's URL is on
// the provider's origin (server/providers/index.ts providerHosts), and only then.
//
//   GET  /play/{launchToken}    the game page of a launch (HTML; CSP frame-ancestors = the site's origin)
//   GET  /assets/game.js|.css   the pages' script and style
//   POST /api/balance           { launch }                       -> { balance, currency }  (the page's keep-alive too)
//   POST /api/slot/spin         { launch, requestId, lineBet }   -> SlotAnswer (play.ts)
//   POST /api/roulette/spin     { launch, requestId, bets }      -> RouletteAnswer
//   POST /api/live/state        { launch }                       -> LiveState
//   POST /api/live/bet          { launch, requestId, bets }      -> LiveBetAnswer
//
// The endpoints take JSON from the provider's own pages only (Origin, when sent, must be this
// origin), bounded to 8 KB, parsed with the schemas below; a refusal is `{ code, message }` with a
// 4xx (401 launch.invalid / launch.expired, 400 request.invalid / bet.invalid / bet.limits, 404
// game.kind, 409 betting.closed / bets.already_placed / wallet.unavailable, 429 spin.too_soon with
// retryAfterMs). A round refused by the wallet is a 200 answer with result NOT_ENOUGH_FUNDS,
// RESTRICTED or SELF_SPEND_LIMIT_REACHED, as the wallet says it. A real launch whose player's
// login ended is 401 session.ended (issue 20). An answer may carry `launch`: the renewed launch
// token, which the page uses from then on (launch-token.ts renewedClaims).

const BODY_MAX_BYTES = 8 * 1024;

const launchField = v.pipe(v.string(), v.minLength(1), v.maxLength(4_096));
const requestIdField = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/));
const amountField = v.pipe(v.string(), v.regex(/^\d{1,12}(\.\d{1,2})?$/));
const betSchema = v.object({
  kind: v.picklist(ROULETTE_BET_KINDS),
  value: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(36))),
  amount: amountField,
});
const betsField = v.pipe(v.array(betSchema), v.minLength(1), v.maxLength(20));

export const providerRequestSchemas = {
  balance: v.object({ launch: launchField }),
  slotSpin: v.object({ launch: launchField, requestId: requestIdField, lineBet: amountField }),
  rouletteSpin: v.object({ launch: launchField, requestId: requestIdField, bets: betsField }),
  liveState: v.object({ launch: launchField }),
  liveBet: v.object({ launch: launchField, requestId: requestIdField, bets: betsField }),
};

/** The site origins a launch may name: http(s), a host and maybe a port, nothing else (it goes into a header). */
export const SITE_ORIGIN_PATTERN = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$|^https?:\/\/\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

const ASSETS: Readonly<Record<string, { file: string; type: string }>> = {
  'game.js': { file: 'game.js', type: 'text/javascript; charset=utf-8' },
  'game.css': { file: 'game.css', type: 'text/css; charset=utf-8' },
};
const assetText = new Map<string, string>();
function asset(name: string): string {
  let text = assetText.get(name);
  if (text === undefined) {
    text = readFileSync(new URL(`./client/${name}`, import.meta.url), 'utf8');
    assetText.set(name, text);
  }
  return text;
}

/** The page's policy: its own script, style and endpoints; framed by the site only. */
export function gamePagePolicy(siteOrigin: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${siteOrigin}`,
  ].join('; ');
}

const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

export interface DemoProviderRoutesOptions {
  clock: () => Date;
  keys: () => Promise<DemoProviderKeys>;
  play: DemoPlay;
  logError?: ((message: string, error: unknown) => void) | undefined;
}

export function demoProviderRoutes({ clock, keys, play, logError }: DemoProviderRoutesOptions): Hono {
  const app = new Hono();

  // Every answer: no sniffing, no referrer (a launch URL is a credential), not cached, not framed
  // unless the page says by whom.
  app.use('*', async (c, next) => {
    await next();
    const headers = c.res.headers;
    if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', API_POLICY);
    if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'no-referrer');
    headers.set('Cross-Origin-Resource-Policy', 'same-origin');
  });

  async function claimsOf(token: string): Promise<LaunchClaims> {
    const check = verifyLaunchToken(token, (await keys()).launch, clock().getTime());
    if (!check.ok) {
      throw new ProviderError(401, check.reason === 'expired' ? 'launch.expired' : 'launch.invalid', 'This game session has ended. Open the game again.');
    }
    if (!SITE_ORIGIN_PATTERN.test(check.claims.site)) throw new ProviderError(401, 'launch.invalid', 'This game link is not valid.');
    return check.claims;
  }

  app.get('/play/:token', async (c) => {
    const token = c.req.param('token');
    const check = verifyLaunchToken(token, (await keys()).launch, clock().getTime());
    if (!check.ok || !SITE_ORIGIN_PATTERN.test(check.claims.site)) {
      // Framed by anyone is harmless here: the page says only that the link does not work.
      c.header('Content-Security-Policy', "default-src 'none'; style-src 'self'");
      return c.html(endedPage(check.ok ? 'invalid' : check.reason), 401);
    }
    c.header('Content-Security-Policy', gamePagePolicy(check.claims.site));
    return c.html(gamePage(check.claims, token));
  });

  app.get('/assets/:name', (c) => {
    const found = ASSETS[c.req.param('name')];
    if (!found) return c.json({ code: 'not_found', message: 'No such asset.' }, 404);
    c.header('Content-Type', found.type);
    c.header('Cache-Control', 'no-cache');
    return c.body(asset(found.file));
  });

  /** Only JSON from the provider's own pages; bounded. */
  const apiGuard: MiddlewareHandler = async (c, next) => {
    const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json') throw new ProviderError(400, 'request.invalid', 'Send JSON.');
    const origin = c.req.header('origin');
    if (origin !== undefined && origin !== new URL(c.req.url).origin) throw new ProviderError(403, 'request.forbidden', 'Calls come from the game pages only.');
    await next();
  };
  const limit = bodyLimit({
    maxSize: BODY_MAX_BYTES,
    onError: () => {
      throw new ProviderError(400, 'request.invalid', 'The body is too large.');
    },
  });

  async function parse<TSchema extends v.GenericSchema>(c: Context, schema: TSchema): Promise<v.InferOutput<TSchema>> {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw new ProviderError(400, 'request.invalid', 'The body must be a JSON object.');
    }
    const parsed = v.safeParse(schema, body);
    if (!parsed.success) throw new ProviderError(400, 'request.invalid', 'The request is not valid.');
    return parsed.output;
  }

  /**
   * An answer, with the launch renewed when it is due (issue 20): only after the call succeeded,
   * and a real launch's calls succeed only while the wallet finds the player's login live.
   */
  async function answer(c: Context, claims: LaunchClaims, body: object): Promise<Response> {
    const launch = await play.renew(claims);
    return c.json(launch === null ? body : { ...body, launch });
  }

  app.post('/api/balance', limit, apiGuard, async (c) => {
    const body = await parse(c, providerRequestSchemas.balance);
    const claims = await claimsOf(body.launch);
    return answer(c, claims, await play.balance(claims));
  });
  app.post('/api/slot/spin', limit, apiGuard, async (c) => {
    const body = await parse(c, providerRequestSchemas.slotSpin);
    const claims = await claimsOf(body.launch);
    return answer(c, claims, await play.slotSpin(claims, body.requestId, body.lineBet));
  });
  app.post('/api/roulette/spin', limit, apiGuard, async (c) => {
    const body = await parse(c, providerRequestSchemas.rouletteSpin);
    const claims = await claimsOf(body.launch);
    return answer(c, claims, await play.rouletteSpin(claims, body.requestId, body.bets));
  });
  app.post('/api/live/state', limit, apiGuard, async (c) => {
    const body = await parse(c, providerRequestSchemas.liveState);
    const claims = await claimsOf(body.launch);
    return answer(c, claims, await play.liveState(claims));
  });
  app.post('/api/live/bet', limit, apiGuard, async (c) => {
    const body = await parse(c, providerRequestSchemas.liveBet);
    const claims = await claimsOf(body.launch);
    return answer(c, claims, await play.liveBet(claims, body.requestId, body.bets));
  });

  app.notFound((c) => c.json({ code: 'not_found', message: 'Nothing here: this is the demo game provider.' }, 404));
  app.onError((error, c) => {
    if (error instanceof ProviderError) return c.json({ code: error.code, message: error.message, ...error.details }, error.status);
    (logError ?? ((message, cause) => console.error(message, cause)))(`demo game provider: ${c.req.method} ${redactText(c.req.path)} failed`, redactError(error));
    return c.json({ code: 'provider.error', message: 'The game provider failed. Please try again.' }, 500);
  });
  return app;
}
