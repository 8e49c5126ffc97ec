import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { LobbyType } from '../../../machines/lib/games';
import { formatLangMarket, type LangMarket } from '../../../machines/lib/markets';
import type { CategoryPageResponse } from '../../api/games';
import { categoryPagesQuery } from '../../api/gameQueries';
import { Loader } from '../../ui/Loader';
import { GameTile } from './GameTile';
import * as s from './games.css';
import { useGameInfo } from './GameInfo';
import { useFavorites, useJackpots, useViewer, type SessionRef } from './lobbyState';
import { tileOfGame, visibleTiles, type TileGame } from './tiles';
import { useRestoredScroll } from './restoredScroll';
import { VirtualGrid } from './VirtualGrid';

// A category's page (product.md §2 /online-casino/{id}, /live-casino-online/{id}): every game of the
// category, pages of 60 on a desktop and 30 on a phone (behaviour.md §9) loaded as the player
// scrolls, drawn by the virtual grid (only the rows near the viewport exist).

export interface CategoryPageProps {
  session: SessionRef;
  langMarket: LangMarket;
  lobby: LobbyType;
  categoryId: string;
  channel: 'desktop' | 'mobile';
}

export function CategoryPage({ session, langMarket, lobby, categoryId, channel }: CategoryPageProps) {
  const { t } = useLingui();
  const viewer = useViewer(session);
  const pages = useInfiniteQuery(categoryPagesQuery(langMarket, lobby, categoryId, channel));
  const info = useGameInfo(session, { langMarket, viewer, channel });
  const favorites = useFavorites(viewer.authorized, lobby);
  // Each page's tiles are made once (a new page must not redo the thousands before it).
  const tilesOfPage = useMemo(() => new WeakMap<CategoryPageResponse, TileGame[]>(), [viewer.country]);
  const tiles = useMemo(
    () =>
      (pages.data?.pages ?? []).flatMap((page) => {
        let made = tilesOfPage.get(page);
        if (made === undefined) {
          made = visibleTiles(page.games.map((game) => tileOfGame(game, viewer.country)));
          tilesOfPage.set(page, made);
        }
        return made;
      }),
    [pages.data, tilesOfPage, viewer.country],
  );
  // Jackpots of the tiles on screen only (a category of thousands has hundreds of them).
  const [range, setRange] = useState({ start: 0, end: 0 });
  const onRangeChange = useCallback((start: number, end: number) => setRange({ start, end }), []);
  const jackpotOf = useJackpots(
    useMemo(() => tiles.slice(range.start, range.end), [tiles, range]),
    langMarket,
  );
  const category = pages.data?.pages[0]?.category;
  const total = pages.data?.pages[0]?.total ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const onNearEnd = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const langmarket = formatLangMarket(langMarket);
  const loginFor = viewer.authorized ? null : (path: string) => session.send({ type: 'login.open', redirect: path });
  // Back from a game: where the player was in the grid, once its pages are there (restoredScroll.ts).
  useRestoredScroll(pages.data !== undefined);

  if (pages.isPending) return <Loader />;
  if (pages.isError || !category) {
    return (
      <div className={s.page}>
        <p role="alert">
          <Trans id="games.category.error">This category cannot be shown right now. Please try again in a moment.</Trans>
        </p>
      </div>
    );
  }
  return (
    <div className={s.page}>
      <h1 className={s.title}>{category.label}</h1>
      <p className={s.muted}>
        <Trans id="games.category.total">Games: {total}</Trans>
      </p>
      <VirtualGrid
        items={tiles}
        keyOf={(tile) => tile.id}
        label={category.label}
        className={s.grid}
        itemClassName={s.tileItem}
        placeholderClassName={s.tilePlaceholder}
        onNearEnd={onNearEnd}
        onRangeChange={onRangeChange}
        renderItem={(tile, position) => (
          <GameTile
            game={tile}
            langmarket={langmarket}
            favorite={favorites.has === null ? null : favorites.has(tile.id)}
            onToggleFavorite={favorites.toggle}
            onInfo={info.show}
            onLoginRequired={tile.lobby === 'live-casino' ? loginFor : null}
            jackpot={tile.jackpotExist ? jackpotOf(tile.id) : null}
            eager={position < 6}
          />
        )}
      />
      {isFetchingNextPage ? <Loader layout="inline" /> : null}
      <span className={s.muted} aria-live="polite">
        {hasNextPage ? '' : t({ id: 'games.category.end', message: 'That is every game of this category.' })}
      </span>
      {info.panel}
    </div>
  );
}
