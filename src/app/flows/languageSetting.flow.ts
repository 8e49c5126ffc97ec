import { fromPromise } from 'xstate';
import { languageSettingMachine, type LanguageSaveInput } from '../../../machines/languageSetting.machine';
import { accountApi } from '../../api/account';
import type { ProvideFlow } from './index';

/** The language setting with the platform's call (PATCH /player/profile { playerId, languageCode }). */
export function languageSettingFlow() {
  return languageSettingMachine.provide({
    actors: {
      saveLanguage: fromPromise<unknown, LanguageSaveInput>(({ input, signal }) => accountApi.saveLanguage(input, signal)),
    },
  });
}

/** The flow's provided machine, as src/app/flows/index.ts loads it with the flow's route. */
export const provideFlow: ProvideFlow<'languageSetting'> = () => languageSettingFlow();
