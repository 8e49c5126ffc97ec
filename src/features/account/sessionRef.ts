import type { ActorRefFrom } from 'xstate';
import type { sessionMachine } from '../../../machines/session.machine';

/** The session actor the account tab's sections read and send to (their flows are its children). */
export type SessionRef = ActorRefFrom<typeof sessionMachine>;
