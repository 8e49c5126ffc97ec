import { fromPromise } from 'xstate';
import { GAME_TICKET_PARTNER_ID } from '../../../machines/lib/constants';
import { LOBBY_PAGE_TYPE_OF, LOBBY_PATHS } from '../../../machines/lib/games';
import { gameLaunchMachine, type GameLaunchInput, type LaunchUrlInput } from '../../../machines/gameLaunch.machine';
import { gameDetailRequest, gamesApi, type GameDetail } from '../../api/games';
import { launchGameUrl } from '../../api/gameLaunch';
import { formatLangMarket, type LangMarket } from '../../../machines/lib/markets';
import type { ProvideFlow } from './index';

/** The platform cannot know the player's address from the page; it reads it from the request itself. */
const CLIENT_IP_UNKNOWN = '';

/** behaviour.md §8: the game detail answer without data is "No game data returned" (null here). */
async function loadGameDetail(input: GameLaunchInput, signal: AbortSignal): Promise<GameDetail | null> {
  const body = gameDetailRequest({ slug: input.game, channel: input.channel, language: input.language, currency: input.currency, country: input.country });
  return (await gamesApi.gameDetail(body, input.demo, signal)).data?.gameDetail ?? null;
}

/** The game launch flow with the platform's calls (behaviour.md §7 "Games"). */
export function gameLaunchFlow(langMarket: () => LangMarket) {
  const absolute = (path: string) => `${window.location.origin}/${formatLangMarket(langMarket())}${path}`;
  return gameLaunchMachine.provide({
    actors: {
      loadGameDetail: fromPromise<GameDetail | null, GameLaunchInput>(({ input, signal }) => loadGameDetail(input, signal)),
      fetchGrant: fromPromise<string, LaunchUrlInput>(async ({ input: { detail, input }, signal }) => {
        const body = { gameId: detail.id, channel: input.channel, partner: GAME_TICKET_PARTNER_ID, jurisdiction: input.jurisdiction };
        return input.demo ? (await gamesApi.gameTicket(body, true, signal)).ticket : (await gamesApi.gameToken(body, signal)).token;
      }),
      resolveLaunchUrl: fromPromise<string, LaunchUrlInput>(({ input: { detail, input, grant }, signal }) =>
        launchGameUrl(
          { id: detail.id, gameProvider: detail.gameProvider, providerGameId: detail.providerGameId, type: detail.type },
          {
            demo: input.demo,
            channel: input.channel,
            language: langMarket().language,
            currency: input.currency,
            country: input.country,
            jurisdiction: input.jurisdiction,
            lobbyUrl: absolute(LOBBY_PATHS[detail.type]),
            depositUrl: absolute('/deposit'),
            ip: CLIENT_IP_UNKNOWN,
            gameToken: input.demo ? null : grant,
          },
          signal,
        ),
      ),
      recordRecentGame: fromPromise<unknown, LaunchUrlInput>(({ input: { detail }, signal }) =>
        gamesApi.addRecentGame({ category: LOBBY_PAGE_TYPE_OF[detail.type], gameId: detail.id }, signal),
      ),
    },
  });
}

/** The flow's provided machine, as src/app/flows/index.ts loads it with the flow's route. */
export const provideFlow: ProvideFlow<'gameLaunch'> = ({ langMarket }) => gameLaunchFlow(langMarket);
