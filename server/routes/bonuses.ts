import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import {
  activateRequestSchema,
  agreementRequestSchema,
  bonusCodeValidateRequestSchema,
  bonusIdSchema,
  campaignConsentRequestSchema,
  campaignsQuerySchema,
  cashbackClaimRequestSchema,
  deactivateRequestSchema,
  emptyBodySchema,
  forfeitRequestSchema,
  manualClaimRequestSchema,
  queuedClaimRequestSchema,
  rewardsQuerySchema,
  type AgreementResponse,
  type AssignmentResponse,
  type BonusCodeValidation,
  type BonusProgressResponse,
  type CampaignsResponse,
  type CashbackClaimResponse,
  type CashbackProgressResponse,
  type GameLimitationsResponse,
  type CashbackResponse,
  type ClaimResponse,
  type FreeSpinDetailsResponse,
  type ManualClaimAvailability,
  type OptInResponse,
  type RewardsResponse,
} from '../../src/api/bonuses';
import type { Database } from '../db/schema';
import { requireAuth, type AuthEnv } from '../http/auth';
import { fieldErrorsOf, flowBodyLimit, parseJsonBody, validationError } from '../http/validation';
import type { BonusDeps } from '../services/bonuses';
import { bonusProgress, campaignConsent, campaignsByIds, cashbackProgress, claimCashback, claimQueuedById, deactivateBonus, gameLimitations } from '../services/bonuses-calls';
import {
  answerAgreement,
  claimCampaign,
  claimQueued,
  confirmAssignment,
  forfeitAssignment,
  freeSpinDetails,
  listRewards,
  manualClaim,
  manualClaimAvailability,
  switchCashback,
  switchOptIn,
  validateBonusCode,
} from '../services/bonuses-player';
import type { SettingsStore } from '../services/settings';

// The player's bonuses and rewards (behaviour.md §7 "Bonuses"; the contract, with the mapping to the
// spec's names, is src/api/bonuses.ts), mounted at /api/player/bonus; every route needs the player's
// id token. The access rules (behaviour.md §6: the bonuses flag, payout risk, multibrand suspension;
// the bonus-code calls also the manual-claim permission) and responsible gambling are the services'
// (server/services/bonuses-player.ts): each refusal is a 4xx with a catalogue code (never 403, which
// logs the player out); bad input is 400 error.validation. Routes parse and map only.

export function bonusRoutes({ db, clock, settings }: { db: Kysely<Database>; clock: () => Date; settings: SettingsStore }): Hono<AuthEnv> {
  const routes = new Hono<AuthEnv>();
  const deps: BonusDeps = { db, clock, settings };
  const playerOf = (c: Context<AuthEnv>): number => c.get('authSession').playerId;

  function parseQuery<TSchema extends v.GenericSchema>(c: Context, schema: TSchema): v.InferOutput<TSchema> {
    const parsed = v.safeParse(schema, c.req.query(), { abortEarly: false });
    if (!parsed.success) throw validationError(fieldErrorsOf(parsed.issues));
    return parsed.output;
  }

  /** A path id (campaign, assignment, queued bonus) in the contract's shape, or 400. */
  function idOf(c: Context, name: string): string {
    const parsed = v.safeParse(bonusIdSchema, c.req.param(name));
    if (!parsed.success) throw validationError([{ field: name, code: 'validation.invalid' }]);
    return parsed.output;
  }

  routes.get('/rewards', requireAuth, async (c) => c.json<RewardsResponse>(await listRewards(deps, playerOf(c), parseQuery(c, rewardsQuerySchema))));

  routes.post('/rewards/:campaignId/claim', flowBodyLimit, requireAuth, async (c) => {
    await parseJsonBody(c, emptyBodySchema);
    return c.json<ClaimResponse>(await claimCampaign(deps, playerOf(c), idOf(c, 'campaignId')));
  });

  routes.post('/freespin/campaign/:campaignId/claim', flowBodyLimit, requireAuth, async (c) => {
    await parseJsonBody(c, emptyBodySchema);
    return c.json<ClaimResponse>(await claimCampaign(deps, playerOf(c), idOf(c, 'campaignId'), { freeSpinsOnly: true }));
  });

  routes.get('/freespin/details', requireAuth, async (c) => c.json<FreeSpinDetailsResponse>(await freeSpinDetails(deps, playerOf(c))));

  for (const [action, active] of [
    ['activate', true],
    ['deactivate', false],
  ] as const) {
    routes.post(`/cashback/:campaignId/${action}`, flowBodyLimit, requireAuth, async (c) => {
      await parseJsonBody(c, emptyBodySchema);
      return c.json<CashbackResponse>(await switchCashback(deps, playerOf(c), idOf(c, 'campaignId'), active));
    });
    routes.post(`/optIn/:campaignId/${action}`, flowBodyLimit, requireAuth, async (c) => {
      await parseJsonBody(c, emptyBodySchema);
      return c.json<OptInResponse>(await switchOptIn(deps, playerOf(c), idOf(c, 'campaignId'), active));
    });
  }

  routes.post('/campaign/:campaignId/queued-bonus/:queuedId/claim', flowBodyLimit, requireAuth, async (c) => {
    await parseJsonBody(c, emptyBodySchema);
    return c.json<ClaimResponse>(await claimQueued(deps, playerOf(c), idOf(c, 'campaignId'), idOf(c, 'queuedId')));
  });

  routes.post('/agreement', flowBodyLimit, requireAuth, async (c) => {
    const body = await parseJsonBody(c, agreementRequestSchema);
    return c.json<AgreementResponse>(await answerAgreement(deps, playerOf(c), body));
  });

  routes.get('/bonus-code/manual-claim/available', requireAuth, async (c) => c.json<ManualClaimAvailability>(await manualClaimAvailability(deps, playerOf(c))));

  routes.post('/bonus-code/manual-claim', flowBodyLimit, requireAuth, async (c) => {
    const body = await parseJsonBody(c, manualClaimRequestSchema);
    return c.json<ClaimResponse>(await manualClaim(deps, playerOf(c), body.bonusCode));
  });

  routes.post('/bonus-code/validate', flowBodyLimit, requireAuth, async (c) => {
    const body = await parseJsonBody(c, bonusCodeValidateRequestSchema);
    return c.json<BonusCodeValidation>(await validateBonusCode(deps, playerOf(c), body.bonusCode));
  });

  // The later calls (src/api/bonuses.ts header; server/services/bonuses-calls.ts).
  routes.get('/progress', requireAuth, async (c) => c.json<BonusProgressResponse>(await bonusProgress(deps, playerOf(c))));

  routes.get('/campaigns', requireAuth, async (c) => c.json<CampaignsResponse>(await campaignsByIds(deps, playerOf(c), parseQuery(c, campaignsQuerySchema).campaignIds)));

  routes.post('/campaigns/consent', flowBodyLimit, requireAuth, async (c) => {
    const body = await parseJsonBody(c, campaignConsentRequestSchema);
    return c.json<AgreementResponse>(await campaignConsent(deps, playerOf(c), body));
  });

  routes.post('/claim', flowBodyLimit, requireAuth, async (c) => {
    const body = await parseJsonBody(c, queuedClaimRequestSchema);
    return c.json<ClaimResponse>(await claimQueuedById(deps, playerOf(c), body.queuedPlayerBonusId));
  });

  routes.post('/deactivate', flowBodyLimit, requireAuth, async (c) => {
    const body = await parseJsonBody(c, deactivateRequestSchema);
    return c.json<AssignmentResponse>(await deactivateBonus(deps, playerOf(c), body));
  });

  routes.get('/freespin/progress', requireAuth, async (c) => c.json<FreeSpinDetailsResponse>(await freeSpinDetails(deps, playerOf(c))));

  routes.get('/loyalty/cashback/progress', requireAuth, async (c) => c.json<CashbackProgressResponse>(await cashbackProgress(deps, playerOf(c))));

  routes.post('/loyalty/cashback/claim', flowBodyLimit, requireAuth, async (c) => {
    const body = await parseJsonBody(c, cashbackClaimRequestSchema);
    return c.json<CashbackClaimResponse>(await claimCashback(deps, playerOf(c), body.campaignId));
  });

  routes.get('/games/:gameId/limitations', requireAuth, async (c) => c.json<GameLimitationsResponse>(await gameLimitations(deps, playerOf(c), idOf(c, 'gameId'))));

  routes.put('/:assignmentId/state', flowBodyLimit, requireAuth, async (c) => {
    const assignmentId = idOf(c, 'assignmentId');
    await parseJsonBody(c, forfeitRequestSchema);
    return c.json<AssignmentResponse>(await forfeitAssignment(deps, playerOf(c), assignmentId));
  });

  routes.post('/:assignmentId/state', flowBodyLimit, requireAuth, async (c) => {
    const assignmentId = idOf(c, 'assignmentId');
    const body = await parseJsonBody(c, activateRequestSchema);
    return c.json<AssignmentResponse>(await confirmAssignment(deps, playerOf(c), assignmentId, body.bonusAssignmentId));
  });

  return routes;
}
