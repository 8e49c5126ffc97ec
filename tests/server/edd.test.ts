import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { EDD_COUNTRY_CODES, EDD_OCCUPATIONS, EDD_SALARY_RANGES, EDD_SOURCES_OF_FUNDS, type EddAnswers } from '../../machines/lib/edd';
import { LANGUAGE_CODES } from '../../machines/lib/markets';
import { eddListsSchema, eddStateSchema, type EddState } from '../../src/api/edd';
import { findEddSubmission } from '../../server/repositories/edd';
import { expectError, expectFieldErrors, postJson } from './helpers/identity';
import { json, useTestPlatform } from './helpers/platform';
import { logIn, walletPlayer, type WalletPlayer } from './helpers/wallet';

// The EDD questionnaire on the platform (product.md §3 "EDD questionnaire"; behaviour.md §5 the EDD
// completeness rule; §7 /player/questionnaire/answer; src/api/edd.ts): the lists in every language
// of the site, the questionnaire asked (EDD_PENDING) then answered (EDD_UNDER_REVIEW, the
// repository's submission for the KYC level), the same answer twice is one state, an incomplete or
// malformed answer is 400 with its fields and stores nothing, an answer nobody asked for or after
// the operator's acceptance is 409, a visitor is 401, one player never sees another's.

const PATH = '/api/player/questionnaire';

const env = useTestPlatform();

const auth = (player: WalletPlayer | null): Record<string, string> => (player === null ? {} : { Authorization: `Bearer ${player.token}` });
const get = (player: WalletPlayer | null, path = PATH) => Promise.resolve(env.app.request(path, { headers: auth(player) }));
const post = (player: WalletPlayer | null, body: unknown) =>
  Promise.resolve(
    env.app.request(`${PATH}/answer`, {
      method: 'POST',
      headers: { ...auth(player), 'Content-Type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );

async function stateOf(response: Response): Promise<EddState> {
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(eddStateSchema, await json(response));
}

async function askedPlayer(): Promise<WalletPlayer> {
  const player = await walletPlayer(env.platform, env.app);
  const asked = await postJson(env.app, '/api/test/edd', { email: player.email, status: 'requested' });
  expect(await stateOf(asked)).toEqual({ status: 'pending', answers: null });
  return player;
}

const COMPLETE: EddAnswers = {
  occupation: 'EMPLOYED',
  otherOccupation: '',
  salaryRangeId: 3,
  sourceOfFunds: 'SALARY',
  otherSourceOfFunds: '',
  placeOfBirth: 'FI',
  nationality: 'FI',
};

describe('EDD questionnaire lists (behaviour.md §7 occupations, source-of-fund, /player/salary-range)', () => {
  it('answers every list in each of the 17 languages, with the shared ids and words of that language', async () => {
    const player = await walletPlayer(env.platform, env.app);
    const english = v.parse(eddListsSchema, await json(await get(player, `${PATH}/lists/en`)));
    for (const language of LANGUAGE_CODES) {
      const response = await get(player, `${PATH}/lists/${language}`);
      expect(response.status, language).toBe(200);
      const lists = v.parse(eddListsSchema, await json(response));
      expect(lists.occupations.map((item) => item.id)).toEqual([...EDD_OCCUPATIONS]);
      expect(lists.sourcesOfFunds.map((item) => item.id)).toEqual([...EDD_SOURCES_OF_FUNDS]);
      expect(lists.salaryRanges.map((item) => item.id)).toEqual(EDD_SALARY_RANGES.map((range) => range.id));
      expect(new Set(lists.countries.map((item) => item.id))).toEqual(new Set(EDD_COUNTRY_CODES));
      for (const item of [...lists.occupations, ...lists.sourcesOfFunds, ...lists.salaryRanges, ...lists.countries]) expect(item.label.trim()).not.toBe('');
      // Written in the language: only the English variants read like English.
      if (!['en', 'ca', 'nz', 'inen'].includes(language)) expect(lists.occupations.map((item) => item.label), language).not.toEqual(english.occupations.map((item) => item.label));
    }
    const german = v.parse(eddListsSchema, await json(await get(player, `${PATH}/lists/de`)));
    expect(german.occupations.find((item) => item.id === 'OTHER')?.label).toBe('Sonstiges');
    expect(german.countries.find((item) => item.id === 'DE')?.label).toBe('Deutschland');
    const finnish = v.parse(eddListsSchema, await json(await get(player, `${PATH}/lists/fi`)));
    expect(finnish.sourcesOfFunds.find((item) => item.id === 'SALARY')?.label).toBe('Palkka');
    expect(finnish.countries.find((item) => item.id === 'SE')?.label).toBe('Ruotsi');
  });

  it('refuses an unknown language (400 error.language.unknown) and a visitor (401)', async () => {
    const player = await walletPlayer(env.platform, env.app);
    await expectError(await get(player, `${PATH}/lists/xx`), 400, 'error.language.unknown');
    expect((await get(null, `${PATH}/lists/en`)).status).toBe(401);
  });
});

describe('EDD questionnaire answer (behaviour.md §5 completeness rule, §7 /player/questionnaire/answer)', () => {
  it('is not asked before the operator asks: the state says so and an answer is 409 error.edd.not_requested', async () => {
    const player = await walletPlayer(env.platform, env.app);
    expect(await stateOf(await get(player))).toEqual({ status: 'notRequested', answers: null });
    await expectError(await post(player, COMPLETE), 409, 'error.edd.not_requested');
    expect(await stateOf(await get(player))).toEqual({ status: 'notRequested', answers: null });
  });

  it('stores a complete answer as under review (EDD_UNDER_REVIEW), read back in a new session; the same answer twice is one state', async () => {
    const player = await askedPlayer();
    expect(await findEddSubmission(env.platform.database.db, player.id)).toBeUndefined();
    const answered = await stateOf(await post(player, COMPLETE));
    expect(answered).toEqual({ status: 'underReview', answers: COMPLETE });
    expect(await findEddSubmission(env.platform.database.db, player.id)).toEqual({ status: 'submitted', answers: COMPLETE });
    expect(await stateOf(await post(player, COMPLETE))).toEqual(answered);
    const again = { ...player, token: await logIn(env.app, player.email) };
    expect(await stateOf(await get(again))).toEqual(answered);
  });

  it('keeps the free text only where Other is chosen, trimmed; place of birth and nationality may be left out', async () => {
    const player = await askedPlayer();
    const other = { occupation: 'OTHER', otherOccupation: '  Deep-sea diver ', salaryRangeId: 6, sourceOfFunds: 'OTHER', otherSourceOfFunds: 'Royalties', placeOfBirth: '', nationality: 'DE' };
    expect((await stateOf(await post(player, other))).answers).toEqual({ ...other, otherOccupation: 'Deep-sea diver' });
    const minimal = { occupation: 'RETIRED', otherOccupation: 'ignored', salaryRangeId: 1, sourceOfFunds: 'PENSION' };
    expect((await stateOf(await post(player, minimal))).answers).toEqual({
      occupation: 'RETIRED', otherOccupation: '', salaryRangeId: 1, sourceOfFunds: 'PENSION', otherSourceOfFunds: '', placeOfBirth: '', nationality: '',
    });
  });

  it('refuses an incomplete answer field by field (400 error.validation) and stores nothing', async () => {
    const player = await askedPlayer();
    const refusals: [Record<string, unknown>, Record<string, string>][] = [
      [{ ...COMPLETE, occupation: '' }, { occupation: 'validation.required' }],
      [{ ...COMPLETE, salaryRangeId: 0 }, { salaryRangeId: 'validation.required' }],
      [{ ...COMPLETE, sourceOfFunds: '' }, { sourceOfFunds: 'validation.required' }],
      [{ ...COMPLETE, occupation: 'OTHER', otherOccupation: '   ' }, { otherOccupation: 'validation.required' }],
      [{ ...COMPLETE, sourceOfFunds: 'OTHER' }, { otherSourceOfFunds: 'validation.required' }],
      [{ ...COMPLETE, occupation: 'ASTRONAUT' }, { occupation: 'validation.invalid' }],
      [{ ...COMPLETE, salaryRangeId: 99 }, { salaryRangeId: 'validation.invalid' }],
      [{ ...COMPLETE, salaryRangeId: 2.5 }, { salaryRangeId: 'validation.invalid' }],
      [{ ...COMPLETE, salaryRangeId: '3' }, { salaryRangeId: 'validation.invalid' }],
      [{ ...COMPLETE, nationality: 'QQ' }, { nationality: 'validation.country' }],
      [{ ...COMPLETE, placeOfBirth: 'fi' }, { placeOfBirth: 'validation.country' }],
      [{ ...COMPLETE, occupation: 'OTHER', otherOccupation: 'x'.repeat(101) }, { otherOccupation: 'validation.too_long' }],
      [{ ...COMPLETE, sourceOfFunds: 'OTHER', otherSourceOfFunds: 'line\nbreak' }, { otherSourceOfFunds: 'validation.invalid' }],
      [{ ...COMPLETE, extra: true }, { extra: 'validation.invalid' }],
      [{ salaryRangeId: 3 }, { occupation: 'validation.required', sourceOfFunds: 'validation.required' }],
      [{ occupation: '', salaryRangeId: 0, sourceOfFunds: '' }, { occupation: 'validation.required', salaryRangeId: 'validation.required', sourceOfFunds: 'validation.required' }],
    ];
    for (const [body, fields] of refusals) {
      const response = await post(player, body);
      expect(await expectFieldErrors(response), JSON.stringify(body)).toEqual(fields);
    }
    await expectError(await post(player, 'not json'), 400, 'error.request.invalid');
    await expectError(await post(player, '[1]'), 400, 'error.request.invalid');
    expect((await post(player, { ...COMPLETE, otherOccupation: 'x'.repeat(20_000) })).status).toBe(413);
    expect(await stateOf(await get(player))).toEqual({ status: 'pending', answers: null });
  });

  it('moves the KYC level of the profile: asked EDD_PENDING, answered EDD_UNDER_REVIEW (product.md §3 "KYC level")', async () => {
    const kycOf = async (player: WalletPlayer): Promise<string> => {
      const response = await get(player, '/api/player/profile');
      expect(response.status).toBe(200);
      return ((await json(response)) as { kycStatus: string }).kycStatus;
    };
    const player = await walletPlayer(env.platform, env.app);
    expect(await kycOf(player)).toBe('NOT_VERIFIED');
    await postJson(env.app, '/api/test/edd', { email: player.email, status: 'requested' });
    expect(await kycOf(player)).toBe('EDD_PENDING');
    await stateOf(await post(player, COMPLETE));
    expect(await kycOf(player)).toBe('EDD_UNDER_REVIEW');
  });

  it('after the operator accepts, the answers stay and a new one is 409 error.edd.already_approved', async () => {
    const player = await askedPlayer();
    await stateOf(await post(player, COMPLETE));
    expect(await stateOf(await postJson(env.app, '/api/test/edd', { email: player.email, status: 'approved' }))).toEqual({ status: 'approved', answers: COMPLETE });
    expect(await findEddSubmission(env.platform.database.db, player.id)).toEqual({ status: 'approved', answers: COMPLETE });
    await expectError(await post(player, { ...COMPLETE, salaryRangeId: 1 }), 409, 'error.edd.already_approved');
    expect(await stateOf(await get(player))).toEqual({ status: 'approved', answers: COMPLETE });
  });

  it('keeps each player to their own questionnaire; a visitor is 401', async () => {
    const asked = await askedPlayer();
    const other = await walletPlayer(env.platform, env.app);
    await stateOf(await post(asked, COMPLETE));
    expect(await stateOf(await get(other))).toEqual({ status: 'notRequested', answers: null });
    expect((await get(null)).status).toBe(401);
    expect((await post(null, COMPLETE)).status).toBe(401);
  });
});
