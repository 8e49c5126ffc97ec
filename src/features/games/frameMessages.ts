import * as v from 'valibot';
import type { GameFrameEvent } from '../../../machines/gameLaunch.machine';
import { gameFrameMessageSchema } from '../../api/gameLaunch';

// The game frame's messages (issue 12 "messages from it are accepted only from the provider's
// origin and only in the expected shape"): a `message` event counts when it comes from the
// provider's origin, from the game's own frame, and parses as src/api/gameLaunch.ts says; anything
// else is ignored. What counts becomes the game launch machine's `game.frame` event.

export interface FrameMessageEvent {
  origin: string;
  source: unknown;
  data: unknown;
}

export function acceptFrameMessage(event: FrameMessageEvent, expected: { origin: string; source: unknown }): GameFrameEvent | null {
  if (event.origin !== expected.origin || expected.source === null || event.source !== expected.source) return null;
  const parsed = v.safeParse(gameFrameMessageSchema, event.data);
  if (!parsed.success) return null;
  const message = parsed.output;
  return message.type === 'error' ? { kind: 'error', code: message.code } : { kind: message.type };
}
