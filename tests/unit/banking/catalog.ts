import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The English source catalog's ids (locales/en/messages.po): a message a table names must exist there. */
export function englishIds(): Set<string> {
  const text = readFileSync(resolve(process.cwd(), 'locales', 'en', 'messages.po'), 'utf8');
  return new Set([...text.matchAll(/^msgid "((?:[^"\\]|\\.)+)"$/gm)].map((match) => match[1] ?? ''));
}
