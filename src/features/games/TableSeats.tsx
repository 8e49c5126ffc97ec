import { Trans } from '@lingui/react/macro';
import { visuallyHidden } from '../../ui/global.css';
import * as s from './games.css';
import { useTableSeats } from './lobbyState';

// The seats taken at a live table, on its tile (issue 12; product.md §3 "seats and seatsTaken
// (tables)"). Its own component with its own subscription: when the counts refresh, this badge
// renders again, not the memoised tile around it. Drawn over the artwork (like the jackpot), so its
// arrival moves nothing. Nothing for a table without seats or before the first count.

export function TableSeats({ gameId }: { gameId: string }) {
  const table = useTableSeats(gameId);
  if (table === null) return null;
  const { seats, seatsTaken: taken } = table;
  return (
    <span className={s.seats}>
      {/* Short on the tile; the sentence for a screen reader (a slash is read out as "slash"). */}
      <span aria-hidden="true">
        <Trans id="games.tile.seats">
          Seats {taken}/{seats}
        </Trans>
      </span>
      <span className={visuallyHidden}>
        <Trans id="games.tile.seatsLabel">
          Seats taken: {taken} of {seats}
        </Trans>
      </span>
    </span>
  );
}
