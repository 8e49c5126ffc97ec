import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { memo, type MouseEvent } from 'react';
import { IMAGE_QUALITY } from '../../../machines/lib/constants';
import { gamePlayPath, imageUrl } from '../../../machines/lib/games';
import * as s from './games.css';
import { TableSeats } from './TableSeats';
import type { TileGame } from './tiles';

// A game tile (product.md §3 "Games and lobby"): the artwork and the name, linking to the game's
// page; a favourite toggle for a logged-in player; an info button (RTP, volatility, bet limits,
// provider, demo: GameInfoDialog); the jackpot when the game has one; "not available in your
// country" over a game restricted where the viewer is (behaviour.md §5), which then opens nothing.

/** The CSS width a tile is drawn at on a wide screen: the image asks for twice that (behaviour.md §9). */
const TILE_WIDTH_PX = 180;

export interface GameTileProps {
  game: TileGame;
  langmarket: string;
  /** Null for a visitor: no favourite button. */
  favorite: boolean | null;
  onToggleFavorite: (game: TileGame) => void;
  onInfo: (game: TileGame) => void;
  /**
   * A visitor's click on a live table: the login popup with the game as the redirect target
   * (product.md §2); null when the link may be followed.
   */
  onLoginRequired: ((path: string) => void) | null;
  /** The jackpot's amount as shown, when the game has one and it is known. */
  jackpot: string | null;
  /** The first tiles of a page load at once; the rest when they come near the viewport. */
  eager?: boolean;
}

/** Memoised: a tile renders again only when what it shows changes (not for a keystroke in the search). */
export const GameTile = memo(function GameTile({ game, langmarket, favorite, onToggleFavorite, onInfo, onLoginRequired, jackpot, eager = false }: GameTileProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const name = game.label;
  const path = gamePlayPath(game.lobby, game.gameProvider, game.id);
  const image = (
    <img
      className={s.tileImage}
      src={imageUrl(game.thumbnail, TILE_WIDTH_PX, IMAGE_QUALITY)}
      alt=""
      width={240}
      height={180}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
    />
  );
  const label = (
    <span className={s.tileLabel}>
      {game.label}
      <span className={s.tileMeta}>{game.providerName}</span>
    </span>
  );
  const restricted = game.availability === 'overlaid';
  const href = `/${langmarket}${path}`;
  // A plain link (a router Link per tile subscribes to the router: thousands of tiles, a long task
  // per scroll or keystroke); a plain click goes through the router, a new tab or window as usual.
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (onLoginRequired !== null) onLoginRequired(href);
    else void navigate({ href });
  };
  // The badges over the artwork are part of the link (or of the restricted tile): a tap on the
  // jackpot or the seats opens the game like a tap anywhere else on the artwork (issue 21).
  const badges = (
    <>
      {jackpot !== null ? (
        <span className={s.jackpot}>
          <Trans id="games.tile.jackpot">Jackpot {jackpot}</Trans>
        </span>
      ) : null}
      {game.lobby === 'live-casino' ? <TableSeats gameId={game.id} /> : null}
    </>
  );
  return (
    <div className={s.tile}>
      {restricted ? (
        <div className={s.tileLink} aria-disabled="true">
          {image}
          {label}
          {badges}
          <span className={s.restricted}>
            <Trans id="games.tile.restricted">Not available in your country</Trans>
          </span>
        </div>
      ) : (
        <a href={href} className={s.tileLink} onClick={onClick}>
          {image}
          {label}
          {badges}
        </a>
      )}
      <div className={s.tileActions}>
        {favorite !== null ? (
          <button
            type="button"
            className={s.tileButton}
            aria-pressed={favorite}
            aria-label={t({ id: 'games.tile.favorite', message: `Favourite: ${name}` })}
            onClick={() => onToggleFavorite(game)}
          >
            <span className={favorite ? s.heartFilledIcon : s.heartIcon} />
          </button>
        ) : null}
        <button type="button" className={s.tileButton} aria-label={t({ id: 'games.tile.info', message: `About ${name}` })} onClick={() => onInfo(game)}>
          <span className={s.infoIcon} />
        </button>
      </div>
    </div>
  );
});
