import { fromPromise } from 'xstate';
import type { EddAnswers } from '../../../machines/lib/edd';
import type { LanguageCode } from '../../../machines/lib/markets';
import { eddMachine, type EddLoaded } from '../../../machines/edd.machine';
import { eddApi, type EddState } from '../../api/edd';
import type { ProvideFlow } from './index';

/** The EDD questionnaire with the platform's calls (behaviour.md §7 /player/questionnaire/answer; the lists per language). */
export function eddFlow() {
  return eddMachine.provide({
    actors: {
      loadQuestionnaire: fromPromise<EddLoaded, LanguageCode>(async ({ input, signal }) => {
        const [lists, state] = await Promise.all([eddApi.lists(input, signal), eddApi.state(signal)]);
        return { lists, state };
      }),
      sendAnswers: fromPromise<EddState, EddAnswers>(({ input, signal }) => eddApi.answer(input, signal)),
    },
  });
}

/** The flow's provided machine, as src/app/flows/index.ts loads it with the flow's route. */
export const provideFlow: ProvideFlow<'edd'> = () => eddFlow();
