import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, LANGUAGES, MARKETS, MARKET_CODES } from '../../machines/lib/markets';
import { loginResponseSchema } from '../../src/api/auth';
import { CODE_TTL_MS } from '../../server/services/codes';
import {
  MESSAGE_CHANNELS,
  MESSAGE_KINDS,
  MESSAGE_LANGUAGES,
  SMS_MAX_LENGTH,
  messageLanguage,
  messageText,
  type MessageKind,
} from '../../server/domain/message-texts';
import { createPlayerStore } from '../../server/services/players';
import { bearer, lastCode, postJson, register, uniqueDetails } from './helpers/identity';
import { json, startTestPlatform, type TestPlatform } from './helpers/platform';

// The texts of the simulated SMS / e-mail provider in the player's language
// (server/domain/message-texts.ts), and the routes sending them in the stored language.

const TTL_MINUTES = CODE_TTL_MS / 60_000;
/** The English variants: the same wording as English is right for them. */
const ENGLISH_LANGUAGES = new Set<string>(['en', 'ca', 'nz']);
const SMS_KINDS = MESSAGE_KINDS.filter((kind) => MESSAGE_CHANNELS[kind] === 'SMS');

describe('message texts', () => {
  it('cover exactly the languages a player can have stored (the API languages)', () => {
    const stored = new Set(LANGUAGE_CODES.map((code) => LANGUAGES[code].apiLanguage));
    expect(new Set(MESSAGE_LANGUAGES)).toEqual(stored);
    for (const market of MARKET_CODES) expect(MESSAGE_LANGUAGES).toContain(LANGUAGES[MARKETS[market].regionLanguage].apiLanguage);
  });

  it('has every kind in every language, with the code and the minutes in it', () => {
    for (const language of MESSAGE_LANGUAGES) {
      for (const kind of MESSAGE_KINDS) {
        for (const [code, minutes] of [
          ['482913', TTL_MINUTES],
          ['000507', 17],
        ] as const) {
          const text = messageText(kind, language, { code, minutes });
          expect(text.trim().length, `${language} ${kind}`).toBeGreaterThan(code.length);
          expect(text, `${language} ${kind}`).toContain(code);
          expect(text, `${language} ${kind}`).toContain(String(minutes));
          expect(text, `${language} ${kind}`).toContain('Aurora Play');
          expect(text, `${language} ${kind}`).not.toMatch(/undefined|NaN|\$\{/);
        }
      }
    }
  });

  it('keeps every SMS within 160 characters', () => {
    expect(SMS_KINDS).toEqual(['registration_sms', 'reset_sms', 'phone_change']);
    for (const language of MESSAGE_LANGUAGES) {
      for (const kind of SMS_KINDS) {
        for (const minutes of [TTL_MINUTES, 60]) {
          const text = messageText(kind, language, { code: '999999', minutes });
          expect(text.length, `${language} ${kind}: ${text}`).toBeLessThanOrEqual(SMS_MAX_LENGTH);
        }
      }
    }
  });

  it('writes the other languages in their own words, not as English copies', () => {
    const params = { code: '123456', minutes: TTL_MINUTES };
    for (const language of MESSAGE_LANGUAGES) {
      if (ENGLISH_LANGUAGES.has(language)) continue;
      const texts = new Set<string>();
      for (const kind of MESSAGE_KINDS) {
        const text = messageText(kind, language, params);
        expect(text, `${language} ${kind}`).not.toBe(messageText(kind, 'en', params));
        expect(text, `${language} ${kind}`).not.toMatch(/\b(Your|expires|verification code is|ignore this)\b/);
        texts.add(text);
      }
      // The reset and the phone change say what the code is for.
      expect(texts.size, language).toBeGreaterThanOrEqual(3);
    }
    for (const language of ENGLISH_LANGUAGES) {
      for (const kind of MESSAGE_KINDS) expect(messageText(kind, language, params)).toBe(messageText(kind, 'en', params));
    }
  });

  it('keeps one language per table entry (the Spanish, the Portuguese variants)', () => {
    const params = { code: '123456', minutes: TTL_MINUTES };
    expect(messageText('registration_sms', 'cl', params)).toBe('Tu código de verificación de Aurora Play es 123456. Vence en 10 minutos.');
    expect(messageText('registration_sms', 'pe', params)).toBe(messageText('registration_sms', 'cl', params));
    expect(messageText('phone_change', 'pt', params)).toContain('telemóvel');
    expect(messageText('phone_change', 'br', params)).toContain('celular');
    expect(messageText('registration_sms', 'fi', params)).toBe('Aurora Play -vahvistuskoodisi on 123456. Koodi vanhenee 10 minuutin kuluttua.');
    expect(messageText('registration_sms', 'ja', params)).toBe('【Aurora Play】認証コードは123456です。有効期限は10分です。');
  });

  it('uses the plural form of the count', () => {
    const text = (kind: MessageKind, language: string, minutes: number) => messageText(kind, language, { code: '123456', minutes });
    expect(text('registration_sms', 'en', 1)).toContain('in 1 minute.');
    expect(text('registration_sms', 'en', 10)).toContain('in 10 minutes.');
    expect(text('registration_sms', 'pl', 1)).toContain('przez 1 minutę.');
    expect(text('registration_sms', 'pl', 3)).toContain('przez 3 minuty.');
    expect(text('registration_sms', 'pl', 10)).toContain('przez 10 minut.');
    expect(text('registration_sms', 'no', 1)).toContain('om 1 minutt.');
    expect(text('registration_sms', 'de', 10)).toContain('10 Minuten gültig');
  });

  it('falls back to English for a language it does not know', () => {
    const params = { code: '654321', minutes: TTL_MINUTES };
    for (const kind of MESSAGE_KINDS) {
      const english = messageText(kind, 'en', params);
      for (const unknown of ['xx', 'sv', 'es', '', '  ', null, undefined, 'constructor', '__proto__', 'toString']) {
        expect(messageText(kind, unknown, params), `${String(unknown)} ${kind}`).toBe(english);
      }
    }
    expect(messageLanguage('sv')).toBe('en');
    // The site's own codes and a stored code in another case still find their language.
    expect(messageLanguage('caf')).toBe('fr');
    expect(messageLanguage('inen')).toBe('en');
    expect(messageLanguage(' FI ')).toBe('fi');
  });
});

describe('routes send the code in the player’s stored language', () => {
  let platform: TestPlatform;
  let app: ReturnType<TestPlatform['app']>;

  beforeAll(async () => {
    platform = await startTestPlatform();
    app = platform.app();
  });
  afterAll(async () => {
    await platform.close();
  });

  async function lastBodySentTo(destination: string): Promise<{ body: string; code: string | null }> {
    return platform.database.db
      .selectFrom('sent_messages')
      .select(['body', 'code'])
      .where('destination', '=', destination)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
  }

  it('a Finnish player’s registration SMS is Finnish, with the code kept apart', async () => {
    const { playerId, token, body } = await register(app, { countryCode: 'FI', languageCode: 'fi' });
    const response = await postJson(app, '/api/player/registration/sms_request', { playerId, token });
    expect(response.status, await response.clone().text()).toBe(200);
    const phone = `${body.phonePrefix}${body.phoneBody}`;
    const code = await lastCode(app, phone);
    const message = await lastBodySentTo(phone);
    expect(message.code).toBe(code);
    expect(message.body).toBe(messageText('registration_sms', 'fi', { code, minutes: TTL_MINUTES }));
    expect(message.body).toBe(`Aurora Play -vahvistuskoodisi on ${code}. Koodi vanhenee 10 minuutin kuluttua.`);
  });

  it('a Canadian French registration (stored as fr) gets a French SMS', async () => {
    const { playerId, token, body } = await register(app, { countryCode: 'CA', phonePrefix: '+1', phoneBody: '4165550177', mobilePhone: '+14165550177', languageCode: 'caf' });
    const response = await postJson(app, '/api/player/registration/sms_request', { playerId, token });
    expect(response.status, await response.clone().text()).toBe(200);
    const phone = `${body.phonePrefix}${body.phoneBody}`;
    const code = await lastCode(app, phone);
    expect((await lastBodySentTo(phone)).body).toBe(messageText('registration_sms', 'fr', { code, minutes: TTL_MINUTES }));
  });

  it('a password reset and a phone change are written in the player’s language', async () => {
    const { email, phoneBody } = uniqueDetails();
    const password = 'Polski-Gracz-1';
    await createPlayerStore(platform.database.db).create({
      email,
      password,
      phone_prefix: '+358',
      phone_body: phoneBody,
      country_code: 'FI',
      language_code: 'pl',
      status: 'REGISTERED',
    });
    const phone = `+358${phoneBody}`;
    expect((await postJson(app, '/api/player/password_reset', { email })).status).toBe(200);
    const resetCode = await lastCode(app, phone);
    expect((await lastBodySentTo(phone)).body).toBe(messageText('reset_sms', 'pl', { code: resetCode, minutes: TTL_MINUTES }));

    const login = await postJson(app, '/api/player/login', { email, password });
    expect(login.status).toBe(200);
    const auth = bearer(v.parse(loginResponseSchema, await json(login)).idToken);
    const newPhone = { phonePrefix: '+358', phoneBody: uniqueDetails().phoneBody };
    const change = await postJson(app, '/api/player/phone_number/sms_request', newPhone, auth);
    expect(change.status, await change.clone().text()).toBe(200);
    const changeTo = `+358${newPhone.phoneBody}`;
    const changeCode = await lastCode(app, changeTo);
    expect((await lastBodySentTo(changeTo)).body).toBe(messageText('phone_change', 'pl', { code: changeCode, minutes: TTL_MINUTES }));
  });
});
