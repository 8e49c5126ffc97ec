import type { ActorRefFrom } from 'xstate';
import type { payAndPlayMachine } from '../../../machines/payAndPlay.machine';

/** The running pay-and-play flow the screens render and send events to. */
export type PayAndPlayActor = ActorRefFrom<typeof payAndPlayMachine>;
