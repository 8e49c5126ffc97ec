import * as v from 'valibot';

// The lobby's search parameters: `tab`, the bottom navigation's index (product.md §2 "tabs indexed
// 0 to 3"); anything else in the address is ignored, a bad tab is the lobby's first.

export const LOBBY_TABS = [0, 1, 2, 3] as const;
export type LobbyTab = (typeof LOBBY_TABS)[number];

export const lobbySearchSchema = v.object({
  tab: v.optional(v.fallback(v.pipe(v.unknown(), v.transform(Number), v.picklist(LOBBY_TABS)), 0)),
});
