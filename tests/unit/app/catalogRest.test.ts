import { afterEach, describe, expect, it, vi } from 'vitest';

// Issue 22: a build splits each catalog into the texts of start-up and the home page (the module's
// `messages`) and the others (`rest()`, splitCatalogs in vite.config.ts). The rest loads only once
// something asks for it (globalThis.__catalogRest, awaited by the chunks that show its texts), and
// from then on every language loads whole before it is activated.

const restOfPolish = vi.fn(() => Promise.resolve({ messages: { 'rest.text': 'Reszta' } }));
const restOfNorwegian = vi.fn(() => Promise.resolve({ messages: { 'rest.text': 'Resten' } }));

vi.mock('../../../locales/pl/messages.po', () => ({ messages: { 'core.text': 'Rdzeń' }, rest: restOfPolish }));
vi.mock('../../../locales/no/messages.po', () => ({ messages: { 'core.text': 'Kjerne' }, rest: restOfNorwegian }));

afterEach(() => {
  vi.resetModules();
  restOfPolish.mockClear();
  restOfNorwegian.mockClear();
});

describe('a catalog in two parts', () => {
  it('loads the home page part only, until the rest is asked for; then the rest of the active language', async () => {
    const { i18n, loadCatalog } = await import('../../../src/i18n/catalog');
    await loadCatalog('pl', 'pl-PL');
    expect(i18n.locale).toBe('pl');
    expect(i18n._('core.text')).toBe('Rdzeń');
    expect(restOfPolish).not.toHaveBeenCalled();

    await globalThis.__catalogRest?.();
    expect(restOfPolish).toHaveBeenCalledTimes(1);
    expect(i18n._('rest.text')).toBe('Reszta');
    expect(i18n._('core.text')).toBe('Rdzeń');
  });

  it('once the rest was asked for, another language is activated only with both parts', async () => {
    const { i18n, loadCatalog, wantCatalogRest } = await import('../../../src/i18n/catalog');
    await loadCatalog('pl', 'pl-PL');
    await wantCatalogRest();
    await loadCatalog('no', 'nb-NO');
    expect(restOfNorwegian).toHaveBeenCalledTimes(1);
    expect(i18n.locale).toBe('no');
    expect(i18n._('rest.text')).toBe('Resten');
    expect(i18n._('core.text')).toBe('Kjerne');
  });

  it('a page other than home asks for the rest before the first catalog arrives: it is there at activation', async () => {
    const { i18n, loadCatalog, wantCatalogRest } = await import('../../../src/i18n/catalog');
    void wantCatalogRest();
    await loadCatalog('pl', 'pl-PL');
    expect(i18n._('rest.text')).toBe('Reszta');
  });
});
