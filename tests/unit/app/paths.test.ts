import { describe, expect, it } from 'vitest';
import { pathBelowLangMarket } from '../../../src/ui/paths';
import { pathInLangMarket } from '../../../src/features/shell/LanguageSwitcher';

describe('language switcher target', () => {
  it.each([
    [{ pathname: '/en-FI/terms', searchStr: '', hash: '' }, '/fi-FI/terms'],
    [{ pathname: '/en-FI', searchStr: '', hash: '' }, '/fi-FI'],
    [{ pathname: '/en-FI/', searchStr: '', hash: '' }, '/fi-FI'],
    [{ pathname: '/en-FI/online-casino/slots', searchStr: '?aff_id=7', hash: 'top' }, '/fi-FI/online-casino/slots?aff_id=7#top'],
  ])('keeps the path, search and hash: %o -> %s', (location, expected) => {
    expect(pathInLangMarket(location, { language: 'fi', market: 'FI' })).toBe(expected);
  });
});

describe('footer paths from content', () => {
  it.each([
    ['/terms', 'terms'],
    ['/de-AT/terms', 'terms'],
    ['terms', 'terms'],
    ['/de-AT', ''],
  ])('%s is the page %s below the langmarket', (path, below) => {
    expect(pathBelowLangMarket('de-AT', path)).toBe(below);
  });
});
