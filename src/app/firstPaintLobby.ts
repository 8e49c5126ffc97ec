import type { QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { GAME_CHANNELS } from '../../machines/lib/games';
import type { LangMarket } from '../../machines/lib/markets';
import { gameKeys } from '../api/gameQueries';
import { boxesResponseSchema, lobbyResponseSchema } from '../api/games';

// A lobby page's first paint data (issue 12; server/http/pages.ts lobbyPaintData): the lobby as a
// phone asks for it and a visitor's boxes, checked with the games contract and put where the lobby's
// queries look, so the app shows the painted rows without asking again. A logged-in player's boxes
// are asked for again (their audience differs).

const lobbyPaintSchema = v.object({ channel: v.picklist(GAME_CHANNELS), response: lobbyResponseSchema, boxes: boxesResponseSchema });

export function seedLobby(queryClient: QueryClient, langMarket: LangMarket, data: unknown): void {
  const parsed = v.safeParse(lobbyPaintSchema, data);
  if (!parsed.success) {
    console.warn('The lobby of the first paint does not parse; the app asks the platform instead.', parsed.issues);
    return;
  }
  const { channel, response, boxes } = parsed.output;
  queryClient.setQueryData(gameKeys.lobby(langMarket, response.lobby, channel), response);
  queryClient.setQueryData(gameKeys.boxes(langMarket, response.lobby, false), boxes);
}
