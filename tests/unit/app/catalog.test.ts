import type { Messages } from '@lingui/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCALE_LOAD_RETRIES, LOCALE_LOAD_RETRY_DELAY_MS } from '../../../machines/lib/constants';
import { type CatalogImporter, i18n, importWithRetry, languageOfPath, loadCatalog } from '../../../src/i18n/catalog';

// behaviour.md §8/§9: a locale text load failure is logged and retried up to 3 times, waiting
// 2000 ms times the attempt number.

afterEach(() => {
  vi.restoreAllMocks();
});

describe('importWithRetry', () => {
  it('retries a failing load, waiting longer each time, until it succeeds', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const messages: Messages = { hello: 'Hei' };
    const importer = vi
      .fn<CatalogImporter>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(messages);
    const waits: number[] = [];
    const result = await importWithRetry('fi', importer, (ms) => {
      waits.push(ms);
      return Promise.resolve();
    });
    expect(result).toBe(messages);
    expect(importer).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([LOCALE_LOAD_RETRY_DELAY_MS, 2 * LOCALE_LOAD_RETRY_DELAY_MS]);
  });

  it('gives up after the third retry and logs every failure', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const importer = vi.fn<CatalogImporter>().mockRejectedValue(new Error('404'));
    const waits: number[] = [];
    await expect(
      importWithRetry('de', importer, (ms) => {
        waits.push(ms);
        return Promise.resolve();
      }),
    ).rejects.toThrow('404');
    expect(importer).toHaveBeenCalledTimes(1 + LOCALE_LOAD_RETRIES);
    expect(waits).toEqual([2000, 4000, 6000]);
    expect(log).toHaveBeenCalledTimes(1 + LOCALE_LOAD_RETRIES);
  });
});

describe('loadCatalog', () => {
  it('activates the language with its Intl locale', async () => {
    await loadCatalog('caf', 'fr-CA');
    expect(i18n.locale).toBe('caf');
    expect(i18n.locales).toEqual(['fr-CA']);
  });
});

describe('languageOfPath', () => {
  it.each([
    ['/fi-FI/terms', 'fi'],
    ['/caf-CA', 'caf'],
    ['/de-FI/terms', 'en'],
    ['/ja-JP', 'en'],
    ['/terms', 'en'],
    ['/', 'en'],
  ])('%s -> %s', (path, language) => {
    expect(languageOfPath(path)).toBe(language);
  });
});
