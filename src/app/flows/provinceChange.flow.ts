import { fromPromise } from 'xstate';
import type { ProvinceCode } from '../../../machines/lib/address';
import { provinceChangeMachine } from '../../../machines/provinceChange.machine';
import { addressApi } from '../../api/address';
import type { ProvideFlow } from './index';

/** The Canadian player's province with the platform's calls (GET and PUT /player/province). */
export function provinceChangeFlow() {
  return provinceChangeMachine.provide({
    actors: {
      loadProvince: fromPromise<ProvinceCode | null>(({ signal }) => addressApi.province(signal)),
      saveProvince: fromPromise<ProvinceCode | null, ProvinceCode>(({ input, signal }) => addressApi.saveProvince(input, signal)),
    },
  });
}

/** The flow's provided machine, as src/app/flows/index.ts loads it with the flow's route. */
export const provideFlow: ProvideFlow<'provinceChange'> = () => provinceChangeFlow();
