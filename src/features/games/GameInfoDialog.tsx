import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { gamePlayPath, providerNameOf } from '../../../machines/lib/games';
import { formatLangMarket, intlLocaleFor, LANGUAGES, MARKETS, type LangMarket } from '../../../machines/lib/markets';
import { gameDetailRequest, gamesApi, type GameDetail } from '../../api/games';
import { button } from '../../ui/button.css';
import { Loader } from '../../ui/Loader';
import { Modal } from '../../ui/Modal';
import { moneyFormat } from '../../ui/money';
import * as s from './games.css';
import type { TileGame } from './tiles';
import { useTableSeats, type Viewer } from './lobbyState';

// The game info panel (issue 12): RTP, volatility, bet limits and provider from the game detail
// call (behaviour.md §7; its demo variant for a visitor), and the buttons to play: for fun (demo,
// a casino game) and for real money (a logged-in player; a visitor is asked to log in).

export interface GameInfoDialogProps {
  game: TileGame | null;
  langMarket: LangMarket;
  viewer: Viewer;
  channel: 'desktop' | 'mobile';
  onClose: () => void;
  onLogin: (path: string) => void;
}

function useGameDetail(game: TileGame | null, langMarket: LangMarket, viewer: Viewer, channel: 'desktop' | 'mobile') {
  const language = LANGUAGES[langMarket.language].apiLanguage;
  return useQuery({
    queryKey: ['content', langMarket.market, langMarket.language, 'game-detail', game?.id ?? '', viewer.authorized],
    enabled: game !== null,
    queryFn: async ({ signal }) => {
      const body = gameDetailRequest({ slug: game?.id ?? '', channel, language, currency: MARKETS[langMarket.market].currency, country: viewer.country });
      return (await gamesApi.gameDetail(body, !viewer.authorized, signal)).data?.gameDetail ?? null;
    },
  });
}

function Facts({ detail, langMarket }: { detail: GameDetail; langMarket: LangMarket }) {
  const { t } = useLingui();
  // The count the tiles show, refreshed with them; the detail's own until the first one comes.
  const live = useTableSeats(detail.id, detail.seats !== null);
  const taken = live?.seatsTaken ?? detail.seatsTaken ?? 0;
  const seats = live?.seats ?? detail.seats;
  const locale = intlLocaleFor(langMarket);
  const percent = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 2 });
  const volatility = {
    low: t({ id: 'games.info.volatility.low', message: 'Low' }),
    medium: t({ id: 'games.info.volatility.medium', message: 'Medium' }),
    high: t({ id: 'games.info.volatility.high', message: 'High' }),
  }[detail.volatility];
  return (
    <dl className={s.facts}>
      <dt className={s.factTerm}>
        <Trans id="games.info.provider">Provider</Trans>
      </dt>
      <dd className={s.factValue}>{providerNameOf(detail)}</dd>
      <dt className={s.factTerm}>
        <Trans id="games.info.rtp">Return to player</Trans>
      </dt>
      <dd className={s.factValue}>{percent.format(detail.rtp / 100)}</dd>
      <dt className={s.factTerm}>
        <Trans id="games.info.volatility">Volatility</Trans>
      </dt>
      <dd className={s.factValue}>{volatility}</dd>
      {detail.betLimits.map((limit) => {
        const money = moneyFormat(locale, limit.currency);
        const min = money.wire(limit.min.toFixed(2));
        const max = money.wire(limit.max.toFixed(2));
        return [
          <dt key={`${limit.currency}-term`} className={s.factTerm}>
            <Trans id="games.info.betLimits">Bet limits</Trans>
          </dt>,
          <dd key={`${limit.currency}-value`} className={s.factValue}>
            <Trans id="games.info.betRange">
              {min} to {max}
            </Trans>
          </dd>,
        ];
      })}
      {seats !== null ? (
        <>
          <dt className={s.factTerm}>
            <Trans id="games.info.seats">Seats taken</Trans>
          </dt>
          <dd className={s.factValue}>
            <Trans id="games.info.seatsValue">
              {taken} of {seats}
            </Trans>
          </dd>
        </>
      ) : null}
    </dl>
  );
}

export function GameInfoDialog({ game, langMarket, viewer, channel, onClose, onLogin }: GameInfoDialogProps) {
  const detail = useGameDetail(game, langMarket, viewer, channel);
  const langmarket = formatLangMarket(langMarket);
  const path = game === null ? '' : `/${langmarket}${gamePlayPath(game.lobby, game.gameProvider, game.id)}`;
  const link = {
    to: game?.lobby === 'live-casino' ? ('/$langmarket/live-casino-online/play/$provider/$id' as const) : ('/$langmarket/online-casino/play/$provider/$id' as const),
    params: { langmarket, provider: game?.gameProvider ?? '', id: game?.id ?? '' },
  };
  const restricted = game?.availability === 'overlaid';
  return (
    <Modal open={game !== null} onClose={onClose} title={game?.label ?? ''}>
      {detail.isPending ? <Loader layout="inline" /> : null}
      {detail.isError || (detail.isSuccess && detail.data === null) ? (
        <p role="alert">
          <Trans id="games.info.unavailable">The details of this game cannot be shown right now.</Trans>
        </p>
      ) : null}
      {detail.data ? <Facts detail={detail.data} langMarket={langMarket} /> : null}
      {restricted ? (
        <p>
          <Trans id="games.tile.restricted">Not available in your country</Trans>
        </p>
      ) : (
        <div className={s.dialogActions}>
          {!viewer.authorized && game?.lobby === 'casino' ? (
            <Link {...link} className={button({ variant: 'secondary' })} onClick={onClose}>
              <Trans id="games.info.playDemo">Play for fun</Trans>
            </Link>
          ) : null}
          {viewer.authorized ? (
            <Link {...link} className={button({ variant: 'primary' })} onClick={onClose}>
              <Trans id="games.info.play">Play</Trans>
            </Link>
          ) : (
            <button
              type="button"
              className={button({ variant: 'primary' })}
              onClick={() => {
                onClose();
                onLogin(path);
              }}
            >
              <Trans id="games.info.loginToPlay">Log in to play for real money</Trans>
            </button>
          )}
        </div>
      )}
    </Modal>
  );
}
