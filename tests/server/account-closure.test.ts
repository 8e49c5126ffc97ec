import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { closeAccountResponseSchema } from '../../src/api/account';
import { SEEDED_PASSWORD } from '../../server/services/seed-players';
import { balance, playerAccount } from '../../server/services/ledger';
import { bearer, expectError, expectFieldErrors, postJson } from './helpers/identity';
import { json, useTestPlatform } from './helpers/platform';
import { credit, walletPlayer, type WalletPlayer } from './helpers/wallet';

// The player closes their own account (issue 23; product.md §3 "Player account status" CLOSED;
// behaviour.md §8 "Login" code:error.account.closed): with the account's password (or, for an
// account without one, the explicit confirmation alone) the status becomes CLOSED, the MAIN balance
// goes back as a pending withdrawal (as a self-exclusion returns it), every session ends and a new
// login is refused. A refusal changes nothing.

const env = useTestPlatform();

function close(token: string | null, body: unknown): Promise<Response> {
  return postJson(env.app, '/api/player/account/close', body, token === null ? {} : bearer(token));
}

async function statusOf(player: WalletPlayer): Promise<string> {
  const row = await env.platform.database.db.selectFrom('players').select('status').where('id', '=', player.id).executeTakeFirstOrThrow();
  return row.status;
}

describe('POST /api/player/account/close', () => {
  it('closes the account with its password: the balance becomes a pending withdrawal, the sessions end, a login is refused', async () => {
    const { db } = env.platform.database;
    const player = await walletPlayer(env.platform, env.app);
    await credit(env.app, player.id, '42.50');
    const response = await close(player.token, { confirm: true, password: SEEDED_PASSWORD });
    expect(response.status, await response.clone().text()).toBe(200);
    const answer = v.parse(closeAccountResponseSchema, await json(response));
    expect(answer).toMatchObject({ status: 'CLOSED', payout: { amount: '42.50', currency: 'EUR' } });
    expect(await statusOf(player)).toBe('CLOSED');
    expect(await balance(db, playerAccount(player.id))).toBe('0.00');
    expect(await balance(db, playerAccount(player.id, 'LOCKED'))).toBe('42.50');
    const withdrawals = await db.selectFrom('wallet_transactions').selectAll().where('player_id', '=', player.id).where('type', '=', 'WITHDRAW').execute();
    expect(withdrawals).toHaveLength(1);
    expect(withdrawals[0]).toMatchObject({ status: 'PENDING', reference_id: answer.payout?.referenceId });
    // The session is over, and a new login is refused with the catalogue's code.
    expect((await env.app.request('/api/player/profile', { headers: bearer(player.token) })).status).toBe(401);
    await expectError(await postJson(env.app, '/api/player/login', { email: player.email, password: SEEDED_PASSWORD }), 403, 'code:error.account.closed');
  });

  it('answers no payout for an empty balance', async () => {
    const player = await walletPlayer(env.platform, env.app);
    const response = await close(player.token, { confirm: true, password: SEEDED_PASSWORD });
    expect(v.parse(closeAccountResponseSchema, await json(response))).toEqual({ status: 'CLOSED', payout: null });
  });

  it('closes an account without a password (pay and play) on the explicit confirmation alone', async () => {
    const player = await walletPlayer(env.platform, env.app);
    await env.platform.database.db.updateTable('players').set({ password_hash: null }).where('id', '=', player.id).execute();
    const response = await close(player.token, { confirm: true });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await statusOf(player)).toBe('CLOSED');
  });

  it('refuses a wrong or missing password and a missing confirmation, and changes nothing', async () => {
    const { db } = env.platform.database;
    const player = await walletPlayer(env.platform, env.app);
    await credit(env.app, player.id, '10.00');
    await expectError(await close(player.token, { confirm: true, password: 'Not-The-Password-1' }), 400, 'error.old_password.incorrect');
    expect(await expectFieldErrors(await close(player.token, { confirm: true }))).toEqual({ password: 'validation.required' });
    expect(await expectFieldErrors(await close(player.token, { confirm: false, password: SEEDED_PASSWORD }))).toEqual({ confirm: 'validation.invalid' });
    expect(await expectFieldErrors(await close(player.token, { password: SEEDED_PASSWORD }))).toMatchObject({ confirm: expect.any(String) as string });
    expect((await close(player.token, 'not json')).status).toBe(400);
    expect((await close(player.token, { confirm: true, password: SEEDED_PASSWORD, extra: 1 })).status).toBe(400);
    expect(await statusOf(player)).toBe('REGISTERED');
    expect(await balance(db, playerAccount(player.id))).toBe('10.00');
    expect((await env.app.request('/api/player/profile', { headers: bearer(player.token) })).status).toBe(200);
  });

  it('refuses a visitor (401)', async () => {
    expect((await close(null, { confirm: true, password: SEEDED_PASSWORD })).status).toBe(401);
  });
});
