import type { GameType } from '../../../machines/lib/games';
import type { Rng } from './random';

// Plausible game names from word lists (issue 12: "no real trademarked titles"): casino slots as
// "Book of Aurora", "Frozen Kraken Megaways", "Lotus Riches"; RNG tables as "Golden European
// Roulette"; live tables as "Blackjack Lapland 3", "Speed Baccarat C", "Wheel of Comets".
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

const TABLE_NAMES: Readonly<Partial<Record<GameType, readonly string[]>>> = {
  roulette: ['European Roulette', 'French Roulette', 'American Roulette', 'Roulette Pro', 'Mini Roulette', 'Multiwheel Roulette'],
  blackjack: ['Blackjack', 'Blackjack Classic', 'Multihand Blackjack', 'Single Deck Blackjack', 'Blackjack Switch', 'Double Exposure Blackjack'],
  baccarat: ['Baccarat', 'Punto Banco', 'Mini Baccarat', 'Baccarat Deluxe'],
  poker: ['Video Poker', 'Three Card Poker', 'Caribbean Stud', 'Casino Hold’em', 'Deuces Wild Poker', 'Jacks or Better'],
  table: ['Sic Bo', 'Craps', 'Keno', 'Dragon Tiger', 'Red Dog', 'Hi-Lo'],
};

/** A casino RNG table game's name: "Golden European Roulette". */
export function tableGameName(rng: Rng, gameType: GameType): string {
  return `${rng.pick(ADJECTIVES)} ${rng.pick(TABLE_NAMES[gameType] ?? ['Table'])}`;
}

const PLACES = [
  'Lapland', 'Riviera', 'Baltic', 'Helsinki', 'Oslo', 'Lisbon', 'Porto', 'Istanbul', 'Manila', 'Tokyo',
  'Santiago', 'Lima', 'Auckland', 'Toronto', 'Montréal', 'Vienna', 'Berlin', 'Malta', 'Aurora', 'Harbour',
  'Emerald', 'Sapphire', 'Velvet', 'Midnight', 'Nordic', 'Atlantic', 'Golden', 'Marble', 'Crystal', 'Ivory',
] as const;

const SHOW_NOUNS = ['Comets', 'Treasures', 'Lanterns', 'Rockets', 'Pearls', 'Crowns', 'Stars', 'Fortunes', 'Auroras', 'Dragons'] as const;

/** A live table's name by its game type: "Blackjack Lapland 3", "Speed Baccarat C", "Wheel of Comets". */
export function liveTableName(rng: Rng, gameType: GameType): string {
  const place = rng.pick(PLACES);
  const letter = String.fromCharCode(65 + rng.int(0, 7));
  switch (gameType) {
    case 'roulette':
      return rng.weighted([
        [`${place} Roulette`, 3],
        [`Speed Roulette ${place}`, 1],
        [`Auto Roulette ${letter}`, 1],
        [`Double Ball Roulette ${place}`, 1],
      ]);
    case 'blackjack':
      return rng.weighted([
        [`Blackjack ${place} ${String(rng.int(1, 9))}`, 4],
        [`Speed Blackjack ${letter}`, 1],
        [`VIP Blackjack ${place}`, 1],
      ]);
    case 'baccarat':
      return rng.weighted([
        [`Speed Baccarat ${letter}`, 2],
        [`Baccarat Squeeze ${place}`, 1],
        [`No Commission Baccarat ${letter}`, 1],
        [`Baccarat ${place}`, 2],
      ]);
    case 'game-show':
      return rng.weighted([
        [`Wheel of ${rng.pick(SHOW_NOUNS)}`, 2],
        [`${rng.pick(SHOW_NOUNS)} Dice`, 1],
        [`${rng.pick(SHOW_NOUNS)} Drop Show`, 1],
        [`Coin Flip ${place}`, 1],
      ]);
    case 'poker':
      return rng.weighted([
        [`Casino Hold’em ${place}`, 1],
        [`Three Card Poker ${place}`, 1],
      ]);
    default:
      return `${place} Table`;
  }
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
