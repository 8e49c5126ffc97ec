import { fromPromise } from 'xstate';
import { passwordChangeMachine, type PasswordChangeInput } from '../../../machines/passwordChange.machine';
import { playerApi } from '../../api/player';
import { announce } from './announce';
import type { ProvideFlow } from './index';

/** The password change with the platform's call (behaviour.md §7 /player/password). */
export function passwordChangeFlow() {
  return passwordChangeMachine.provide({
    actors: {
      changePassword: fromPromise<unknown, PasswordChangeInput>(({ input, signal }) => playerApi.changePassword(input, signal)),
    },
    actions: { announce },
  });
}

/** The flow's provided machine, as src/app/flows/index.ts loads it with the flow's route. */
export const provideFlow: ProvideFlow<'passwordChange'> = () => passwordChangeFlow();
