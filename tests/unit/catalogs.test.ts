import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../machines/lib/markets';

// Every language's catalog stays complete: each message of the source catalog has a translation
// in every language (ARCHITECTURE.md "i18n"). English variants may keep English wording; other
// languages must not be English copies.

function readCatalog(language: string): Map<string, string> {
  const text = readFileSync(resolve(process.cwd(), 'locales', language, 'messages.po'), 'utf8');
  const entries = new Map<string, string>();
  const unquote = (block: string) =>
    [...block.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1] ?? ''}"`) as string).join('');
  for (const chunk of text.split(/\n\s*\n/)) {
    const id = /^msgid ((?:".*"\s*)+)/m.exec(chunk);
    const str = /^msgstr ((?:".*"\s*)+)/m.exec(chunk);
    if (!id?.[1] || !str?.[1]) continue;
    const key = unquote(id[1]);
    if (key === '') continue; // header
    entries.set(key, unquote(str[1]));
  }
  return entries;
}

const ENGLISH_VARIANTS = new Set(['en', 'ca', 'nz', 'inen']);
const source = readCatalog('en');

describe('translation catalogs', () => {
  it('the source catalog has messages, each with English text', () => {
    expect(source.size).toBeGreaterThan(20);
    for (const [id, text] of source) expect(text, id).not.toBe('');
  });

  // Issue 8: one id per text and meaning. The same English text under two ids is allowed only where
  // the meaning differs, so that a language can word them apart.
  const SAME_TEXT_OTHER_MEANING: readonly (readonly string[])[] = [
    ['account.password.heading', 'account.password.submit'], // a section's title, and its action
    ['login.title', 'account.login'], // the dialog's title ("Login"), and the action ("Log in")
    ['reset.page.title', 'reset.page.heading'], // the document title, and the heading (worded apart in German)
    ['reset.steps.email', 'common.email'], // a step's name, and a field's label
    ['reset.steps.password', 'password.new.label'], // a step's name, and a field's label
    ['banking.category.bonus', 'banking.header.bonus'], // a kind of transaction, and the header's bonus money
  ];
  it('gives each English text with one meaning a single id', () => {
    const idsByText = new Map<string, string[]>();
    for (const [id, text] of source) idsByText.set(text, [...(idsByText.get(text) ?? []), id]);
    const allowed = new Set(SAME_TEXT_OTHER_MEANING.map((ids) => [...ids].sort().join(' ')));
    const shared = [...idsByText.values()].filter((ids) => ids.length > 1).map((ids) => [...ids].sort().join(' '));
    expect(shared.filter((ids) => !allowed.has(ids))).toEqual([]);
  });

  for (const language of LANGUAGE_CODES) {
    it(`${language} translates every message`, () => {
      const catalog = readCatalog(language);
      const missing = [...source.keys()].filter((id) => !catalog.get(id));
      expect(missing).toEqual([]);
    });

    it(`${language} keeps every placeholder of the source text`, () => {
      const catalog = readCatalog(language);
      for (const [id, text] of source) {
        // An ICU argument is a name right after `{` and followed by `}` or `,` ({days}, {days, plural, ...});
        // the text inside plural branches (`one {Your time-out ...}`) is translated and not compared.
        const placeholders = (s: string) => [...new Set([...s.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => m[1]))].sort();
        expect(placeholders(catalog.get(id) ?? ''), `${language}: ${id}`).toEqual(placeholders(text));
      }
    });

    if (!ENGLISH_VARIANTS.has(language)) {
      it(`${language} is a translation, not an English copy`, () => {
        const catalog = readCatalog(language);
        const same = [...source].filter(([id, text]) => catalog.get(id) === text && /[a-z]{4,}/i.test(text));
        // Brand names and a few international words may stay; most texts must not.
        expect(same.length / source.size).toBeLessThan(0.15);
      });
    }
  }
});
