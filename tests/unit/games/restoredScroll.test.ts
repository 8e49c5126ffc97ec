import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { anchorTopNow, forgetPlaces, placeFor, placeNow, rememberPlace, reservedSize, type Place } from '../../../src/features/games/restoredScroll';

// Back from a game (issue 21 item 2): the page notes the tile opened and the heights of the lobby's
// rows when the player leaves, and gives them back only to the visit the router restores.

function rect(top: number, height: number): DOMRect {
  return { top, height, bottom: top + height, left: 0, right: 100, width: 100, x: 0, y: top, toJSON: () => ({}) };
}

/** A lobby: two rows (the first 423.4 px high, the second not drawn: an estimate of 320 px), the same game in both. */
function lobby(): { tiles: HTMLAnchorElement[] } {
  document.body.innerHTML = `
    <header><a href="/en-UN">Home</a></header>
    <main>
      <section data-restore-size="popular"><a href="/en-UN/online-casino/play/x/g1">G1</a><a href="/en-UN/online-casino/play/x/g2">G2</a></section>
      <section data-restore-size="slots"><a href="/en-UN/online-casino/play/x/g1">G1</a></section>
    </main>`;
  const [popular, slots] = [...document.querySelectorAll('section')];
  vi.spyOn(popular as HTMLElement, 'getBoundingClientRect').mockReturnValue(rect(-900, 423.4));
  vi.spyOn(slots as HTMLElement, 'getBoundingClientRect').mockReturnValue(rect(-476.6, 320));
  const tiles = [...document.querySelectorAll<HTMLAnchorElement>('a[href$="/g1"]')];
  vi.spyOn(tiles[0] as HTMLElement, 'getBoundingClientRect').mockReturnValue(rect(-880, 160));
  vi.spyOn(tiles[1] as HTMLElement, 'getBoundingClientRect').mockReturnValue(rect(133, 160));
  return { tiles };
}

beforeEach(() => {
  forgetPlaces();
  window.scrollY = 3200;
});

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('the place a player leaves', () => {
  it('names the tile opened among the links to the same game, where it was on screen, and every row height', () => {
    const { tiles } = lobby();
    const place = placeNow(tiles[1] ?? null);
    expect(place).toEqual({
      scrollY: 3200,
      anchor: { href: '/en-UN/online-casino/play/x/g1', nth: 1, count: 2, top: 133 },
      sizes: { popular: 423.4, slots: 320 },
    });
  });

  it('has no tile to come back to when the link followed is outside the main content', () => {
    lobby();
    const home = document.querySelector('header a');
    expect(placeNow(home).anchor).toBeNull();
  });

  it('finds the tile again only once every link to the game is there as it was', () => {
    const { tiles } = lobby();
    const anchor = { href: '/en-UN/online-casino/play/x/g1', nth: 1, count: 2, top: 133 };
    expect(anchorTopNow(anchor)).toBe(133);
    // The second row not added yet: the first link to the game is not the one opened.
    tiles[1]?.remove();
    expect(anchorTopNow(anchor)).toBeNull();
  });
});

describe('the place a player comes back to', () => {
  const left: Place = { scrollY: 3200, anchor: null, sizes: { slots: 320 } };

  it('is the one noted for the history entry, when the router restores the same position', () => {
    rememberPlace('entry-1', left);
    expect(placeFor('entry-1', 3200)).toEqual(left);
    expect(placeFor('entry-1', 3200.5)).toEqual(left);
    // The player scrolled elsewhere and left another way: the router's position wins, the tile noted is stale.
    expect(placeFor('entry-1', 1800)).toBeNull();
    expect(placeFor('entry-2', 3200)).toBeNull();
  });

  it('survives a reload of the tab, and only the latest entries are kept', async () => {
    for (let entry = 0; entry < 25; entry += 1) rememberPlace(`entry-${String(entry)}`, { ...left, scrollY: entry });
    vi.resetModules();
    const reloaded = await import('../../../src/features/games/restoredScroll');
    expect(reloaded.placeFor('entry-24', 24)).toEqual({ ...left, scrollY: 24 });
    expect(reloaded.placeFor('entry-5', 5)).not.toBeNull();
    expect(reloaded.placeFor('entry-4', 4)).toBeNull();
  });

  it('keeps each row at its height then while the place is held, and lets it be remembered as usual after', () => {
    expect(reservedSize(left, 'slots', true)).toBe('320px');
    expect(reservedSize(left, 'slots', false)).toBe('auto 320px');
    expect(reservedSize(left, 'jackpots', true)).toBeUndefined();
    expect(reservedSize(null, 'slots', true)).toBeUndefined();
  });
});
