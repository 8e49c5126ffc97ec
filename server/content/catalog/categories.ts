import { LIVE_CASINO_ROWS_SPAN } from '../../../machines/lib/constants';
import type { LobbyType } from '../../../machines/lib/games';
import type { Localised } from './localised';

// The lobbies' categories (product.md §3 "Category"): id (the app's path, machines/lib/games.ts
// categoryPath), label in every language, visibleInMenu / visibleInLobby, an icon, the grid per
// breakpoint and the widget type. Which games a category holds is decided by catalog.ts from the
// games' own facts (type, name, jackpot, release and popularity), in the order given there.
//
// Grids: columns of the breakpoint and how many rows of tiles the lobby shows before "see all".
// Live categories' rows span 2 (behaviour.md §9 "Live-casino rows span: 2"): a live tile is as
// tall as two casino rows, so the live grids count rows in those units.

export type CategoryMembership =
  | 'popular'
  | 'new'
  | 'jackpots'
  | 'slots'
  | 'megaways'
  | 'table-games'
  | 'summer'
  | 'all'
  | 'roulette'
  | 'vip';

export interface Grid {
  columns: number;
  rows: number;
}

export interface CatalogCategory {
  id: string;
  lobby: LobbyType;
  label: Localised;
  visibleInMenu: boolean;
  visibleInLobby: boolean;
  iconSvg: string;
  grid: { desktop: Grid; tablet: Grid; mobile: Grid };
  widgetType: 'grid' | 'row' | 'jackpot' | 'live';
  membership: CategoryMembership;
}

/** A 24x24 line icon: fixed markup, no script, no external reference. */
const icon = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${body}</svg>`;

const ICONS = {
  star: icon('<path d="M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z"/>'),
  sparkle: icon('<path d="M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5L18 18M6 18l2.5-2.5M15.5 8.5L18 6"/>'),
  coins: icon('<ellipse cx="9" cy="7" rx="6" ry="3"/><path d="M3 7v5c0 1.7 2.7 3 6 3s6-1.3 6-3V7"/><path d="M9 18c0 1.7 2.7 3 6 3s6-1.3 6-3v-5c0-1.7-2.7-3-6-3"/>'),
  seven: icon('<rect x="3" y="3" width="18" height="18" rx="3"/><path d="M8 8h8l-5 9"/>'),
  layers: icon('<path d="M12 3l9 5-9 5-9-5z"/><path d="M3 13l9 5 9-5"/>'),
  cards: icon('<rect x="3" y="5" width="12" height="16" rx="2"/><path d="M9 5l1.5-2 9 3-4 14"/>'),
  sun: icon('<circle cx="12" cy="12" r="4"/><path d="M12 2v2M12 20v2M2 12h2M20 12h2M5 5l1.5 1.5M17.5 17.5L19 19M5 19l1.5-1.5M17.5 6.5L19 5"/>'),
  grid: icon('<rect x="3" y="3" width="7" height="7" rx="1"/><rect x="14" y="3" width="7" height="7" rx="1"/><rect x="3" y="14" width="7" height="7" rx="1"/><rect x="14" y="14" width="7" height="7" rx="1"/>'),
  wheel: icon('<circle cx="12" cy="12" r="9"/><circle cx="12" cy="12" r="3"/><path d="M12 3v6M12 15v6M3 12h6M15 12h6"/>'),
  crown: icon('<path d="M3 8l4 4 5-7 5 7 4-4-2 11H5z"/>'),
};

const casinoGrid = (rows: number) => ({
  desktop: { columns: 6, rows },
  tablet: { columns: 4, rows },
  mobile: { columns: 3, rows: rows + 1 },
});
const rowGrid = { desktop: { columns: 6, rows: 1 }, tablet: { columns: 4, rows: 1 }, mobile: { columns: 2, rows: 1 } };
const liveGrid = {
  desktop: { columns: 4, rows: LIVE_CASINO_ROWS_SPAN },
  tablet: { columns: 3, rows: LIVE_CASINO_ROWS_SPAN },
  mobile: { columns: 2, rows: LIVE_CASINO_ROWS_SPAN },
};

export const CATEGORIES: readonly CatalogCategory[] = [
  // ------------------------------------------------------------------ casino
  {
    id: 'popular',
    lobby: 'casino',
    membership: 'popular',
    label: { en: 'Popular', fi: 'Suosituimmat', no: 'Populære', de: 'Beliebt', fr: 'Populaires', es: 'Populares', pt: 'Populares', ptBR: 'Populares', ja: '人気', tl: 'Sikat', tr: 'Popüler', pl: 'Popularne' },
    visibleInMenu: true,
    visibleInLobby: true,
    iconSvg: ICONS.star,
    grid: rowGrid,
    widgetType: 'row',
  },
  {
    id: 'new',
    lobby: 'casino',
    membership: 'new',
    label: { en: 'New games', fi: 'Uudet pelit', no: 'Nye spill', de: 'Neue Spiele', fr: 'Nouveaux jeux', es: 'Juegos nuevos', pt: 'Jogos novos', ptBR: 'Jogos novos', ja: '新着ゲーム', tl: 'Mga bagong laro', tr: 'Yeni oyunlar', pl: 'Nowe gry' },
    visibleInMenu: true,
    visibleInLobby: true,
    iconSvg: ICONS.sparkle,
    grid: rowGrid,
    widgetType: 'row',
  },
  {
    id: 'jackpots',
    lobby: 'casino',
    membership: 'jackpots',
    label: { en: 'Jackpots', fi: 'Jättipotit', no: 'Jackpotter', de: 'Jackpot-Spiele', fr: 'Jeux à jackpot', es: 'Botes', pt: 'Jogos com jackpot', ptBR: 'Jogos de jackpot', ja: 'ジャックポット', tl: 'Mga jackpot', tr: 'Jackpotlar', pl: 'Jackpoty' },
    visibleInMenu: true,
    visibleInLobby: true,
    iconSvg: ICONS.coins,
    grid: rowGrid,
    widgetType: 'jackpot',
  },
  {
    id: 'slots',
    lobby: 'casino',
    membership: 'slots',
    label: { en: 'Slots', fi: 'Kolikkopelit', no: 'Spilleautomater', de: 'Spielautomaten', fr: 'Machines à sous', es: 'Tragamonedas', pt: 'Máquinas de slots', ptBR: 'Caça-níqueis', ja: 'スロット', tl: 'Mga slot', tr: 'Slot oyunları', pl: 'Automaty' },
    visibleInMenu: true,
    visibleInLobby: true,
    iconSvg: ICONS.seven,
    grid: casinoGrid(2),
    widgetType: 'grid',
  },
  {
    id: 'megaways',
    lobby: 'casino',
    membership: 'megaways',
    label: { en: 'Megaways', fi: 'Megaways-pelit', no: 'Megaways-spill', de: 'Megaways-Spiele', fr: 'Jeux Megaways', es: 'Juegos Megaways', pt: 'Jogos Megaways', ptBR: 'Jogos Megaways', ja: 'メガウェイズ', tl: 'Mga Megaways', tr: 'Megaways oyunları', pl: 'Gry Megaways' },
    visibleInMenu: true,
    visibleInLobby: true,
    iconSvg: ICONS.layers,
    grid: casinoGrid(1),
    widgetType: 'grid',
  },
  {
    id: 'table-games',
    lobby: 'casino',
    membership: 'table-games',
    label: { en: 'Table games', fi: 'Pöytäpelit', no: 'Bordspill', de: 'Tischspiele', fr: 'Jeux de table', es: 'Juegos de mesa', pt: 'Jogos de mesa', ptBR: 'Jogos de mesa', ja: 'テーブルゲーム', tl: 'Mga laro sa mesa', tr: 'Masa oyunları', pl: 'Gry stołowe' },
    visibleInMenu: true,
    visibleInLobby: true,
    iconSvg: ICONS.cards,
    grid: casinoGrid(1),
    widgetType: 'grid',
  },
  {
    // A seasonal row: in the lobby, not in the menu.
    id: 'summer-specials',
    lobby: 'casino',
    membership: 'summer',
    label: { en: 'Summer specials', fi: 'Kesän suosikit', no: 'Sommerfavoritter', de: 'Sommerhighlights', fr: 'Spécial été', es: 'Especiales de verano', pt: 'Especiais de verão', ptBR: 'Especiais de verão', ja: '夏の特集', tl: 'Espesyal sa tag-init', tr: 'Yaz özel', pl: 'Letnie hity' },
    visibleInMenu: false,
    visibleInLobby: true,
    iconSvg: ICONS.sun,
    grid: rowGrid,
    widgetType: 'row',
  },
  {
    id: 'all',
    lobby: 'casino',
    membership: 'all',
    label: { en: 'All games', fi: 'Kaikki pelit', no: 'Alle spill', de: 'Alle Spiele', fr: 'Tous les jeux', es: 'Todos los juegos', pt: 'Todos os jogos', ptBR: 'Todos os jogos', ja: 'すべてのゲーム', tl: 'Lahat ng laro', tr: 'Tüm oyunlar', pl: 'Wszystkie gry' },
    visibleInMenu: true,
    visibleInLobby: true,
    iconSvg: ICONS.grid,
    grid: casinoGrid(3),
    widgetType: 'grid',
  },
  // ------------------------------------------------------------------ live casino
  {
    id: 'roulette',
    lobby: 'live-casino',
    membership: 'roulette',
    label: { en: 'Roulette', fi: 'Ruletti', no: 'Rulett', de: 'Roulette', fr: 'Roulette', es: 'Ruleta', pt: 'Roleta', ptBR: 'Roleta', ja: 'ルーレット', tl: 'Ruleta', tr: 'Rulet', pl: 'Ruletka' },
    visibleInMenu: true,
    visibleInLobby: true,
    iconSvg: ICONS.wheel,
    grid: liveGrid,
    widgetType: 'live',
  },
  {
    // High-limit tables: in the lobby, not in the menu.
    id: 'vip-tables',
    lobby: 'live-casino',
    membership: 'vip',
    label: { en: 'VIP tables', fi: 'VIP-pöydät', no: 'VIP-bord', de: 'VIP-Tische', fr: 'Tables VIP', es: 'Mesas VIP', pt: 'Mesas VIP', ptBR: 'Mesas VIP', ja: 'VIPテーブル', tl: 'Mga VIP na mesa', tr: 'VIP masalar', pl: 'Stoły VIP' },
    visibleInMenu: false,
    visibleInLobby: true,
    iconSvg: ICONS.crown,
    grid: liveGrid,
    widgetType: 'live',
  },
  {
    id: 'all-tables',
    lobby: 'live-casino',
    membership: 'all',
    label: { en: 'All tables', fi: 'Kaikki pöydät', no: 'Alle bord', de: 'Alle Tische', fr: 'Toutes les tables', es: 'Todas las mesas', pt: 'Todas as mesas', ptBR: 'Todas as mesas', ja: 'すべてのテーブル', tl: 'Lahat ng mesa', tr: 'Tüm masalar', pl: 'Wszystkie stoły' },
    visibleInMenu: true,
    visibleInLobby: true,
    iconSvg: ICONS.grid,
    grid: liveGrid,
    widgetType: 'live',
  },
];

export function categoriesOf(lobby: LobbyType): CatalogCategory[] {
  return CATEGORIES.filter((category) => category.lobby === lobby);
}
