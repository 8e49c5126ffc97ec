import { randomBytes } from 'node:crypto';
import * as v from 'valibot';
import { GAME_VERTICALS } from '../../contract/provider-wallet';
import { signJwt, verifiedJwtPayload } from '../../crypto/tokens';
import type { GameLaunchGrant } from '../types';
import { DEMO_GAME_KINDS, demoKindOf, liveLimits, playCurrency, walletGameId } from './games';

// The demo provider's launch token (issue 12): the last segment of a launch URL
// `${providerOrigin}/play/{launchToken}`, and the credential of every call the game page makes to
// its provider. An HS256 JWT (server/crypto/tokens.ts) under the provider's launch key (keys.ts),
// so only the platform and the provider can make one. It carries what the provider needs to run
// the launch without asking the platform: the mode, the player (real money), the game and how it
// plays, the currency, the market (GG: UKGC's rules), the jurisdiction, the site's origin (the only
// frame ancestor and message target) and its expiry. `lid` (96 random bits) names the launch: the
// provider's transaction ids start with it.

const AUDIENCE = 'aurora-demo-launch';

export const launchClaimsSchema = v.object({
  aud: v.literal(AUDIENCE),
  lid: v.pipe(v.string(), v.regex(/^[a-f0-9]{24}$/)),
  mode: v.picklist(['demo', 'real']),
  /** The player (real money); null in demo. */
  pid: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))),
  /** The catalog's game id, as the seamless wallet takes it. */
  gid: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  name: v.pipe(v.string(), v.maxLength(200)),
  kind: v.picklist(DEMO_GAME_KINDS),
  vertical: v.picklist(GAME_VERTICALS),
  /** Live tables: seats, seats taken and the round's limits in ledger cents. */
  seats: v.nullable(v.number()),
  taken: v.nullable(v.number()),
  limits: v.nullable(v.object({ min: v.number(), max: v.number() })),
  cur: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)),
  mkt: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)),
  jur: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)),
  lang: v.pipe(v.string(), v.maxLength(10)),
  site: v.pipe(v.string(), v.maxLength(300)),
  /** Real money: the game session token the wallet ties to the player's login (issue 20); null in demo. */
  gst: v.nullable(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,128}$/))),
  iat: v.number(),
  exp: v.number(),
});
export type LaunchClaims = v.InferOutput<typeof launchClaimsSchema>;

/** The claims of a new launch. */
export function launchClaims(grant: GameLaunchGrant, nowMs: number, lifetimeS: number): LaunchClaims {
  const currency = playCurrency(grant.currency);
  const kind = demoKindOf(grant.game);
  const iat = Math.floor(nowMs / 1000);
  return {
    aud: AUDIENCE,
    lid: randomBytes(12).toString('hex'),
    mode: grant.mode,
    pid: grant.mode === 'real' ? grant.playerId : null,
    gid: walletGameId(grant.game.id),
    name: grant.game.label.slice(0, 200),
    kind,
    vertical: grant.game.type === 'live-casino' ? 'LIVE_CASINO' : 'CASINO',
    seats: kind === 'live' ? grant.game.seats : null,
    taken: kind === 'live' ? grant.game.seatsTaken : null,
    limits: kind === 'live' ? liveLimits(grant.game, currency) : null,
    cur: currency,
    mkt: grant.market,
    jur: grant.jurisdiction,
    lang: grant.language.slice(0, 10),
    site: grant.siteOrigin,
    gst: grant.mode === 'real' ? grant.sessionToken : null,
    iat,
    exp: iat + lifetimeS,
  };
}

/**
 * The same launch with a new lifetime from now, once half of the current one has passed (else
 * null: the page keeps its token). The provider hands it out with an answer that the platform's
 * wallet gave, so a real-money launch is renewed only while the player's login lives.
 */
export function renewedClaims(claims: LaunchClaims, nowMs: number, lifetimeS: number): LaunchClaims | null {
  const now = Math.floor(nowMs / 1000);
  if (claims.exp - now > lifetimeS / 2) return null;
  return { ...claims, iat: now, exp: now + lifetimeS };
}

export function signLaunchToken(claims: LaunchClaims, key: Uint8Array): string {
  return signJwt(claims, key);
}

export type LaunchCheck = { ok: true; claims: LaunchClaims } | { ok: false; reason: 'invalid' | 'expired' };

/** Checks a launch token's signature, shape and expiry. */
export function verifyLaunchToken(token: string, key: Uint8Array, nowMs: number): LaunchCheck {
  const parsed = v.safeParse(launchClaimsSchema, verifiedJwtPayload(token, key));
  if (!parsed.success) return { ok: false, reason: 'invalid' };
  // A real-money launch names its player and its game session; a demo launch neither.
  if ((parsed.output.mode === 'real') !== (parsed.output.pid !== null) || (parsed.output.mode === 'real') !== (parsed.output.gst !== null)) {
    return { ok: false, reason: 'invalid' };
  }
  if (parsed.output.exp * 1000 <= nowMs) return { ok: false, reason: 'expired' };
  return { ok: true, claims: parsed.output };
}
