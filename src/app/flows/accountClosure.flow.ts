import { fromPromise } from 'xstate';
import { accountClosureMachine, type AccountClosureInput, type AccountClosurePayout } from '../../../machines/accountClosure.machine';
import { accountApi } from '../../api/account';
import type { ProvideFlow } from './index';

/** The account closure with the platform's call (POST /player/account/close). */
export function accountClosureFlow() {
  return accountClosureMachine.provide({
    actors: {
      closeAccount: fromPromise<{ payout: AccountClosurePayout | null }, AccountClosureInput>(({ input, signal }) => accountApi.close(input, signal)),
    },
  });
}

/** The flow's provided machine, as src/app/flows/index.ts loads it with the flow's route. */
export const provideFlow: ProvideFlow<'accountClosure'> = () => accountClosureFlow();
