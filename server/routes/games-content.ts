import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import {
  boxesQuerySchema,
  categoryPageQuerySchema,
  jackpotsQuerySchema,
  lobbyQuerySchema,
  type BoxesResponse,
  type CategoryPageResponse,
  type JackpotsResponse,
  type TableSeatsResponse,
} from '../../src/api/games';
import { LOBBY_TYPES, type LobbyType } from '../../machines/lib/games';
import { resolveContentScope } from '../content/scope';
import type { Database } from '../db/schema';
import { checkBearer } from '../http/auth';
import { contentEtag, sendEncoded, type EncodedVariants } from '../http/encoding';
import { ERROR_CODES, HttpError } from '../http/errors';
import { KNOWN_SITE_IDS, type SiteEnv } from '../http/site-context';
import { fieldErrorsOf, validationError } from '../http/validation';
import { authServicesOf } from '../http/session-cookie';
import {
  boxBannerSvg,
  boxesFor,
  categoryPage,
  gameArtworkSvg,
  gameIndex,
  gameIndexKey,
  jackpotsOf,
  lobbyContent,
  lobbyKey,
  providerLogoSvg,
  tableSeatsOf,
  viewerOf,
  type CatalogDeps,
} from '../services/catalog';

// The lobbies' content (issue 12; contract src/api/games.ts; product.md §2 "Casino and live
// casino", §3 "Games and lobby"; behaviour.md §5, §6, §7 "Games" and "Content", §9), mounted at
// /api/content before the other content routes, and the jackpot values, mounted at /api:
//
//   GET /content/{m}/{l}/lobbies/{lobby}?channel                  categories with their first page, providers
//   GET /content/{m}/{l}/lobbies/{lobby}/categories/{id}?channel&page   one page of a category
//   GET /content/{m}/{l}/lobbies/{lobby}/games?channel            the search index of the lobby
//   GET /content/{m}/{l}/boxes?lobby                              content and tournament boxes for the caller
//   GET /content/artwork/games/{id}.svg, .../games/{id}/vertical.svg, .../providers/{id}.svg, .../boxes/{id}.svg
//   GET /jackpots?gameIds&siteId
//   GET /tables/seats                                             seats taken at the live tables now
//
// 400 error.market.unknown / error.language.unknown as the other content routes
// (server/content/scope.ts); 404 error.not_found for an unknown lobby, category or image; 400
// error.validation for a bad query. The lobby and the search index are the same for every visitor
// of a market, language and channel: made once, compressed once (brotli and gzip) and answered
// from memory with a strong ETag (304 while it matches).

export interface GamesContentDeps {
  db: Kysely<Database>;
  clock: () => Date;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const SVG_TYPE = 'image/svg+xml; charset=utf-8';
/** Content answers: revalidated with their ETag (the API's noStore middleware has the last word, server/app.ts). */
const CONTENT_CACHE_CONTROL = 'no-cache';
/** Generated images change only with their game: a day, then revalidated with the ETag. */
const ARTWORK_CACHE_CONTROL = 'public, max-age=86400';
/** An SVG opened on its own runs nothing and loads nothing. */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** Answers larger than this are compressed at a faster level once (brotli 11 on megabytes takes seconds). */
const LARGE_ANSWER_BYTES = 256 * 1024;

/** A text in every coding, compressed once: brotli 11 / gzip 9, or 5 / 6 for a large search index. */
function encodeOnce(text: string): EncodedVariants {
  const identity = new TextEncoder().encode(text);
  const large = identity.byteLength > LARGE_ANSWER_BYTES;
  const br = brotliCompressSync(identity, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: large ? 5 : 11,
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      [zlib.BROTLI_PARAM_SIZE_HINT]: identity.byteLength,
    },
  });
  const gzip = gzipSync(identity, { level: large ? 6 : 9 });
  return {
    identity,
    br: br.byteLength < identity.byteLength ? new Uint8Array(br) : null,
    gzip: gzip.byteLength < identity.byteLength ? new Uint8Array(gzip) : null,
    etag: contentEtag(identity),
  };
}

/** Encoded answers by key, the least recently used dropped past `limit`. */
class EncodedAnswers {
  private readonly answers = new Map<string, EncodedVariants>();

  constructor(private readonly limit: number) {}

  get(key: string, make: () => string): EncodedVariants {
    const kept = this.answers.get(key);
    if (kept) {
      this.answers.delete(key);
      this.answers.set(key, kept);
      return kept;
    }
    const made = encodeOnce(make());
    this.answers.set(key, made);
    if (this.answers.size > this.limit) this.answers.delete(this.answers.keys().next().value ?? '');
    return made;
  }
}

function parseQuery<TSchema extends v.GenericSchema>(c: Context, schema: TSchema): v.InferOutput<TSchema> {
  const parsed = v.safeParse(schema, c.req.query(), { abortEarly: false });
  if (!parsed.success) throw validationError(fieldErrorsOf(parsed.issues));
  return parsed.output;
}

function lobbyOf(value: string): LobbyType {
  if (!(LOBBY_TYPES as readonly string[]).includes(value)) throw new HttpError(404, ERROR_CODES.notFound, `No lobby "${value}".`);
  return value as LobbyType;
}

function throwError(error: Error): never {
  throw error;
}

const imageNotFound = () => new HttpError(404, ERROR_CODES.notFound, 'No such image.');
/** `{id}.svg` -> id; anything else is not an image of ours. */
const SVG_FILE = /^([A-Za-z0-9_-]{1,100})\.svg$/;

/** Mounted at /api/content: lobbies, category pages, the search index, the boxes and the artwork. */
export function gamesContentRoutes(deps: GamesContentDeps): Hono<SiteEnv> {
  const routes = new Hono<SiteEnv>();
  const catalogDeps: CatalogDeps = deps;
  const lobbies = new EncodedAnswers(48);
  const indexes = new EncodedAnswers(8);
  const images = new EncodedAnswers(4_000);

  const scopeOf = (c: Context<SiteEnv>) => resolveContentScope(c.var.siteId, c.req.param('market') ?? '', c.req.param('language') ?? '');
  const sendJson = (c: Context, variants: EncodedVariants) => sendEncoded(c, variants, { contentType: JSON_TYPE, cacheControl: CONTENT_CACHE_CONTROL });
  const sendSvg = (c: Context, key: string, make: () => string | undefined) => {
    const variants = images.get(key, () => make() ?? throwError(imageNotFound()));
    c.header('Content-Security-Policy', SVG_CSP);
    // The query (w, q, fm of machines/lib/games.ts imageUrl) is for raster images: an SVG has one size.
    return sendEncoded(c, variants, { contentType: SVG_TYPE, cacheControl: ARTWORK_CACHE_CONTROL });
  };

  routes.get('/:market/:language/lobbies/:lobby', (c) => {
    const scope = scopeOf(c);
    const lobby = lobbyOf(c.req.param('lobby'));
    const { channel } = parseQuery(c, lobbyQuerySchema);
    return sendJson(c, lobbies.get(lobbyKey(scope, lobby, channel), () => JSON.stringify(lobbyContent(scope, lobby, channel))));
  });

  routes.get('/:market/:language/lobbies/:lobby/categories/:categoryId', (c) => {
    const scope = scopeOf(c);
    const lobby = lobbyOf(c.req.param('lobby'));
    const { channel, page } = parseQuery(c, categoryPageQuerySchema);
    return c.json<CategoryPageResponse>(categoryPage(scope, lobby, c.req.param('categoryId'), channel, page));
  });

  routes.get('/:market/:language/lobbies/:lobby/games', (c) => {
    const scope = scopeOf(c);
    const lobby = lobbyOf(c.req.param('lobby'));
    const { channel } = parseQuery(c, lobbyQuerySchema);
    return sendJson(c, indexes.get(gameIndexKey(scope.market, lobby, channel), () => JSON.stringify(gameIndex(scope.market, lobby, channel))));
  });

  routes.get('/:market/:language/boxes', async (c) => {
    const scope = scopeOf(c);
    const { lobby } = parseQuery(c, boxesQuerySchema);
    // The bearer token is optional here: it only decides the audience (behaviour.md §6).
    const services = authServicesOf(c);
    const check = await checkBearer(c, services);
    const session = check?.ok ? { sessionId: check.claims.player_access_id, playerId: check.claims.player_id } : null;
    const viewer = await viewerOf(catalogDeps, session, services.policy.idleLimitMs);
    return c.json<BoxesResponse>(boxesFor(catalogDeps, scope, lobby, viewer));
  });

  routes.get('/artwork/games/:file', (c) => {
    const id = SVG_FILE.exec(c.req.param('file'))?.[1];
    if (id === undefined) throw imageNotFound();
    return sendSvg(c, `game:${id}`, () => gameArtworkSvg(id, 'tile'));
  });

  routes.get('/artwork/games/:id/vertical.svg', (c) => {
    const id = c.req.param('id');
    return sendSvg(c, `vertical:${id}`, () => gameArtworkSvg(id, 'vertical'));
  });

  routes.get('/artwork/providers/:file', (c) => {
    const id = SVG_FILE.exec(c.req.param('file'))?.[1];
    if (id === undefined) throw imageNotFound();
    return sendSvg(c, `provider:${id}`, () => providerLogoSvg(id));
  });

  routes.get('/artwork/boxes/:file', (c) => {
    const id = SVG_FILE.exec(c.req.param('file'))?.[1];
    if (id === undefined) throw imageNotFound();
    return sendSvg(c, `box:${id}`, () => boxBannerSvg(id));
  });

  return routes;
}

/** Mounted at /api: GET /jackpots?gameIds=a,b&siteId (behaviour.md §7 "Jackpot amount") and GET /tables/seats: the lobby's values that move with the clock. */
export function jackpotRoutes(deps: GamesContentDeps): Hono<SiteEnv> {
  const routes = new Hono<SiteEnv>();
  routes.get('/jackpots', (c) => {
    const { gameIds, siteId } = parseQuery(c, jackpotsQuerySchema);
    if (!KNOWN_SITE_IDS.includes(siteId)) throw new HttpError(400, ERROR_CODES.siteUnknown, `Site ${String(siteId)} is not served by this platform.`);
    return c.json<JackpotsResponse>(jackpotsOf(deps, gameIds));
  });
  // The counts move with the clock (server/content/catalog/seats.ts): never part of the cached lobby bodies.
  routes.get('/tables/seats', (c) => c.json<TableSeatsResponse>(tableSeatsOf(deps)));
  return routes;
}
