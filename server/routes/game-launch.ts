import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import type * as v from 'valibot';
import {
  casinoLaunchRequestSchema,
  gameDetailRequestSchema,
  gameTicketRequestSchema,
  type GameDetail,
} from '../../src/api/games';
import {
  GAME_TOKEN_HEADER,
  emptyRequestSchema,
  evolutionRequestSchema,
  novomaticRequestSchema,
  pariplayRequestSchema,
  playngoRequestSchema,
  pragmaticRequestSchema,
  relaxRequestSchema,
  softswissRequestSchema,
} from '../../src/api/gameLaunch';
import type { GameChannel } from '../../machines/lib/games';
import type { Database } from '../db/schema';
import { requireAuth, type AuthEnv } from '../http/auth';
import { flowBodyLimit, parseJsonBody } from '../http/validation';
import type { CountrySources } from '../domain/access';
import { authServicesOf } from '../http/session-cookie';
import { createSettingsStore, type SettingsStore } from '../services/settings';
import { providersOf } from '../providers';
import {
  gameDetail,
  gameTicket,
  gameToken,
  launchGame,
  openProviderSession,
  playerCallerOf,
  providerSessions,
  visitorOf,
  type Caller,
  type GameLaunchDeps,
  type LaunchDeps,
  type LaunchRequest,
  type RequestFacts,
} from '../services/game-launch';

// Game detail, ticket, token, the casino game launch request and every per-provider launch call
// (issue 12; behaviour.md §7 "Games"; contracts src/api/games.ts and src/api/gameLaunch.ts), mounted
// at /api. Each route parses its body with the contract, finds out who asks (the id token where the
// call is real money; a visitor otherwise) and calls server/services/game-launch.ts, which holds the
// rules (404, 409, 451, 401 "Token expired"; evolution's 400) and asks the game provider for the URL.

export interface GameLaunchRoutesOptions {
  db: Kysely<Database>;
  clock: () => Date;
  /** The visitors' default country (the access check's); the database's settings when absent. */
  settings?: SettingsStore | undefined;
  /** Adds the x-test-country header (simulation test mode), as the access check does. */
  testMode?: boolean | undefined;
  /** COUNTRY_HEADER: a trusted proxy's header with the visitor's country. */
  countryHeader?: string | undefined;
  /** SITE_URL: the site's origin when a launch request carries no Origin. */
  siteUrl?: string | undefined;
}

/** Mounted at /api: /game/*, /pragmatic/*, /pariplay/*, /softswiss/*, /evolution/*, /playngo/*, /yggdrasil/*, /relaxgaming/*, /quickspin/*, /novomatic/*. */
export function gameLaunchRoutes(options: GameLaunchRoutesOptions): Hono<AuthEnv> {
  const routes = new Hono<AuthEnv>();
  const countrySources: CountrySources = { countryHeader: options.countryHeader, testMode: options.testMode === true };
  const settings = options.settings ?? createSettingsStore(options.db);
  const deps: GameLaunchDeps = { db: options.db, clock: options.clock, settings, countrySources, siteUrl: options.siteUrl };
  const sessions = providerSessions(options.clock);

  const facts = (c: Context): RequestFacts => ({ url: c.req.url, header: (name) => c.req.header(name) });
  const launchDeps = (c: Context): LaunchDeps => ({ ...deps, provider: providersOf(c).games, sessions, secret: () => authServicesOf(c).secret() });
  const player = (c: Context<AuthEnv>) => playerCallerOf(deps, c.get('authSession'));
  /** The player of the id token (401 as requireAuth answers), for calls whose body says they are real money. */
  const authenticated = async (c: Context<AuthEnv, string>): Promise<Caller> => {
    await requireAuth(c, () => Promise.resolve());
    return player(c);
  };
  const launch = async (c: Context<AuthEnv>, caller: Caller, request: Omit<LaunchRequest, 'gameToken'>): Promise<string> =>
    launchGame(launchDeps(c), caller, { ...request, gameToken: c.req.header(GAME_TOKEN_HEADER) }, facts(c));

  // ---- game detail, ticket, token (src/api/games.ts) ------------------------------------------

  const detail = async (c: Context<AuthEnv>, caller: Caller, body: v.InferOutput<typeof gameDetailRequestSchema>) => {
    const found: GameDetail | null = await gameDetail(
      deps,
      caller,
      { slug: body.slug, language: body.language, currency: body.currency, channel: body.platform },
      providersOf(c).games,
      facts(c),
    );
    return c.json({ data: { gameDetail: found } });
  };
  routes.post('/game/detail', flowBodyLimit, requireAuth, async (c) => detail(c, await player(c), await parseJsonBody(c, gameDetailRequestSchema)));
  routes.post('/game/detail/demo', flowBodyLimit, async (c) => {
    const body = await parseJsonBody(c, gameDetailRequestSchema);
    return detail(c, await visitorOf(deps, facts(c)), body);
  });

  routes.post('/game/ticket', flowBodyLimit, requireAuth, async (c) => {
    const body = await parseJsonBody(c, gameTicketRequestSchema);
    return c.json({ ticket: await gameTicket(deps, await player(c), body, await authServicesOf(c).secret()) });
  });
  routes.post('/game/ticket/demo', flowBodyLimit, async (c) => {
    const body = await parseJsonBody(c, gameTicketRequestSchema);
    return c.json({ ticket: await gameTicket(deps, await visitorOf(deps, facts(c)), body, await authServicesOf(c).secret()) });
  });
  routes.post('/game/token', flowBodyLimit, requireAuth, async (c) => {
    const body = await parseJsonBody(c, gameTicketRequestSchema);
    return c.json({ token: await gameToken(deps, await player(c), body, await authServicesOf(c).secret()) });
  });

  // ---- the casino game launch request ----------------------------------------------------------

  routes.post('/game/launch', flowBodyLimit, async (c) => {
    const body = await parseJsonBody(c, casinoLaunchRequestSchema);
    const caller = body.isDemo ? await visitorOf(deps, facts(c)) : await authenticated(c);
    const gameURL = await launch(c, caller, {
      provider: null,
      idOrSlug: body.gameId,
      demo: body.isDemo,
      channel: body.channel,
      language: body.languageCode,
      currency: body.currencyCode,
      jurisdiction: null,
    });
    return c.json({ data: { gameURL } });
  });

  // ---- the per-provider calls (src/api/gameLaunch.ts) ------------------------------------------

  const pragmatic = (demo: boolean) => async (c: Context<AuthEnv>) => {
    const body = await parseJsonBody(c, pragmaticRequestSchema);
    const caller = demo ? await visitorOf(deps, facts(c)) : await player(c);
    const channel: GameChannel = body.platform === 'MOBILE' ? 'mobile' : 'desktop';
    const gameURL = await launch(c, caller, {
      provider: 'pragmaticplay',
      idOrSlug: body.symbol,
      demo,
      channel,
      language: body.language,
      currency: body.currency,
      jurisdiction: body.jurisdiction,
    });
    return c.json({ gameURL });
  };
  routes.post('/pragmatic/partner/demoGameUrl', flowBodyLimit, pragmatic(true));
  routes.post('/pragmatic/partner/realGameUrl', flowBodyLimit, requireAuth, pragmatic(false));

  const pariplay = (demo: boolean) => async (c: Context<AuthEnv>) => {
    const body = await parseJsonBody(c, pariplayRequestSchema);
    const caller = demo ? await visitorOf(deps, facts(c)) : await player(c);
    const Url = await launch(c, caller, {
      provider: 'pariplay',
      idOrSlug: body.GameCode,
      demo,
      channel: null,
      language: body.LanguageCode,
      currency: body.CurrencyCode,
      jurisdiction: null,
    });
    return c.json({ Url });
  };
  routes.post('/pariplay/context/demo', flowBodyLimit, pariplay(true));
  routes.post('/pariplay/context/real', flowBodyLimit, requireAuth, pariplay(false));

  const softswiss = (demo: boolean) => async (c: Context<AuthEnv>) => {
    const body = await parseJsonBody(c, softswissRequestSchema);
    const caller = demo ? await visitorOf(deps, facts(c)) : await player(c);
    const gameUrl = await launch(c, caller, {
      provider: 'softswiss',
      idOrSlug: body.game,
      demo,
      channel: body.client_type,
      language: body.locale,
      currency: body.currency,
      jurisdiction: body.jurisdiction,
    });
    return c.json({ launch_options: { game_url: gameUrl } });
  };
  routes.post('/softswiss/context/demo', flowBodyLimit, softswiss(true));
  routes.post('/softswiss/context/real', flowBodyLimit, requireAuth, softswiss(false));

  const evolution = (demo: boolean) => async (c: Context<AuthEnv>) => {
    const body = await parseJsonBody(c, evolutionRequestSchema);
    const caller = demo ? await visitorOf(deps, facts(c)) : await player(c);
    const entry = await launch(c, caller, {
      provider: 'evolution',
      idOrSlug: body.tableId,
      demo,
      channel: body.mobile ? 'mobile' : 'desktop',
      language: body.language ?? '',
      currency: body.currency ?? '',
      jurisdiction: null,
      // behaviour.md §8: "An evolution authentication 400 logs the player out".
      ...(demo ? {} : { sessionFailureStatus: 400 as const }),
    });
    return c.json({ entry });
  };
  routes.post('/evolution/user/authenticate/demo', flowBodyLimit, evolution(true));
  routes.post('/evolution/user/authenticate', flowBodyLimit, requireAuth, evolution(false));

  routes.post('/novomatic/launch', flowBodyLimit, async (c) => {
    const body = await parseJsonBody(c, novomaticRequestSchema);
    const caller = body.isDemo ? await visitorOf(deps, facts(c)) : await authenticated(c);
    const gameUrl = await launch(c, caller, {
      provider: 'novomatic',
      idOrSlug: body.gameId,
      demo: body.isDemo,
      channel: body.channel,
      language: body.language,
      currency: body.currency,
      jurisdiction: null,
    });
    return c.json({ gameUrl });
  });

  // The token providers: the call opens the provider's session of the player; the game itself is
  // then the casino game launch request (/game/launch), refused until this call was made.
  routes.post('/playngo/auth/token_generation', flowBodyLimit, requireAuth, async (c) => {
    const body = await parseJsonBody(c, playngoRequestSchema);
    return c.json({ token: openProviderSession(sessions, await player(c), 'playngo', { renew: body.requireNew }) });
  });
  routes.post('/yggdrasil/player/auth/session', flowBodyLimit, requireAuth, async (c) => {
    await parseJsonBody(c, emptyRequestSchema);
    return c.json({ sessionId: openProviderSession(sessions, await player(c), 'yggdrasil') });
  });
  routes.post('/relaxgaming/generatetoken', flowBodyLimit, requireAuth, async (c) => {
    const body = await parseJsonBody(c, relaxRequestSchema);
    return c.json({ token: openProviderSession(sessions, await player(c), 'relax', { jurisdiction: body.jurisdiction }) });
  });
  routes.post('/quickspin/generatetoken', flowBodyLimit, requireAuth, async (c) => {
    await parseJsonBody(c, emptyRequestSchema);
    return c.json({ token: openProviderSession(sessions, await player(c), 'quickspin') });
  });

  return routes;
}
