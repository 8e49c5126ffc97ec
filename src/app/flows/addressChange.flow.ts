import { fromPromise } from 'xstate';
import { addressChangeMachine, type AddressAnswer } from '../../../machines/addressChange.machine';
import type { PlayerAddress } from '../../../machines/lib/address';
import { addressApi } from '../../api/address';
import type { ProvideFlow } from './index';

/** The address form with the platform's calls (behaviour.md §7 /player/address, GET and PUT). */
export function addressChangeFlow() {
  return addressChangeMachine.provide({
    actors: {
      loadAddress: fromPromise<AddressAnswer>(({ signal }) => addressApi.get(signal)),
      saveAddress: fromPromise<AddressAnswer, PlayerAddress>(({ input, signal }) => addressApi.save(input, signal)),
    },
  });
}

/** The flow's provided machine, as src/app/flows/index.ts loads it with the flow's route. */
export const provideFlow: ProvideFlow<'addressChange'> = () => addressChangeFlow();
