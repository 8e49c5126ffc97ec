import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { DEFAULT_JURISDICTION, GAME_TICKET_PARTNER_ID } from '../../machines/lib/constants';
import { GAME_CHANNELS, restrictedIn, type GameChannel, type GameProvider } from '../../machines/lib/games';
import { isLanguageCode, MARKETS, type LanguageCode, type MarketCode } from '../../machines/lib/markets';
import { isCurrency, marketOfCountry } from '../../machines/lib/wallet';
import type { Game, GameDetail } from '../../src/api/games';
import { GAME_TOKEN_LIFETIME_S, PROVIDER_SESSION_LIFETIME_MS } from '../config';
import type { Database } from '../db/schema';
import { ERROR_CODES, HttpError } from '../http/errors';
import { FIELD_CODES, validationError } from '../http/validation';
import { resolveCountry, type CountrySources } from '../domain/access';
import { accessDetailsFor } from './account-status';
import { createPlayerStore, type Player } from './players';
import { randomSecret, sha256Hex } from '../crypto/secrets';
import type { AuthenticatedSession } from './sessions';
import type { SettingsStore } from './settings';
import { signJwt, verifiedJwtPayload } from '../crypto/tokens';
import type { GameLaunchGrant, GameProvider as GameProviderAdapter } from '../providers/types';
import { insertGameSession } from '../repositories/game-sessions';
import { findGame } from './catalog';
import { assertRequiredLimits } from './limits';

// Game launch (issue 12; the contracts src/api/games.ts and src/api/gameLaunch.ts; product.md §2
// "Casino and live casino" and "Route guards"; behaviour.md §4 "Game launch", §5, §6, §7 "Games",
// §8, §9): the game detail, the game ticket and token, the casino game launch request and every
// per-provider launch call, all answered with the game provider's launch URL (server/providers:
// the demo provider in simulation). The rules, in the order they are checked:
//
//   1. the game is in the catalog (whichever market's lobby offered it: a market's hidden providers
//      and excluded sub-providers are its lobby's choice, issue 21) and is offered on the channel:
//      else 404 error.not_found;
//   2. the call's provider is the game's: else 404 (that provider has no such game);
//   3. live casino is never demo (behaviour.md §5): 409 error.game.demo_unavailable;
//   4. the game is not restricted in the player's country (the profile's when logged in, the
//      visitor's from the trusted country header otherwise; behaviour.md §5 table, the content's
//      provider and sub-provider lists): else 451 error.game.restricted;
//   5. real money: the player may play the vertical (access flags, payout risk; product.md §2 "Route
//      guards"): else 409 error.game.access_restricted;
//   6. real money: the game token (POST /game/token, sent as Access-Token) is good for this session,
//      game and channel, and for the token providers (playngo, yggdrasil, relax, quickspin) the
//      provider's session was opened: else 401 error.token.expired ("Token expired", behaviour.md §8).
//   7. real money: the limits the player's market requires before play are set (issue 13; JJ, LL):
//      else 409 error.limits.required with details.required (also at POST /game/token).
// A real-money launch then gets a game session token tied to the player's login (issue 20): the
// provider sends it with every balance and bet, and the seamless wallet refuses them once the
// login has ended. Every launch call needs a live login itself (server/http/auth.ts).
// An evolution real call answers 400 when its session checks (5, 6) fail: behaviour.md §8 "An
// evolution authentication 400 logs the player out". Never 403: a 403 logs the player out anywhere.

export interface GameLaunchDeps {
  db: Kysely<Database>;
  clock: () => Date;
  /** The default country of visitors without a trusted country header. */
  settings: SettingsStore;
  /** Where a visitor's country comes from (COUNTRY_HEADER; x-test-country in test mode). */
  countrySources: CountrySources;
  /** SITE_URL: the site's origin when a launch request says none (no Origin header). */
  siteUrl?: string | undefined;
}

/** Who asks: a visitor (demo only) or a logged-in player. */
export type Caller = { kind: 'visitor'; country: string } | PlayerCaller;
export interface PlayerCaller {
  kind: 'player';
  session: AuthenticatedSession;
  player: Player;
  country: string;
}

/** What a launch call's HTTP request says besides its body. */
export interface RequestFacts {
  url: string;
  header: (name: string) => string | undefined;
}

/** The token providers: a real launch needs the provider's session first (src/api/gameLaunch.ts). */
export const TOKEN_PROVIDERS = ['playngo', 'yggdrasil', 'relax', 'quickspin'] as const satisfies readonly GameProvider[];
export type TokenProvider = (typeof TOKEN_PROVIDERS)[number];

const isTokenProvider = (provider: GameProvider): provider is TokenProvider => (TOKEN_PROVIDERS as readonly string[]).includes(provider);

// ------------------------------------------------------------------------------ who, where

export async function visitorOf(deps: GameLaunchDeps, request: RequestFacts): Promise<Caller> {
  const settings = await deps.settings.read();
  return { kind: 'visitor', country: resolveCountry(request.header, deps.countrySources, settings.defaultCountry) };
}

export async function playerCallerOf(deps: GameLaunchDeps, session: AuthenticatedSession): Promise<PlayerCaller> {
  const player = await createPlayerStore(deps.db, deps.clock).findById(session.playerId);
  if (!player) throw new HttpError(401, ERROR_CODES.tokenInvalid, 'Log in again: the id token is missing or not valid.');
  return { kind: 'player', session, player, country: player.country_code };
}

/** The market whose rules apply: the country's (a GB player is GG's, UKGC), else UN. */
const marketOf = (caller: Caller): MarketCode => marketOfCountry(caller.country);

function languageIn(market: MarketCode, language: string): LanguageCode {
  return isLanguageCode(language) && MARKETS[market].languages.includes(language) ? language : MARKETS[market].regionLanguage;
}

/** The launch currency: the player's account currency (the wallet's); a visitor's choice when the ledger knows it. */
function currencyOf(caller: Caller, asked: string | undefined): string {
  if (caller.kind === 'player') return caller.player.currency_code;
  return asked !== undefined && isCurrency(asked) ? asked : MARKETS[marketOf(caller)].currency;
}

const ORIGIN = /^https?:\/\/[^/\s]+$/;

/** The site's origin as the browser sees it: the request's Origin (checked by the request guard), else SITE_URL, else the request's own. */
export function siteOriginOf(deps: Pick<GameLaunchDeps, 'siteUrl'>, request: RequestFacts): string {
  const origin = request.header('origin')?.trim();
  if (origin !== undefined && ORIGIN.test(origin) && URL.canParse(origin) && new URL(origin).origin === origin) return origin;
  if (deps.siteUrl) return deps.siteUrl;
  const url = new URL(request.url);
  const forwarded = request.header('x-forwarded-proto')?.split(',')[0]?.trim();
  return `${forwarded === 'https' || forwarded === 'http' ? forwarded : url.protocol.replace(':', '')}://${url.host}`;
}

// ------------------------------------------------------------------------------ the game and its checks

const notFound = () => new HttpError(404, ERROR_CODES.notFound, 'No such game.');

async function gameFor(deps: GameLaunchDeps, caller: Caller, idOrSlug: string, language: string, currency: string): Promise<Game> {
  const market = marketOf(caller);
  const game = await findGame({ db: deps.db, clock: deps.clock }, { market, language: languageIn(market, language), idOrSlug, currency });
  if (!game) throw notFound();
  return game;
}

/** behaviour.md §5 "Provider restrictions by country": 451. */
function checkCountry(game: Game, caller: Caller): void {
  if (restrictedIn(game, caller.country)) throw new HttpError(451, ERROR_CODES.gameRestricted, 'This game is not available in your country.');
}

/** product.md §2 "Route guards": casino or live casino access, no payout risk (multibrand: this platform runs one brand). */
function checkAccess(game: Game, caller: Caller): void {
  if (caller.kind !== 'player') return;
  const access = accessDetailsFor(caller.player);
  const vertical = game.type === 'live-casino' ? access.liveCasino : access.casino;
  if (!vertical || !access.payout) throw new HttpError(409, ERROR_CODES.gameAccessRestricted, 'You cannot play this game right now.');
}

/**
 * Issue 13: real money waits for the limits the player's market requires before play (GlüStV 2021:
 * a monthly deposit limit; Wet Koa: a deposit and a time limit): 409 error.limits.required with
 * details.required. Checked for the game token and again at the launch.
 */
async function checkRequiredLimits(deps: GameLaunchDeps, caller: PlayerCaller): Promise<void> {
  await assertRequiredLimits(deps.db, caller.player, deps.clock(), await deps.settings.read());
}

function checkDemo(game: Game, demo: boolean): void {
  if (demo && game.type === 'live-casino') throw new HttpError(409, ERROR_CODES.gameDemoUnavailable, 'Live casino games have no demo: log in to play.');
}

// ------------------------------------------------------------------------------ game detail

export interface GameDetailQuery {
  slug: string;
  language: string;
  currency: string;
  channel: GameChannel;
}

/**
 * POST /game/detail(/demo): the game with what launching it needs, or null ("No game data
 * returned", behaviour.md §8) when the game is not offered on the asked channel.
 */
export async function gameDetail(deps: GameLaunchDeps, caller: Caller, query: GameDetailQuery, provider: GameProviderAdapter, request: RequestFacts): Promise<GameDetail | null> {
  const game = await gameFor(deps, caller, query.slug, query.language, currencyOf(caller, query.currency));
  checkCountry(game, caller);
  checkAccess(game, caller);
  if (!game.channels.includes(query.channel)) return null;
  return {
    ...game,
    // The demo provider plays every game of the catalog and knows it by the platform's id.
    providerGameId: game.id,
    demoAvailable: game.type !== 'live-casino',
    providerOrigin: provider.originFor(request.url),
  };
}

// ------------------------------------------------------------------------------ ticket and token

/** The game token's key: derived from the id tokens' secret, so neither passes for the other. */
const gameTokenKey = (secret: Uint8Array) => createHmac('sha256', secret).update('aurora game token v1').digest();
const ticketKey = (secret: Uint8Array) => createHmac('sha256', secret).update('aurora game ticket v1').digest();

const GAME_TOKEN_AUDIENCE = 'game-token';

const gameTokenClaimsSchema = v.object({
  aud: v.literal(GAME_TOKEN_AUDIENCE),
  player_id: v.number(),
  player_access_id: v.string(),
  game_id: v.string(),
  channel: v.picklist(GAME_CHANNELS),
  jurisdiction: v.string(),
  iat: v.number(),
  exp: v.number(),
});
type GameTokenClaims = v.InferOutput<typeof gameTokenClaimsSchema>;

export interface GrantRequest {
  gameId: string;
  channel: GameChannel;
  partner: number;
  jurisdiction: string;
}

async function grantedGame(deps: GameLaunchDeps, caller: Caller, body: GrantRequest, demo: boolean): Promise<Game> {
  // behaviour.md §9: partner 653.
  if (body.partner !== GAME_TICKET_PARTNER_ID) throw validationError([{ field: 'partner', code: FIELD_CODES.invalid }]);
  const game = await gameFor(deps, caller, body.gameId, '', currencyOf(caller, undefined));
  if (!game.channels.includes(body.channel)) throw notFound();
  checkDemo(game, demo);
  checkCountry(game, caller);
  checkAccess(game, caller);
  return game;
}

/** POST /game/ticket(/demo) (behaviour.md §7): a signed ticket naming the game, channel and mode. */
export async function gameTicket(deps: GameLaunchDeps, caller: Caller, body: GrantRequest, secret: Uint8Array): Promise<string> {
  const demo = caller.kind === 'visitor';
  const game = await grantedGame(deps, caller, body, demo);
  const iat = Math.floor(deps.clock().getTime() / 1000);
  return signJwt(
    {
      aud: 'game-ticket',
      mode: demo ? 'demo' : 'real',
      player_id: caller.kind === 'player' ? caller.player.id : null,
      game_id: game.id,
      channel: body.channel,
      jurisdiction: body.jurisdiction,
      nonce: randomBytes(8).toString('hex'),
      iat,
      exp: iat + GAME_TOKEN_LIFETIME_S,
    },
    ticketKey(secret),
  );
}

/** POST /game/token (behaviour.md §7): the short-lived grant a real-money launch needs (Access-Token). */
export async function gameToken(deps: GameLaunchDeps, caller: PlayerCaller, body: GrantRequest, secret: Uint8Array): Promise<string> {
  const game = await grantedGame(deps, caller, body, false);
  await checkRequiredLimits(deps, caller);
  const iat = Math.floor(deps.clock().getTime() / 1000);
  const claims: GameTokenClaims = {
    aud: GAME_TOKEN_AUDIENCE,
    player_id: caller.player.id,
    player_access_id: caller.session.sessionId,
    game_id: game.id,
    channel: body.channel,
    jurisdiction: body.jurisdiction,
    iat,
    exp: iat + GAME_TOKEN_LIFETIME_S,
  };
  return signJwt(claims, gameTokenKey(secret));
}

const tokenExpired = () => new HttpError(401, ERROR_CODES.gameTokenExpired, 'Token expired');

/** The game token's claims when it is good for this session, game and channel; else 401 "Token expired". */
function checkGameToken(token: string | undefined, secret: Uint8Array, caller: PlayerCaller, game: Game, channel: GameChannel | null, nowMs: number): GameTokenClaims {
  if (token === undefined) throw tokenExpired();
  const parsed = v.safeParse(gameTokenClaimsSchema, verifiedJwtPayload(token.trim(), gameTokenKey(secret)));
  if (!parsed.success) throw tokenExpired();
  const claims = parsed.output;
  const fits =
    claims.exp * 1000 > nowMs &&
    claims.player_id === caller.player.id &&
    claims.player_access_id === caller.session.sessionId &&
    claims.game_id === game.id &&
    (channel === null || claims.channel === channel);
  if (!fits) throw tokenExpired();
  return claims;
}

// ------------------------------------------------------------------------------ the token providers' sessions

interface ProviderSession {
  token: string;
  jurisdiction: string;
  expiresAt: number;
}

/**
 * The token providers' sessions of the players (playngo token_generation, yggdrasil session,
 * relaxgaming and quickspin generatetoken), per login session and provider. Kept in this process's
 * memory, like a provider's own session store would be at the provider: with several platform
 * processes a player's next call may reach another one, which then asks for the provider call again
 * (401 error.token.expired; the app's launch makes both calls one after the other).
 */
export interface ProviderSessions {
  open(session: AuthenticatedSession, provider: TokenProvider, options: { renew: boolean; jurisdiction: string }): string;
  find(session: AuthenticatedSession, provider: TokenProvider): ProviderSession | undefined;
}

const MAX_PROVIDER_SESSIONS = 50_000;

export function providerSessions(clock: () => Date): ProviderSessions {
  const sessions = new Map<string, ProviderSession>();
  const keyOf = (session: AuthenticatedSession, provider: TokenProvider) => `${session.sessionId}:${provider}`;
  return {
    open(session, provider, { renew, jurisdiction }) {
      const now = clock().getTime();
      const key = keyOf(session, provider);
      const current = sessions.get(key);
      if (current && current.expiresAt > now && !renew && current.jurisdiction === jurisdiction) return current.token;
      if (sessions.size >= MAX_PROVIDER_SESSIONS) {
        for (const [old, value] of sessions) if (value.expiresAt <= now) sessions.delete(old);
        for (const old of sessions.keys()) {
          if (sessions.size < MAX_PROVIDER_SESSIONS) break;
          sessions.delete(old);
        }
      }
      const token = randomBytes(24).toString('base64url');
      sessions.delete(key);
      sessions.set(key, { token, jurisdiction, expiresAt: now + PROVIDER_SESSION_LIFETIME_MS });
      return token;
    },
    find(session, provider) {
      const found = sessions.get(keyOf(session, provider));
      return found && found.expiresAt > clock().getTime() ? found : undefined;
    },
  };
}

/** playngo, yggdrasil, relax, quickspin: the provider call that opens the player's session there. */
export function openProviderSession(
  sessions: ProviderSessions,
  caller: PlayerCaller,
  provider: TokenProvider,
  options: { renew?: boolean | undefined; jurisdiction?: string | undefined } = {},
): string {
  return sessions.open(caller.session, provider, { renew: options.renew === true, jurisdiction: options.jurisdiction ?? DEFAULT_JURISDICTION });
}

// ------------------------------------------------------------------------------ the game session

/**
 * Issue 20 "A game ends with the session": a real-money launch gets a game session token of its
 * own, tied to the player's login (stored hashed, migration 0014). The provider sends it with every
 * balance and bet, and the seamless wallet refuses both once that login has ended (logout, idle,
 * lifetime, a break, closure): server/services/game-wallet.ts.
 */
async function openGameSession(deps: LaunchDeps, caller: PlayerCaller, game: Game): Promise<string> {
  const token = randomSecret(32);
  await insertGameSession(deps.db, {
    tokenHash: sha256Hex(token),
    sessionId: caller.session.sessionId,
    playerId: caller.player.id,
    provider: deps.provider.walletProvider,
    gameId: game.id,
    at: deps.clock(),
  });
  return token;
}

// ------------------------------------------------------------------------------ the launch

export interface LaunchRequest {
  /** The call's provider; null for the casino game launch request (/game/launch), which takes any. */
  provider: GameProvider | null;
  idOrSlug: string;
  demo: boolean;
  /** The channel the call names; null when it names none (pariplay). */
  channel: GameChannel | null;
  language: string;
  currency: string;
  /** The jurisdiction the call names (pragmatic, softswiss); else the game token's, relax's session's or MT. */
  jurisdiction: string | null;
  /** The Access-Token header (real money). */
  gameToken: string | undefined;
  /** Evolution: its session checks answer 400 (behaviour.md §8). */
  sessionFailureStatus?: 400 | undefined;
}

export interface LaunchDeps extends GameLaunchDeps {
  provider: GameProviderAdapter;
  sessions: ProviderSessions;
  /** The id tokens' secret (the game token's key derives from it). */
  secret: () => Promise<Uint8Array>;
}

/** Every launch call: the checks of the header, then the provider's launch URL. */
export async function launchGame(deps: LaunchDeps, caller: Caller, launch: LaunchRequest, request: RequestFacts): Promise<string> {
  if (!launch.demo && caller.kind !== 'player') throw new HttpError(401, ERROR_CODES.tokenInvalid, 'Log in again: the id token is missing or not valid.');
  const currency = currencyOf(caller, launch.currency);
  const game = await gameFor(deps, caller, launch.idOrSlug, launch.language, currency);
  if (launch.provider !== null && game.gameProvider !== launch.provider) throw notFound();
  if (launch.channel !== null && !game.channels.includes(launch.channel)) throw notFound();
  checkDemo(game, launch.demo);
  checkCountry(game, caller);

  let jurisdiction = launch.jurisdiction;
  let channel = launch.channel;
  if (caller.kind === 'player' && !launch.demo) {
    try {
      checkAccess(game, caller);
      const token = checkGameToken(launch.gameToken, await deps.secret(), caller, game, launch.channel, deps.clock().getTime());
      channel ??= token.channel;
      if (launch.provider === null && isTokenProvider(game.gameProvider)) {
        const session = deps.sessions.find(caller.session, game.gameProvider);
        if (!session) throw tokenExpired();
        if (game.gameProvider === 'relax') jurisdiction ??= session.jurisdiction;
      }
      jurisdiction ??= token.jurisdiction;
    } catch (error) {
      if (error instanceof HttpError && launch.sessionFailureStatus !== undefined) {
        throw new HttpError(launch.sessionFailureStatus, error.code, error.message);
      }
      throw error;
    }
  }
  if (caller.kind === 'player' && !launch.demo) await checkRequiredLimits(deps, caller);
  const sessionToken = caller.kind === 'player' && !launch.demo ? await openGameSession(deps, caller, game) : null;

  const grant: GameLaunchGrant = {
    mode: launch.demo ? 'demo' : 'real',
    playerId: caller.kind === 'player' && !launch.demo ? caller.player.id : null,
    game,
    currency,
    market: marketOf(caller),
    jurisdiction: jurisdiction ?? DEFAULT_JURISDICTION,
    language: launch.language,
    channel: channel ?? game.channels[0] ?? 'desktop',
    siteOrigin: siteOriginOf(deps, request),
    sessionToken,
  };
  return deps.provider.launchUrl(grant, request.url);
}
