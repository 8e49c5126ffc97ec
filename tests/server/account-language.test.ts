import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { playerProfileSchema } from '../../src/api/player';
import { bearer, expectFieldErrors } from './helpers/identity';
import { json, useTestPlatform } from './helpers/platform';
import { walletPlayer, type WalletPlayer } from './helpers/wallet';

// The player's language (issue 23; product.md §3 "Player profile": the profile update payload,
// "languageCode sent as is except inen becomes en (caf becomes fr for language changes)"; behaviour.md
// §7 "Profile update body: playerId plus ... languageCode"): PATCH /api/player/profile stores the
// language as the platform names it; only the session's own player, only the site's languages.

const env = useTestPlatform();

function patch(token: string | null, body: unknown): Promise<Response> {
  return Promise.resolve(
    env.app.request('/api/player/profile', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', ...(token === null ? {} : bearer(token)) },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

async function languageOf(player: WalletPlayer): Promise<string> {
  const row = await env.platform.database.db.selectFrom('players').select('language_code').where('id', '=', player.id).executeTakeFirstOrThrow();
  return row.language_code;
}

describe('PATCH /api/player/profile (the language)', () => {
  it('stores the language and answers the profile with it', async () => {
    const player = await walletPlayer(env.platform, env.app);
    const response = await patch(player.token, { playerId: player.id, languageCode: 'fr' });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(v.parse(playerProfileSchema, await json(response)).languageCode).toBe('fr');
    expect(await languageOf(player)).toBe('fr');
    // The profile reads it back.
    const profile = await env.app.request('/api/player/profile', { headers: bearer(player.token) });
    expect(v.parse(playerProfileSchema, await json(profile)).languageCode).toBe('fr');
  });

  it('refuses the app-only codes caf and inen (sent as fr and en), an unknown language, another player, a bad body; nothing changes', async () => {
    const player = await walletPlayer(env.platform, env.app);
    const other = await walletPlayer(env.platform, env.app);
    for (const languageCode of ['caf', 'inen', 'xx', '', 3]) {
      expect(await expectFieldErrors(await patch(player.token, { playerId: player.id, languageCode }))).toEqual({ languageCode: 'validation.language' });
    }
    expect(await expectFieldErrors(await patch(player.token, { playerId: other.id, languageCode: 'de' }))).toEqual({ playerId: 'validation.invalid' });
    expect((await patch(player.token, { playerId: player.id, languageCode: 'de', extra: true })).status).toBe(400);
    expect((await patch(player.token, 'not json')).status).toBe(400);
    expect(await languageOf(player)).toBe('fi');
    expect(await languageOf(other)).toBe('fi');
  });

  it('refuses a visitor (401)', async () => {
    expect((await patch(null, { playerId: 1, languageCode: 'de' })).status).toBe(401);
  });
});
