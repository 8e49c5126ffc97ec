import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ENABLED_MARKETS, LANGUAGE_CODES } from '../../machines/lib/markets';
import { signupPageSchema } from '../../src/api/content';
import { DEFAULT_SEED_DIR, loadContentSeed } from '../../server/content/seed';
import { buildSignupPage, formatOfferAmount, SIGNUP_IMAGES, WELCOME_OFFERS } from '../../server/content/signup';
import { json, useTestPlatform } from './helpers/platform';

// The sign-up page's bonus CTA panel (product.md §3 "bonusCTA"; behaviour.md §7 "Content": the
// signup page query): one document per market and language, the offer in the market's currency.

const PUBLIC_DIR = fileURLToPath(new URL('../../public', import.meta.url));

const env = useTestPlatform();

describe('GET /api/content/:market/:language/signup', () => {
  it.each([
    { market: 'FI', language: 'fi', amount: /500\s€/ },
    { market: 'NO', language: 'no', amount: /5\s000\skr/ },
    { market: 'CA', language: 'caf', amount: /750\s\$/ },
    { market: 'UN', language: 'en', amount: /€500/ },
  ])('serves the panel for $language-$market with the market offer', async ({ market, language, amount }) => {
    const response = await env.app.request(`/api/content/${market}/${language}/signup`);
    expect(response.status).toBe(200);
    const panel = v.parse(signupPageSchema, await json(response));
    expect(panel.title).toMatch(new RegExp(`^\\[${language}\\] Welcome bonus up to `));
    expect(panel.title).toMatch(amount);
    expect(panel.description).toMatch(amount);
    expect(panel).toMatchObject({
      iconImgAlt: `[${language}] Gift`,
      stepIndicator: `[${language}] Step {current} of {total}`,
      smsMaxAttempts: `[${language}] Too many codes`,
      ...SIGNUP_IMAGES,
      showBannerImg: true,
    });
  });

  it('hides the banner picture in the Netherlands', async () => {
    const panel = v.parse(signupPageSchema, await json(await env.app.request('/api/content/LL/en/signup')));
    expect(panel.showBannerImg).toBe(false);
  });

  it('refuses an unknown market or a language the market does not offer', async () => {
    const unknown = await env.app.request('/api/content/SE/en/signup');
    expect(unknown.status).toBe(400);
    expect(await json(unknown)).toMatchObject({ code: 'error.market.unknown' });
    const language = await env.app.request('/api/content/FI/de/signup');
    expect(language.status).toBe(400);
    expect(await json(language)).toMatchObject({ code: 'error.language.unknown' });
  });
});

describe('the real seed', () => {
  it('gives every enabled market and language a panel with its offer filled in, and the images exist', async () => {
    const seed = await loadContentSeed(DEFAULT_SEED_DIR);
    for (const market of ENABLED_MARKETS) {
      for (const language of market.languages) {
        const panel = buildSignupPage(seed.languages[language].signup, market.id, language);
        const where = `${language}-${market.id}`;
        expect(panel.title, where).toContain(formatOfferAmount(market.id, language));
        expect(`${panel.title}${panel.description}`, where).not.toMatch(/\{amount\}/);
        expect(panel.stepIndicator, where).toMatch(/\{current\}.*\{total\}|\{total\}.*\{current\}/);
      }
    }
    for (const path of Object.values(SIGNUP_IMAGES)) expect(existsSync(join(PUBLIC_DIR, path)), path).toBe(true);
    expect(Object.keys(WELCOME_OFFERS)).toHaveLength(17);
  });

  it('writes the panel in each language, the English variants aside', async () => {
    const seed = await loadContentSeed(DEFAULT_SEED_DIR);
    const english = new Set(['en', 'ca', 'nz', 'inen']);
    const texts = LANGUAGE_CODES.filter((code) => !english.has(code)).map((code) => JSON.stringify(seed.languages[code].signup));
    expect(new Set(texts).size).toBe(texts.length);
    for (const code of LANGUAGE_CODES.filter((c) => !english.has(c))) {
      expect(seed.languages[code].signup.smsMaxAttempts, code).not.toBe(seed.languages.en.signup.smsMaxAttempts);
    }
  });
});
