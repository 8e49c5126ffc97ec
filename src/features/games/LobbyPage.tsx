import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Activity, lazy, memo, startTransition, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createGameSearch, filterEnabled, inProviderFilter, LOBBY_PAGE_TYPE_OF, providerIdOf, type LobbyType } from '../../../machines/lib/games';
import { formatLangMarket, type LangMarket } from '../../../machines/lib/markets';
import type { Box, LobbyCategory, LobbyResponse } from '../../api/games';
import { boxesQuery, gameIndexQuery, lobbyQuery, recentGamesQuery } from '../../api/gameQueries';
import { BOTTOM_BAR_ATTRIBUTE } from '../../ui/bottomOverlay.css';
import { Button } from '../../ui/Button';
import { cssVars } from '../../ui/cssVars';
import { visuallyHidden } from '../../ui/global.css';
import { Loader } from '../../ui/Loader';
import { pathBelowLangMarket } from '../../ui/paths';
import { useGameInfo } from './GameInfo';
import { GameTile } from './GameTile';
import { JackpotTicker } from './JackpotTicker';
import * as s from './games.css';
import { useFavorites, useJackpots, useOpenedOnce, useViewer, type SessionRef } from './lobbyState';
import { lobbyRows, providersWithGames, tilesOfIndex, visibleTiles, type TileGame } from './tiles';
import { useRestoredScroll } from './restoredScroll';
import { LOBBY_TABS, type LobbyTab } from './search';
import { VirtualGrid } from './VirtualGrid';

// The provider filter loads when first opened (the info panel too: GameInfo): a lobby's first load
// carries neither them nor the dialog library.
const ProviderFilterDialog = lazy(() => import('./ProviderFilterDialog').then((module) => ({ default: module.ProviderFilterDialog })));

// The casino and live casino lobbies (product.md §2 "Casino and live casino": /online-casino,
// /live-casino-online; §3 "Games and lobby"; issue 12 "Lobby screens"). Four tabs, the mobile
// bottom navigation's 0 to 3 (a row of tabs from md up): 0 the lobby (content boxes, then each
// category's first page in the content's grid), 1 search, 2 my games (favourites), 3 recently
// played. The search (behaviour.md §5: a case-insensitive substring of the name; close matches when
// none) and the provider filter (its exclusions per lobby) work on the lobby's whole game index,
// loaded when first needed; the filter is on when a provider is checked or the text is not empty.

export interface LobbyPageProps {
  session: SessionRef;
  langMarket: LangMarket;
  lobby: LobbyType;
  tab: LobbyTab;
  channel: 'desktop' | 'mobile';
}

/** The first tiles of a page load eagerly (the largest contentful paint is among them). */
const EAGER_TILES = 6;

/** The tabs' icons (grid, magnifier, heart, clock): SVG path data, not text. */
const TAB_ICON_PATHS: Readonly<Record<LobbyTab, string>> = {
  0: 'M4 5h7v7H4zM13 5h7v7h-7zM4 14h7v5H4zM13 14h7v5h-7z',
  1: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4-4',
  2: 'M12 20s-7-4.4-9-9a5 5 0 0 1 9-4 5 5 0 0 1 9 4c-2 4.6-9 9-9 9z',
  3: 'M12 6v6l4 2M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z',
};

function TabIcon({ tab }: { tab: LobbyTab }) {
  return (
    <svg
      width={22}
      height={22}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={TAB_ICON_PATHS[tab]} />
    </svg>
  );
}

/** The promotion and tournament boxes; their calls to action are app paths from content, shown below the route's {langmarket}. */
function Boxes({ boxes, langmarket }: { boxes: readonly Box[]; langmarket: string }) {
  const { t } = useLingui();
  if (boxes.length === 0) return null;
  return (
    <ul className={s.boxes} aria-label={t({ id: 'games.boxes.label', message: 'Promotions and tournaments' })}>
      {boxes.map((box, index) => (
        <li key={box.id} className={s.box}>
          {/* An image, not a CSS background: the first box is often the largest paint, and the browser finds an <img> at once. */}
          <img
            className={s.boxImage}
            src={box.image}
            alt=""
            width={640}
            height={320}
            decoding="async"
            {...(index === 0 ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
          />
          <span aria-hidden="true" style={{ position: 'absolute', inset: 0, backgroundColor: box.overlay.colour, opacity: box.overlay.opacity }} />
          <h2 className={s.boxTitle}>{box.title}</h2>
          {box.subtitles.map((subtitle) => (
            <p key={subtitle} className={s.boxText}>
              {subtitle}
            </p>
          ))}
          {box.callToAction ? (
            <Link
              to="/$langmarket/$"
              params={{ langmarket, _splat: pathBelowLangMarket(langmarket, box.callToAction.path) }}
              className={s.seeAll}
              style={{ position: 'relative' }}
            >
              {box.callToAction.label}
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

interface TileHandlers {
  langmarket: string;
  favorites: ReturnType<typeof useFavorites>;
  jackpotOf: (gameId: string) => string | null;
  onInfo: (game: TileGame) => void;
  loginFor: ((path: string) => void) | null;
}

function tileOf(game: TileGame, index: number, handlers: TileHandlers) {
  return (
    <GameTile
      game={game}
      langmarket={handlers.langmarket}
      favorite={handlers.favorites.has === null ? null : handlers.favorites.has(game.id)}
      onToggleFavorite={handlers.favorites.toggle}
      onInfo={handlers.onInfo}
      onLoginRequired={game.lobby === 'live-casino' ? handlers.loginFor : null}
      jackpot={game.jackpotExist ? handlers.jackpotOf(game.id) : null}
      eager={index < EAGER_TILES}
    />
  );
}

/** Memoised: showing the next rows, or a keystroke in the search, does not render the rows already shown. */
const CategoryRow = memo(function CategoryRow({
  entry,
  lobby,
  tiles,
  handlers,
  first,
  reserve,
}: {
  entry: LobbyCategory;
  lobby: LobbyType;
  tiles: TileGame[];
  handlers: TileHandlers;
  first: boolean;
  /** Its height when the player left, held while Back restores the place (restoredScroll.ts). */
  reserve?: string | undefined;
}) {
  const { category, total } = entry;
  const headingId = `category-${category.id}`;
  const style = cssVars([
    [s.columnsMobile, category.grid.mobile.columns],
    [s.rowsMobile, category.grid.mobile.rows],
    [s.columnsTablet, category.grid.tablet.columns],
    [s.rowsTablet, category.grid.tablet.rows],
    [s.columnsDesktop, category.grid.desktop.columns],
    [s.rowsDesktop, category.grid.desktop.rows],
  ]);
  return (
    <section
      className={first ? s.section : s.categorySection}
      aria-labelledby={headingId}
      data-restore-size={category.id}
      style={reserve === undefined ? undefined : { containIntrinsicBlockSize: reserve }}
    >
      <div className={s.sectionHeader}>
        <h2 className={s.sectionTitle} id={headingId}>
          {category.label}
        </h2>
        <Link
          to={lobby === 'casino' ? '/$langmarket/online-casino/$categoryId' : '/$langmarket/live-casino-online/$categoryId'}
          params={{ langmarket: handlers.langmarket, categoryId: category.id }}
          className={s.seeAll}
        >
          <Trans id="games.category.seeAll">See all {total}</Trans>
          <span className={visuallyHidden}>: {category.label}</span>
        </Link>
      </div>
      <ul className={s.row} style={style} aria-labelledby={headingId}>
        {tiles.map((game, index) => (
          <li key={game.id} className={`${s.tileItem} ${lobby === 'live-casino' ? s.span.live : s.span[game.gridSize]}`}>
            {tileOf(game, first ? index : EAGER_TILES, handlers)}
          </li>
        ))}
      </ul>
    </section>
  );
});

interface LobbyHeaderProps {
  lobby: LobbyType;
  langmarket: string;
  tab: LobbyTab;
  onSearch: (text: string) => void;
  onSearchFocus: () => void;
  checkedCount: number;
  onOpenFilter: () => void;
}

function useTabLabels(): Record<LobbyTab, string> {
  const { t } = useLingui();
  return {
    0: t({ id: 'games.tab.lobby', message: 'Lobby' }),
    1: t({ id: 'games.tab.search', message: 'Search' }),
    2: t({ id: 'games.tab.myGames', message: 'My games' }),
    3: t({ id: 'games.tab.recent', message: 'Recently played' }),
  };
}

/**
 * The search box keeps what is typed itself and hands it to the lobby in a transition: a keystroke
 * renders the box alone at once, and the search, the results and the lobby they replace follow in
 * the background, interrupted by the next keystroke (issue 12: "search keystroke-to-paint").
 */
function SearchInput({ autoFocus, onFocus, onSearch }: { autoFocus: boolean; onFocus: () => void; onSearch: (text: string) => void }) {
  const [text, setText] = useState('');
  return (
    <input
      type="search"
      className={s.searchInput}
      value={text}
      autoFocus={autoFocus}
      onFocus={onFocus}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        startTransition(() => onSearch(next));
      }}
      autoComplete="off"
    />
  );
}

/** The lobby's title, its tabs (the bottom navigation on a phone) and the search: the same in the first paint and in the app. */
function LobbyHeader({ lobby, langmarket, tab, onSearch, onSearchFocus, checkedCount, onOpenFilter }: LobbyHeaderProps) {
  const { t } = useLingui();
  const tabLabels = useTabLabels();
  const lobbyTitle = lobby === 'casino' ? t({ id: 'shell.nav.casino', message: 'Casino' }) : t({ id: 'shell.nav.liveCasino', message: 'Live casino' });
  return (
    <>
      <h1 className={s.title}>{lobbyTitle}</h1>
      <nav aria-label={t({ id: 'games.tabs.label', message: 'Lobby sections' })}>
        {/* On a phone the tabs are the bottom bar: the cookie notice sits above it, focus scrolls clear of it. */}
        <ul className={s.tabs} {...{ [BOTTOM_BAR_ATTRIBUTE]: '' }}>
          {LOBBY_TABS.map((value) => (
            <li key={value}>
              <Link
                to={lobby === 'casino' ? '/$langmarket/online-casino' : '/$langmarket/live-casino-online'}
                params={{ langmarket }}
                search={value === 0 ? {} : { tab: value }}
                className={s.tab}
                aria-current={tab === value ? 'page' : undefined}
                activeOptions={{ exact: true, includeSearch: true }}
              >
                <TabIcon tab={value} />
                {tabLabels[value]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <search className={s.toolbar}>
        <label className={s.searchField}>
          <span className={s.label}>
            <Trans id="games.search.label">Search games</Trans>
          </span>
          <SearchInput autoFocus={tab === 1} onFocus={onSearchFocus} onSearch={onSearch} />
        </label>
        <Button variant="secondary" onClick={onOpenFilter} aria-haspopup="dialog">
          {checkedCount === 0 ? <Trans id="games.filter.title">Providers</Trans> : <Trans id="games.filter.openChecked">Providers ({checkedCount})</Trans>}
        </Button>
      </search>
    </>
  );
}

/** Rows the first paint shows: what a phone sees before it scrolls, and a little more. */
const FIRST_PAINT_ROWS = 3;
/** Rows the lobby adds per task after the first ones: one row of tiles is a task well under 50 ms on a phone. */
const ROWS_PER_TASK = 1;

const noop = () => undefined;

/**
 * The lobby before the app runs (src/app/prerender.tsx; issue 12: the largest paint of a phone is a
 * game tile): the header, a visitor's boxes and the first rows, from the same components and data
 * the app then renders, so the takeover changes nothing on screen.
 */
export function LobbyFirstPaint({ langMarket, lobby, boxes }: { langMarket: LangMarket; lobby: LobbyResponse; boxes: readonly Box[] }) {
  const langmarket = formatLangMarket(langMarket);
  const handlers: TileHandlers = { langmarket, favorites: { has: null, ids: [], toggle: noop }, jackpotOf: () => null, onInfo: noop, loginFor: null };
  const rows = lobbyRows(lobby, null).slice(0, FIRST_PAINT_ROWS);
  return (
    <div className={s.page}>
      <LobbyHeader
        lobby={lobby.lobby}
        langmarket={langmarket}
        tab={0}
        onSearch={noop}
        onSearchFocus={noop}
        checkedCount={0}
        onOpenFilter={noop}
      />
      <Boxes boxes={boxes} langmarket={langmarket} />
      <JackpotTicker lobby={lobby} country={null} langMarket={langMarket} />
      {rows.map(({ entry, tiles }, position) => (
        <CategoryRow
          key={entry.category.id}
          entry={entry}
          lobby={lobby.lobby}
          tiles={tiles}
          handlers={handlers}
          first={position === 0}
        />
      ))}
    </div>
  );
}

export function LobbyPage({ session, langMarket, lobby, tab, channel }: LobbyPageProps) {
  const { t } = useLingui();
  const langmarket = formatLangMarket(langMarket);
  const viewer = useViewer(session);
  const lobbyData = useQuery(lobbyQuery(langMarket, lobby, channel));
  const [searchText, setSearchText] = useState('');
  const [checked, setChecked] = useState<string[]>([]);
  const [filterOpen, setFilterOpen] = useState(false);
  const info = useGameInfo(session, { langMarket, viewer, channel });
  const [indexWanted, setIndexWanted] = useState(false);
  const filtering = filterEnabled(checked, searchText);
  const checkedCount = checked.length;
  const needIndex = indexWanted || filtering || tab !== 0;
  const index = useQuery({ ...gameIndexQuery(langMarket, lobby, channel), enabled: needIndex });
  const boxes = useQuery(boxesQuery(langMarket, lobby, viewer.authorized));
  const recent = useQuery(recentGamesQuery(LOBBY_PAGE_TYPE_OF[lobby], viewer.authorized));
  const favorites = useFavorites(viewer.authorized, lobby);

  const allTiles = useMemo(() => (index.data ? visibleTiles(tilesOfIndex(index.data, viewer.country)) : []), [index.data, viewer.country]);
  const byId = useMemo(() => new Map(allTiles.map((tile) => [tile.id, tile])), [allTiles]);
  // Each game's sub-provider as the filter names it (providerIdOf: "subprovider-thunderkick" -> "thunderkick").
  const subProviderOf = useMemo(() => {
    const ids = new Map((index.data?.subProviders ?? []).map((sub) => [sub._id, providerIdOf(sub)]));
    return new Map((index.data?.games ?? []).map((entry) => [entry.id, entry.subProviderId === null ? '' : (ids.get(entry.subProviderId) ?? '')]));
  }, [index.data]);
  // The panel offers the providers with a game this viewer sees (issue 21), once the index is there.
  const providers = useMemo(
    () => (index.data ? providersWithGames((lobbyData.data?.providers ?? []).filter((provider) => inProviderFilter(lobby, provider)), allTiles, subProviderOf) : null),
    [index.data, lobbyData.data, lobby, allTiles, subProviderOf],
  );
  // The names are prepared once per list; a keystroke only compares (behaviour.md §5's search).
  const search = useMemo(() => {
    const byProvider =
      checked.length === 0 ? allTiles : allTiles.filter((tile) => checked.includes(tile.gameProvider) || checked.includes(subProviderOf.get(tile.id) ?? ''));
    return createGameSearch(byProvider, (tile) => tile.label);
  }, [allTiles, checked, subProviderOf]);
  const results = useMemo(() => search(searchText), [search, searchText]);
  const rows = useMemo(() => (lobbyData.data ? lobbyRows(lobbyData.data, viewer.country) : []), [lobbyData.data, viewer.country]);
  // The rows a phone sees first render with the page (as the first paint showed them); the rest
  // follow a few at a time, one task each, so taking the page over is no long task on a phone.
  const [rowsShown, setRowsShown] = useState(FIRST_PAINT_ROWS);
  useEffect(() => {
    if (rowsShown >= rows.length) return;
    const timer = setTimeout(() => setRowsShown((shown) => shown + ROWS_PER_TASK), 0);
    return () => clearTimeout(timer);
  }, [rowsShown, rows.length]);
  // The jackpots of every row at once: one request when the lobby comes (not one more per row shown,
  // each of which would blank the amounts while it loads), refreshed every 30 s.
  const lobbyTiles = useMemo(() => rows.flatMap((row) => row.tiles), [rows]);
  const jackpotOf = useJackpots(lobbyTiles, langMarket);
  const loginFor = useMemo(
    () => (viewer.authorized ? null : (path: string) => session.send({ type: 'login.open', redirect: path })),
    [viewer.authorized, session],
  );
  // Stable while the player types: the tiles on screen do not render again for a keystroke.
  const handlers: TileHandlers = useMemo(
    () => ({ langmarket, favorites, jackpotOf, onInfo: info.show, loginFor }),
    [langmarket, favorites, jackpotOf, info.show, loginFor],
  );
  const tabLabels = useTabLabels();
  // Back from a game: where the player was, once the lobby's rows have come, each row as high as it
  // was then (restoredScroll.ts).
  const reservedSize = useRestoredScroll(lobbyData.data !== undefined);
  // Mounted from its first opening on (closing then is the dialog's own, focus going back to the button).
  const filterMounted = useOpenedOnce(filterOpen);
  const lobbyPath = lobby === 'casino' ? '/online-casino' : '/live-casino-online';

  const listOf = (tiles: readonly TileGame[], label: string, firstDrawn?: number) => (
    <VirtualGrid
      firstDrawn={firstDrawn}
      items={tiles}
      keyOf={(tile) => tile.id}
      label={label}
      className={s.grid}
      itemClassName={s.tileItem}
      placeholderClassName={s.tilePlaceholder}
      renderItem={(tile, position) => tileOf(tile, position, handlers)}
    />
  );

  /** The games of these ids that the index knows, in their order. */
  const tilesOf = (ids: readonly string[]) => ids.map((id) => byId.get(id)).filter((tile): tile is TileGame => tile !== undefined);
  /**
   * A tab of the player's own games (my games, recently played): a visitor is asked to log in; then
   * a loader until the games are known (`tiles` null), a line when there are none, or their list.
   */
  const personalTab = (tab: { id: string; label: string; tiles: readonly TileGame[] | null; loggedOut: ReactNode; empty: ReactNode }) => (
    <section className={s.section} aria-labelledby={tab.id}>
      <h2 className={s.sectionTitle} id={tab.id}>
        {tab.label}
      </h2>
      {!viewer.authorized ? (
        tab.loggedOut
      ) : tab.tiles === null ? (
        <Loader layout="inline" />
      ) : tab.tiles.length === 0 ? (
        <p className={s.muted}>{tab.empty}</p>
      ) : (
        listOf(tab.tiles, tab.label)
      )}
    </section>
  );

  const resultsLabel = t({ id: 'games.search.resultsLabel', message: 'Games found' });
  const resultItems = useMemo(() => results.map((hit) => hit.item), [results]);
  // Memoised on its inputs: a keystroke renders the results again only once the search changed them.
  const resultsList = useMemo(() => listOf(resultItems, resultsLabel, 0), [resultItems, resultsLabel, handlers]);

  // The search's text comes in a transition (SearchInput): the results replace the lobby in the
  // background. The lobby (tab 0) stays mounted under them, hidden: clearing the search shows it
  // again without rendering and laying out its hundreds of tiles anew.
  const lobbyBody =
    tab === 0 ? (
      <Activity mode={filtering ? 'hidden' : 'visible'}>
        <>
          <Boxes boxes={boxes.data?.boxes ?? []} langmarket={langmarket} />
          <JackpotTicker lobby={lobbyData.data} country={viewer.country} langMarket={langMarket} />
          {lobbyData.isPending ? <Loader layout="inline" /> : null}
          {lobbyData.isError ? (
            <p role="alert">
              <Trans id="games.lobby.error">The games cannot be shown right now. Please try again in a moment.</Trans>
            </p>
          ) : null}
          {rows.slice(0, rowsShown).map(({ entry, tiles }, position) => (
            <CategoryRow
              key={entry.category.id}
              entry={entry}
              lobby={lobby}
              tiles={tiles}
              handlers={handlers}
              first={position === 0}
              reserve={reservedSize(entry.category.id)}
            />
          ))}
        </>
      </Activity>
    ) : null;
  let body: ReactNode = null;
  if (filtering) {
    const typo = results.length > 0 && results[0]?.kind === 'typo';
    const count = results.length;
    const text = searchText;
    body = (
      <section className={s.section} aria-labelledby="search-results">
        <h2 className={s.sectionTitle} id="search-results">
          <Trans id="games.search.results">Results</Trans>
        </h2>
        <p className={s.muted} role="status">
          {index.isPending ? (
            <Trans id="games.search.loading">Loading the games…</Trans>
          ) : results.length === 0 ? (
            <Trans id="games.search.none">No games match your search.</Trans>
          ) : typo ? (
            <Trans id="games.search.closeMatches">
              No game name contains “{text}”. These names are close to it: {count}
            </Trans>
          ) : (
            <Trans id="games.search.count">Games found: {count}</Trans>
          )}
        </p>
        {resultsList}
      </section>
    );
  } else if (tab === 2) {
    body = personalTab({
      id: 'my-games',
      label: tabLabels[2],
      tiles: index.isPending ? null : tilesOf(favorites.ids),
      loggedOut: (
        <div className={s.notice}>
          <p className={s.muted}>
            <Trans id="games.myGames.login">Log in to keep your favourite games here.</Trans>
          </p>
          <Button onClick={() => session.send({ type: 'login.open', redirect: `/${langmarket}${lobbyPath}?tab=2` })}>
            <Trans id="account.login">Log in</Trans>
          </Button>
        </div>
      ),
      empty: <Trans id="games.myGames.empty">No favourites yet: press the heart on a game to keep it here.</Trans>,
    });
  } else if (tab === 3) {
    body = personalTab({
      id: 'recent-games',
      label: tabLabels[3],
      tiles: index.isPending || recent.isPending ? null : tilesOf((recent.data?.games ?? []).map((entry) => entry.gameId)),
      loggedOut: (
        <p className={s.muted}>
          <Trans id="games.recent.login">Log in to see the games you played last.</Trans>
        </p>
      ),
      empty: <Trans id="games.recent.empty">You have not played a game here yet.</Trans>,
    });
  } else if (tab === 1) {
    body = (
      <p className={s.muted}>
        <Trans id="games.search.hint">Type a game’s name, or choose providers.</Trans>
      </p>
    );
  }

  return (
    <div className={s.page}>
      <LobbyHeader
        lobby={lobby}
        langmarket={langmarket}
        tab={tab}
        onSearch={setSearchText}
        onSearchFocus={() => setIndexWanted(true)}
        checkedCount={checkedCount}
        onOpenFilter={() => {
          setIndexWanted(true);
          setFilterOpen(true);
        }}
      />
      {body}
      {lobbyBody}
      <Suspense fallback={null}>
        {filterMounted ? (
          <ProviderFilterDialog open={filterOpen} providers={providers} checked={checked} onChange={setChecked} onClose={() => setFilterOpen(false)} />
        ) : null}
      </Suspense>
      {info.panel}
    </div>
  );
}
