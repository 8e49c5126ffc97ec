import * as v from 'valibot';
import { DEFAULT_JURISDICTION } from '../../machines/lib/constants';
import type { GameChannel, GameProvider } from '../../machines/lib/games';
import { providerLanguageOf, type LanguageCode } from '../../machines/lib/markets';
import { request } from './client';

// The per-provider launch calls of behaviour.md §7 "Games" (issue 12), one request and one answer
// shape each. The platform answers every one of them (server/routes/game-launch.ts) with its own
// demo provider's launch URL, so every shape is exercised end to end. `launchGameUrl` is the one
// place that knows which provider takes which call; the game launch machine calls it through the
// actor src/app/ provides.
//
//   pragmaticplay  POST /pragmatic/partner/demoGameUrl | realGameUrl   PragmaticRequest  -> { gameURL }
//   pariplay       POST /pariplay/context/demo | real                  PariplayRequest   -> { Url }
//   softswiss      POST /softswiss/context/demo | real                 SoftswissRequest  -> { launch_options: { game_url } }
//   evolution      POST /evolution/user/authenticate | .../demo        EvolutionRequest  -> { entry }   (a 400 logs the player out)
//   playngo        POST /playngo/auth/token_generation { requireNew? } -> { token }, then POST /game/launch
//   yggdrasil      POST /yggdrasil/player/auth/session {}              -> { sessionId }, then POST /game/launch
//   relax          POST /relaxgaming/generatetoken { jurisdiction (default MT) } -> { token }, then POST /game/launch
//   quickspin      POST /quickspin/generatetoken {}                    -> { token }, then POST /game/launch
//   novomatic      POST /novomatic/launch { gameId, isDemo, currency, language, channel } -> { gameUrl }
// Demo play of the token providers (playngo, yggdrasil, relax, quickspin) is the casino game launch
// request with isDemo (no token). Real play always needs the player's id token, and every real
// launch call (the per-provider ones and /game/launch) carries the game token of POST /game/token
// in the `Access-Token` header (behaviour.md §7: "Some also carry an Access-Token header"): without
// a valid one for this player, game and channel the answer is 401 error.token.expired ("Token
// expired", behaviour.md §8), and for evolution 400 (the app logs the player out). The token
// providers' calls open the provider's session of the player: a real /game/launch of their games
// before it is 401 error.token.expired too.
//
// The game frame (the demo provider's page, on the provider's own origin) talks to the site with
// window.parent.postMessage(message, siteOrigin) only; gameFrameMessageSchema below is the shape.

const url = v.pipe(v.string(), v.minLength(1), v.maxLength(2000));
const text = (max = 200) => v.pipe(v.string(), v.maxLength(max));
const currency = v.pipe(v.string(), v.regex(/^[A-Z]{3}$/));

export const pragmaticRequestSchema = v.object({
  symbol: v.pipe(text(), v.minLength(1)),
  language: text(10),
  currency,
  platform: v.picklist(['WEB', 'MOBILE']),
  stylename: text(),
  lobbyUrl: text(500),
  jurisdiction: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)),
});
export const pragmaticResponseSchema = v.object({ gameURL: url });

export const pariplayRequestSchema = v.object({
  GameCode: v.pipe(text(), v.minLength(1)),
  CurrencyCode: currency,
  LanguageCode: text(10),
  PlayerIP: text(64),
  CountryCode: v.nullable(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/))),
});
export const pariplayResponseSchema = v.object({ Url: url });

export const softswissRequestSchema = v.object({
  game: v.pipe(text(), v.minLength(1)),
  currency,
  locale: text(10),
  ip: text(64),
  return_url: text(500),
  deposit_url: text(500),
  jurisdiction: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)),
  client_type: v.picklist(['desktop', 'mobile']),
  playerCurrentCountryCode: v.nullable(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/))),
});
export const softswissResponseSchema = v.object({ launch_options: v.object({ game_url: url }) });

export const evolutionRequestSchema = v.object({
  gameCategory: text(),
  tableId: v.pipe(text(), v.minLength(1)),
  wrapped: v.boolean(),
  mobile: v.boolean(),
  lobbyURL: text(500),
  ipAddress: text(64),
  /** The demo variant only. */
  currency: v.optional(currency),
  language: v.optional(text(10)),
});
export const evolutionResponseSchema = v.object({ entry: url });

export const playngoRequestSchema = v.object({ requireNew: v.optional(v.boolean()) });
/** behaviour.md §9: the relax launcher's jurisdiction defaults to MT. */
export const relaxRequestSchema = v.object({ jurisdiction: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)), DEFAULT_JURISDICTION) });
export const emptyRequestSchema = v.object({});
export const providerTokenResponseSchema = v.object({ token: v.pipe(v.string(), v.minLength(1)) });
export const yggdrasilResponseSchema = v.object({ sessionId: v.pipe(v.string(), v.minLength(1)) });

export const novomaticRequestSchema = v.object({
  gameId: v.pipe(text(), v.minLength(1)),
  isDemo: v.boolean(),
  currency,
  language: text(10),
  channel: v.picklist(['desktop', 'mobile']),
});
export const novomaticResponseSchema = v.object({ gameUrl: url });

/** What launching needs besides the game. */
export interface LaunchContext {
  demo: boolean;
  channel: GameChannel;
  /** The site's language (the route's); every call sends it as the providers know it (behaviour.md §9, `providerLanguageOf`). */
  language: LanguageCode;
  currency: string;
  /** The player's country, or the visitor's when known. */
  country: string | null;
  /** The jurisdiction the game runs under (behaviour.md §9: relax defaults to MT). */
  jurisdiction: string;
  /** Absolute URLs the game's lobby and deposit buttons lead to. */
  lobbyUrl: string;
  depositUrl: string;
  /** The player's address as the app knows it ('' when it does not). */
  ip: string;
  /** Real money: the game token of POST /game/token, sent as `Access-Token`; null in demo. */
  gameToken: string | null;
}

export interface LaunchGame {
  id: string;
  gameProvider: GameProvider;
  providerGameId: string;
  type: 'casino' | 'live-casino';
}

/** The game token's header on real launch calls (behaviour.md §7 "Access-Token"). */
export const GAME_TOKEN_HEADER = 'Access-Token';

const post = <S extends v.GenericSchema>(path: string, schema: S, body: unknown, auth: boolean, signal?: AbortSignal, gameToken?: string | null) =>
  request(path, schema, { method: 'POST', body, auth, signal, ...(auth && gameToken ? { headers: { [GAME_TOKEN_HEADER]: gameToken } } : {}) });

/** The casino game launch request (behaviour.md §7): the generic launch, and the token providers' second step. */
async function casinoLaunch(game: LaunchGame, context: LaunchContext, signal?: AbortSignal): Promise<string> {
  const answer = await post(
    '/game/launch',
    v.object({ data: v.object({ gameURL: url }) }),
    { isDemo: context.demo, gameId: game.id, languageCode: providerLanguageOf(context.language), currencyCode: context.currency, channel: context.channel, lobbyUrl: context.lobbyUrl },
    !context.demo,
    signal,
    context.gameToken,
  );
  return answer.data.gameURL;
}

/** The game's launch URL, through its provider's call (behaviour.md §7). Errors are ApiErrors. */
export async function launchGameUrl(game: LaunchGame, context: LaunchContext, signal?: AbortSignal): Promise<string> {
  const mode = context.demo ? 'demo' : 'real';
  const auth = !context.demo;
  const language = providerLanguageOf(context.language);
  switch (game.gameProvider) {
    case 'pragmaticplay':
      return (
        await post(
          `/pragmatic/partner/${context.demo ? 'demoGameUrl' : 'realGameUrl'}`,
          pragmaticResponseSchema,
          {
            symbol: game.providerGameId,
            language,
            currency: context.currency,
            platform: context.channel === 'mobile' ? 'MOBILE' : 'WEB',
            stylename: 'aurora',
            lobbyUrl: context.lobbyUrl,
            jurisdiction: context.jurisdiction,
          },
          auth,
          signal,
          context.gameToken,
        )
      ).gameURL;
    case 'pariplay':
      return (
        await post(
          `/pariplay/context/${mode}`,
          pariplayResponseSchema,
          { GameCode: game.providerGameId, CurrencyCode: context.currency, LanguageCode: language, PlayerIP: context.ip, CountryCode: context.country },
          auth,
          signal,
          context.gameToken,
        )
      ).Url;
    case 'softswiss':
      return (
        await post(
          `/softswiss/context/${mode}`,
          softswissResponseSchema,
          {
            game: game.providerGameId,
            currency: context.currency,
            locale: language,
            ip: context.ip,
            return_url: context.lobbyUrl,
            deposit_url: context.depositUrl,
            jurisdiction: context.jurisdiction,
            client_type: context.channel,
            playerCurrentCountryCode: context.country,
          },
          auth,
          signal,
          context.gameToken,
        )
      ).launch_options.game_url;
    case 'evolution':
      return (
        await post(
          `/evolution/user/authenticate${context.demo ? '/demo' : ''}`,
          evolutionResponseSchema,
          {
            gameCategory: game.type === 'live-casino' ? 'live' : 'casino',
            tableId: game.providerGameId,
            wrapped: true,
            mobile: context.channel === 'mobile',
            lobbyURL: context.lobbyUrl,
            ipAddress: context.ip,
            ...(context.demo ? { currency: context.currency, language } : {}),
          },
          auth,
          signal,
          context.gameToken,
        )
      ).entry;
    case 'novomatic':
      return (
        await post(
          '/novomatic/launch',
          novomaticResponseSchema,
          { gameId: game.providerGameId, isDemo: context.demo, currency: context.currency, language, channel: context.channel },
          auth,
          signal,
          context.gameToken,
        )
      ).gameUrl;
    case 'playngo':
      if (!context.demo) await post('/playngo/auth/token_generation', providerTokenResponseSchema, { requireNew: false }, true, signal);
      return casinoLaunch(game, context, signal);
    case 'yggdrasil':
      if (!context.demo) await post('/yggdrasil/player/auth/session', yggdrasilResponseSchema, {}, true, signal);
      return casinoLaunch(game, context, signal);
    case 'relax':
      if (!context.demo) await post('/relaxgaming/generatetoken', providerTokenResponseSchema, { jurisdiction: context.jurisdiction }, true, signal);
      return casinoLaunch(game, context, signal);
    case 'quickspin':
      if (!context.demo) await post('/quickspin/generatetoken', providerTokenResponseSchema, {}, true, signal);
      return casinoLaunch(game, context, signal);
  }
}

// ------------------------------------------------------------------------------ the game frame

/** Every message of the demo provider's game frame says it comes from it. */
export const GAME_FRAME_SOURCE = 'aurora-demo-provider';

/** A wire amount in the launch currency ("12.50"; JPY and CLP whole). */
const frameAmount = v.pipe(v.string(), v.regex(/^-?\d{1,12}(\.\d{1,2})?$/));

/**
 * What the game frame posts to the site (window.parent.postMessage(message, siteOrigin); the site
 * accepts a message only from the game's providerOrigin and only in this shape):
 *   round-ended  a round is over (its stake and return; the balance after it)
 *   balance      the balance the game shows (on load and after a change)
 *   close        the player pressed the game's own Close button
 *   error        the game cannot go on as asked: NOT_ENOUGH_FUNDS, RESTRICTED (the wallet's refusals),
 *                SESSION_ENDED (real money: the player's login ended, log in again; demo: the
 *                launch expired, reopen the game), UNAVAILABLE (anything else)
 */
export const gameFrameMessageSchema = v.variant('type', [
  v.object({
    source: v.literal(GAME_FRAME_SOURCE),
    type: v.literal('round-ended'),
    roundId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
    bet: frameAmount,
    win: frameAmount,
    balance: frameAmount,
    currency,
  }),
  v.object({ source: v.literal(GAME_FRAME_SOURCE), type: v.literal('balance'), balance: frameAmount, currency }),
  v.object({ source: v.literal(GAME_FRAME_SOURCE), type: v.literal('close') }),
  v.object({
    source: v.literal(GAME_FRAME_SOURCE),
    type: v.literal('error'),
    code: v.picklist(['NOT_ENOUGH_FUNDS', 'RESTRICTED', 'SESSION_ENDED', 'UNAVAILABLE']),
    message: text(300),
  }),
]);
export type GameFrameMessage = v.InferOutput<typeof gameFrameMessageSchema>;
