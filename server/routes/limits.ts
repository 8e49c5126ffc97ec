import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { LIMIT_DURATIONS, type LimitKind } from '../../machines/lib/responsibleGambling';
import { limitPatchSchema, type LimitsResponse } from '../../src/api/responsibleGambling';
import type { Database } from '../db/schema';
import { requireAuth, type AuthEnv } from '../http/auth';
import { fieldErrorsOf, flowBodyLimit, readJsonObject, validationError } from '../http/validation';
import type { SettingsStore } from '../services/settings';
import { changeLimit, limitError, playerLimits, type LimitPatchInput, type LimitsDeps } from '../services/limits';

// The player's deposit and spend (loss) limits (issue 13; behaviour.md §7 "Responsible gambling":
// /player/deposit-limits and /player/spend-limits, GET and PATCH with duration, limit, deleteLimit
// and cancelPendingLimit; the contract is src/api/responsibleGambling.ts), mounted at /api/player.
// Every route needs the player's id token. The rules are server/services/limits.ts's.

const PATHS: Readonly<Record<LimitKind, string>> = { deposit: '/deposit-limits', spend: '/spend-limits' };

const [setLimit, deleteLimit, cancelPendingLimit] = limitPatchSchema.options;

/**
 * The PATCH body, parsed with the contract: a duration that is not D, W or M is behaviour.md §5's
 * 400 error.deposit.limit.interval; otherwise the body's own variant (set, delete or cancel, told by
 * its key) gives the field errors of a 400 error.validation.
 */
async function limitPatchOf(c: Context): Promise<LimitPatchInput> {
  const body = await readJsonObject(c);
  if (!v.is(v.picklist(LIMIT_DURATIONS), (body as { duration?: unknown }).duration)) throw limitError('interval');
  const schema = Object.hasOwn(body as object, 'deleteLimit')
    ? deleteLimit
    : Object.hasOwn(body as object, 'cancelPendingLimit')
      ? cancelPendingLimit
      : setLimit;
  const parsed = v.safeParse(schema, body, { abortEarly: false });
  if (!parsed.success) throw validationError(fieldErrorsOf(parsed.issues));
  return parsed.output;
}

export function limitsRoutes(options: { db: Kysely<Database>; clock: () => Date; settings: SettingsStore }): Hono<AuthEnv> {
  const routes = new Hono<AuthEnv>();
  const deps: LimitsDeps = { db: options.db, clock: options.clock, settings: options.settings };
  const playerOf = (c: Context<AuthEnv>): number => c.get('authSession').playerId;

  for (const [kind, path] of Object.entries(PATHS) as [LimitKind, string][]) {
    routes.get(path, requireAuth, async (c) => c.json<LimitsResponse>(await playerLimits(deps, playerOf(c), kind)));
    routes.patch(path, flowBodyLimit, requireAuth, async (c) => c.json<LimitsResponse>(await changeLimit(deps, playerOf(c), kind, await limitPatchOf(c))));
  }
  return routes;
}
