import type { Rng } from './random';

// Plausible game names from word lists (issue 12: "no real trademarked titles"): casino slots as
// "Book of Aurora", "Frozen Kraken Megaways", "Lotus Riches"; RNG tables as "Golden European
// Roulette"; live tables as "Lapland Roulette", "Auto Roulette C". A name says what the game's
// screen plays (issue 21): the demo provider's slot, roulette or live roulette table.
// A few well-known real titles the lists could spell are refused (REAL_TITLES).

const PREFIXES = [
  'Book of', 'Gates of', 'Legend of', 'Rise of', 'Tales of', 'Temple of', 'Secrets of', 'Quest for', 'Realm of', 'Curse of',
  'Crown of', 'Heart of', 'Valley of', 'Eye of', 'Return of', 'Age of', 'Song of', 'Shrine of', 'Island of', 'Path of',
] as const;

const ADJECTIVES = [
  'Sweet', 'Wild', 'Golden', 'Lucky', 'Mystic', 'Frozen', 'Blazing', 'Neon', 'Royal', 'Crystal',
  'Silver', 'Midnight', 'Thunder', 'Ancient', 'Cosmic', 'Jolly', 'Savage', 'Velvet', 'Electric', 'Hidden',
  'Emerald', 'Ruby', 'Sapphire', 'Sunny', 'Stormy', 'Arctic', 'Tropical', 'Fiery', 'Dancing', 'Sleepy',
  'Grumpy', 'Happy', 'Brave', 'Clever', 'Lost', 'Shining', 'Rolling', 'Spinning', 'Roaring', 'Whispering',
  'Pixel', 'Turbo', 'Mighty', 'Tiny', 'Giant', 'Nordic', 'Desert', 'Jungle', 'Ocean', 'Starlit',
] as const;

const NOUNS = [
  'Aurora', 'Fjord', 'Pharaoh', 'Dragon', 'Tiger', 'Lotus', 'Viking', 'Pirate', 'Gems', 'Fruits',
  'Cascade', 'Candy', 'Panda', 'Phoenix', 'Kraken', 'Comet', 'Oasis', 'Jungle', 'Samurai', 'Sphinx',
  'Valkyrie', 'Troll', 'Reindeer', 'Moose', 'Lynx', 'Owl', 'Fox', 'Wolfpack', 'Mermaid', 'Atlantis',
  'Volcano', 'Glacier', 'Nebula', 'Meteor', 'Galaxy', 'Rocket', 'Robot', 'Wizard', 'Goblin', 'Fairy',
  'Knight', 'Castle', 'Treasure', 'Pearls', 'Coins', 'Cherries', 'Lemons', 'Melons', 'Berries', 'Honey',
  'Bees', 'Buffalo', 'Eagle', 'Jaguar', 'Cobra', 'Scarab', 'Amulet', 'Totem', 'Lantern', 'Carnival',
  'Fiesta', 'Disco', 'Circus', 'Rodeo', 'Safari', 'Sakura', 'Koi', 'Bamboo', 'Monkey', 'Gorilla',
  'Mammoth', 'Dino', 'Yeti', 'Penguin', 'Polar Bear', 'Walrus', 'Narwhal', 'Octopus', 'Shark', 'Turtle',
] as const;

const RICHES = ['Riches', 'Fortune', 'Treasure', 'Jewels', 'Gold', 'Wins', 'Bounty', 'Hoard', 'Empire', 'Kingdom', 'Rush', 'Fever', 'Party', 'Blast', 'Frenzy'] as const;

const SUFFIXES = ['Megaways', 'Deluxe', 'Hold and Win', 'Xmas Edition', 'Ultra', 'Cluster Pays', 'Power Reels', 'Dream Drop', '2', 'Extreme', 'Remastered', 'Infinity Reels'] as const;

/** Themes of the seasonal category (categories.ts "summer-specials"). */
export const SUMMER_WORDS: readonly string[] = ['Sunny', 'Tropical', 'Oasis', 'Fiesta', 'Carnival', 'Melons', 'Berries', 'Lemons', 'Ocean', 'Safari', 'Honey', 'Bees', 'Turtle'];

/** Real titles (and their close spellings) the word lists must not produce. */
const REAL_TITLES = new Set(
  ['Book of Dead', 'Book of Ra', 'Gates of Olympus', 'Sweet Bonanza', 'Wolf Gold', 'Big Bass Bonanza', 'Fire Joker', 'Book of Shadows', 'Legend of Cleopatra', 'Wild Wolf', 'Mystic Fortune', 'Dragon Gold', 'Golden Dragon', 'Lucky Lady', 'Wild Wild Riches', 'Jungle Jim', 'Valley of the Gods', 'Temple of Tut', 'Honey Rush', 'Viking Runecraft', 'Age of the Gods', 'Eye of Horus', 'Cash Bandits', 'Starburst', 'Reactoonz', 'Fruit Party', 'Buffalo King', 'Rise of Olympus', 'Wild Swarm', 'Book of Oz', 'Moon Princess', 'Jammin Jars', 'Money Train'].map((title) => title.toLowerCase()),
);

export function isRealTitle(name: string): boolean {
  return REAL_TITLES.has(name.toLowerCase());
}

/** A slot's name. */
export function slotName(rng: Rng): string {
  const noun = rng.pick(NOUNS);
  const pattern = rng.weighted([
    ['prefix', 3],
    ['adjective', 4],
    ['riches', 2],
    ['suffixed', 3],
  ] as const);
  switch (pattern) {
    case 'prefix':
      return `${rng.pick(PREFIXES)} ${noun}`;
    case 'adjective':
      return `${rng.pick(ADJECTIVES)} ${noun}`;
    case 'riches':
      return `${noun} ${rng.pick(RICHES)}`;
    case 'suffixed':
      return `${rng.pick(ADJECTIVES)} ${noun} ${rng.pick(SUFFIXES)}`;
  }
}

/**
 * The casino's RNG roulettes. The demo provider's roulette is European (one zero, 37 pockets; its
 * rules page says so): no American, French, mini or multi-wheel names, whose rules differ.
 */
const ROULETTE_NAMES = ['European Roulette', 'Roulette Pro', 'Classic Roulette', 'Roulette Royale', 'Single Zero Roulette', 'Roulette Deluxe', 'Grand Roulette', 'Premier Roulette', 'Roulette Gold', 'Euro Roulette'] as const;

/** A casino RNG table's name: "Golden European Roulette" (the catalog's casino tables are roulettes). */
export function tableGameName(rng: Rng): string {
  return `${rng.pick(ADJECTIVES)} ${rng.pick(ROULETTE_NAMES)}`;
}

const PLACES = [
  'Lapland', 'Riviera', 'Baltic', 'Helsinki', 'Oslo', 'Lisbon', 'Porto', 'Istanbul', 'Manila', 'Tokyo',
  'Santiago', 'Lima', 'Auckland', 'Toronto', 'Montréal', 'Vienna', 'Berlin', 'Malta', 'Aurora', 'Harbour',
  'Emerald', 'Sapphire', 'Velvet', 'Midnight', 'Nordic', 'Atlantic', 'Golden', 'Marble', 'Crystal', 'Ivory',
] as const;

/** A seated live table's name starts with this: seven seats, as a private salon has. */
const SEATED_TABLE = 'Salon Privé Roulette';
const SEATED_TABLE_SEATS = 7;

/**
 * A live table's name: the demo provider's live table is a European roulette dealt on a timer, so
 * every table is one ("Lapland Roulette", "Auto Roulette C", "Salon Privé Roulette Oslo").
 */
export function liveTableName(rng: Rng): string {
  const place = rng.pick(PLACES);
  const letter = String.fromCharCode(65 + rng.int(0, 7));
  return rng.weighted([
    [`${place} Roulette`, 3],
    [`European Roulette ${place}`, 2],
    [`Auto Roulette ${letter}`, 1],
    [`${SEATED_TABLE} ${place}`, 2],
    [`VIP Roulette ${place}`, 1],
  ]);
}

/** The seats of a live table by its name: a salon's seven, else null (an open table). */
export function liveTableSeats(name: string): number | null {
  return name.startsWith(SEATED_TABLE) ? SEATED_TABLE_SEATS : null;
}

/** A URL slug: "Book of Aurora" -> "book-of-aurora", "Montréal" -> "montreal". */
export function slugify(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
