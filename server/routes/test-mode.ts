import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { ACTIVITY_INTERVAL_CHOICES_MINUTES } from '../../machines/lib/constants';
import type { Database } from '../db/schema';
import { ERROR_CODES, HttpError } from '../http/errors';
import type { SiteEnv } from '../http/site-context';
import { createPlayerStore } from '../services/players';
import { setManualClaimPermission } from '../services/bonuses';
import type { SettingsStore } from '../services/settings';
import { moveActivityTimers } from '../services/activity';
import { creditWallet, payOutPendingWithdrawals } from '../services/cashier';
import { readWallet } from '../services/wallet';
import { approveEddQuestionnaire, requestEddQuestionnaire } from '../services/edd';
import { DOCUMENT_TYPES, REJECTION_REASONS, type DocumentType } from '../../machines/lib/kyc';
import { documentsOfPlayer, newestDocumentUnderReview, requestPlayerDocument, reviewPlayerDocument } from '../services/documents';

// Switches for the test harnesses (Playwright, server tests), mounted at /api/test only when the
// platform runs in test mode (PLATFORM_TEST_MODE=1); elsewhere these paths do not exist (404).

const maintenanceBodySchema = v.object({ on: v.boolean() });
const termsVersionBodySchema = v.object({
  email: v.pipe(v.string(), v.maxLength(254)),
  version: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000)),
});

/** The player a wallet switch is for: by e-mail (the browser tests' seeded players) or id. */
const walletPlayerSchema = v.union([
  v.object({ email: v.pipe(v.string(), v.maxLength(254)) }),
  v.object({ playerId: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647)) }),
]);
const creditBodySchema = v.intersect([
  walletPlayerSchema,
  v.object({
    amount: v.pipe(v.string(), v.maxLength(32)),
    /** Optional: the same key credits once (a retried test step). */
    idempotencyKey: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,100}$/))),
  }),
]);
const payoutBodySchema = v.union([walletPlayerSchema, v.strictObject({})]);
const activityTimerBodySchema = v.object({
  email: v.pipe(v.string(), v.maxLength(254)),
  minutesRemaining: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Math.max(...ACTIVITY_INTERVAL_CHOICES_MINUTES))),
});

/**
 * The operator's document review (issue 23): a document by id, or the player's newest one under
 * review (of a type); accepted, or rejected with one of the reasons.
 */
const documentReviewBodySchema = v.intersect([
  walletPlayerSchema,
  v.object({
    documentId: v.optional(v.pipe(v.string(), v.maxLength(64))),
    documentType: v.optional(v.picklist(DOCUMENT_TYPES)),
    decision: v.picklist(['accept', 'reject']),
    reason: v.optional(v.picklist(REJECTION_REASONS)),
  }),
]);
/** The operator asks for a document type (a proof of payment may name its deposit method). */
const documentRequestBodySchema = v.intersect([
  walletPlayerSchema,
  v.object({
    documentType: v.picklist(DOCUMENT_TYPES.filter((type): type is Exclude<DocumentType, 'EDD_QUESTIONNAIRE'> => type !== 'EDD_QUESTIONNAIRE')),
    subType: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/))),
  }),
]);

/** An operator's payout restriction of a player and its lifting (issue 24's route guards): the account status PAYOUT or REGISTERED. */
const playerStatusBodySchema = v.intersect([walletPlayerSchema, v.object({ status: v.picklist(['PAYOUT', 'REGISTERED']) })]);
/** The operator's word on a player's manual-claim permission (behaviour.md §6). */
const manualClaimBodySchema = v.intersect([walletPlayerSchema, v.object({ allowed: v.boolean() })]);

export interface TestModeRoutesOptions {
  settings: SettingsStore;
  db: Kysely<Database>;
  clock?: (() => Date) | undefined;
}

export function testModeRoutes({ settings, db, clock = () => new Date() }: TestModeRoutesOptions): Hono<SiteEnv> {
  const routes = new Hono<SiteEnv>();

  const playerIdOf = async (who: { email: string } | { playerId: number }): Promise<number> => {
    if ('playerId' in who) return who.playerId;
    const player = await createPlayerStore(db).findByEmail(who.email);
    if (!player) throw new HttpError(404, ERROR_CODES.notFound, 'No player has this e-mail.');
    return player.id;
  };

  routes.post('/maintenance', async (c) => {
    const body: unknown = await c.req.json().catch(() => undefined);
    const parsed = v.safeParse(maintenanceBodySchema, body);
    if (!parsed.success) throw new HttpError(400, ERROR_CODES.requestInvalid, 'Expected a JSON body { "on": boolean }.');
    const updated = await settings.update({ maintenance: parsed.output.on });
    return c.json({ maintenance: updated.maintenance });
  });

  // A player's accepted terms version, so a browser test can play "the terms changed since".
  routes.post('/players/terms-version', async (c) => {
    const body: unknown = await c.req.json().catch(() => undefined);
    const parsed = v.safeParse(termsVersionBodySchema, body);
    if (!parsed.success) {
      throw new HttpError(400, ERROR_CODES.requestInvalid, 'Expected a JSON body { "email": string, "version": number }.');
    }
    const players = createPlayerStore(db);
    const player = await players.findByEmail(parsed.output.email);
    if (!player) throw new HttpError(404, ERROR_CODES.notFound, 'No player has this e-mail.');
    await players.update(player.id, { terms_accepted_version: parsed.output.version });
    return c.json({ email: player.email, version: parsed.output.version });
  });

  // An operator's payout restriction of a browser test's player (issue 24: the rewards and bonus-code route guards): { email | playerId, status }.
  routes.post('/players/status', async (c) => {
    const body: unknown = await c.req.json().catch(() => undefined);
    const parsed = v.safeParse(playerStatusBodySchema, body);
    if (!parsed.success) throw new HttpError(400, ERROR_CODES.requestInvalid, 'Expected a JSON body { "email" or "playerId", "status": "PAYOUT" or "REGISTERED" }.');
    const playerId = await playerIdOf(parsed.output);
    await createPlayerStore(db).update(playerId, { status: parsed.output.status });
    return c.json({ playerId, status: parsed.output.status });
  });

  // The operator's word on a browser test's player's manual-claim permission (behaviour.md §6): { email | playerId, allowed }.
  routes.post('/bonus/manual-claim', async (c) => {
    const body: unknown = await c.req.json().catch(() => undefined);
    const parsed = v.safeParse(manualClaimBodySchema, body);
    if (!parsed.success) throw new HttpError(400, ERROR_CODES.requestInvalid, 'Expected a JSON body { "email" or "playerId", "allowed": boolean }.');
    const playerId = await playerIdOf(parsed.output);
    await setManualClaimPermission(db, playerId, parsed.output.allowed, clock());
    return c.json({ playerId, allowed: parsed.output.allowed });
  });

  // Money for a browser test's player (issue 11): an operator credit to MAIN, { email | playerId, amount, idempotencyKey? }.
  routes.post('/wallet/credit', async (c) => {
    const body: unknown = await c.req.json().catch(() => undefined);
    const parsed = v.safeParse(creditBodySchema, body);
    if (!parsed.success) {
      throw new HttpError(400, ERROR_CODES.requestInvalid, 'Expected a JSON body { "email" or "playerId", "amount": "50.00", "idempotencyKey"?: string }.');
    }
    const playerId = await playerIdOf(parsed.output);
    const idempotencyKey = parsed.output.idempotencyKey ?? `test-${String(Date.now())}-${Math.random().toString(36).slice(2, 10)}`;
    const { referenceId } = await creditWallet({ db, clock }, { playerId, amount: parsed.output.amount, idempotencyKey });
    return c.json({ referenceId, wallet: await readWallet(db, playerId) });
  });

  // The operator's payout run (issue 11): every pending withdrawal (of one player when named) is
  // paid out, LOCKED -> the cashier, COMPLETED.
  routes.post('/wallet/payouts', async (c) => {
    const body: unknown = await c.req.json().catch(() => ({}));
    const parsed = v.safeParse(payoutBodySchema, body);
    if (!parsed.success) throw new HttpError(400, ERROR_CODES.requestInvalid, 'Expected a JSON body {} or { "email" or "playerId" }.');
    const playerId = 'email' in parsed.output || 'playerId' in parsed.output ? await playerIdOf(parsed.output) : undefined;
    return c.json({ paid: await payOutPendingWithdrawals({ db, clock }, playerId) });
  });

  // The reality check of a browser test (issue 13): the timer of the player's current logins is
  // moved so the check is due in `minutesRemaining` minutes; { email, minutesRemaining }.
  routes.post('/activity-timer', async (c) => {
    const body: unknown = await c.req.json().catch(() => undefined);
    const parsed = v.safeParse(activityTimerBodySchema, body);
    if (!parsed.success) throw new HttpError(400, ERROR_CODES.requestInvalid, 'Expected a JSON body { "email": string, "minutesRemaining": number }.');
    const playerId = await playerIdOf({ email: parsed.output.email });
    return c.json(await moveActivityTimers({ db, clock }, playerId, parsed.output.minutesRemaining));
  });

  // The operator's EDD questionnaire (issue 23): { email, status: 'requested' } asks the player for it
  // (the KYC level EDD_PENDING), { email, status: 'approved' } accepts the submitted answers.
  routes.post('/edd', async (c) => {
    const body: unknown = await c.req.json().catch(() => undefined);
    const parsed = v.safeParse(v.object({ email: v.pipe(v.string(), v.maxLength(254)), status: v.picklist(['requested', 'approved']) }), body);
    if (!parsed.success) throw new HttpError(400, ERROR_CODES.requestInvalid, 'Expected a JSON body { "email": string, "status": "requested" | "approved" }.');
    const playerId = await playerIdOf({ email: parsed.output.email });
    const deps = { db, clock };
    return c.json(parsed.output.status === 'requested' ? await requestEddQuestionnaire(deps, playerId) : await approveEddQuestionnaire(deps, playerId));
  });

  // The operator's review of a document (issue 23): accepted (VERIFIED) or rejected with a reason
  // (REQUESTED again); the player's open pages hear of it on the wallet's live connection.
  routes.post('/documents/review', async (c) => {
    const body: unknown = await c.req.json().catch(() => undefined);
    const parsed = v.safeParse(documentReviewBodySchema, body);
    const invalid = 'Expected a JSON body { "email" or "playerId", "documentId"? or "documentType"?, "decision": "accept" | "reject", "reason"? (one of the rejection reasons, with reject) }.';
    if (!parsed.success) throw new HttpError(400, ERROR_CODES.requestInvalid, invalid);
    const { decision, reason, documentId, documentType } = parsed.output;
    if (decision === 'reject' && reason === undefined) throw new HttpError(400, ERROR_CODES.requestInvalid, invalid);
    const playerId = await playerIdOf(parsed.output);
    const deps = { db, clock };
    const id = documentId ?? (await newestDocumentUnderReview(deps, playerId, documentType));
    const document = await reviewPlayerDocument(deps, playerId, id, decision === 'accept' ? { decision } : { decision, reason: reason ?? 'OTHER' });
    return c.json({ document });
  });

  routes.post('/documents/request', async (c) => {
    const body: unknown = await c.req.json().catch(() => undefined);
    const parsed = v.safeParse(documentRequestBodySchema, body);
    if (!parsed.success) throw new HttpError(400, ERROR_CODES.requestInvalid, 'Expected a JSON body { "email" or "playerId", "documentType", "subType"? }.');
    const playerId = await playerIdOf(parsed.output);
    const deps = { db, clock };
    await requestPlayerDocument(deps, playerId, parsed.output.documentType, parsed.output.subType ?? null);
    return c.json(await documentsOfPlayer(deps, playerId));
  });

  // Back to the default switches, with every login lock lifted (a test's failed logins do not
  // lock the next test out).
  routes.post('/reset', async (c) => {
    await createPlayerStore(db).clearAllLoginFailures();
    return c.json(await settings.reset());
  });

  return routes;
}
