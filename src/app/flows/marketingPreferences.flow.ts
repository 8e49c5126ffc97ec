import { fromPromise } from 'xstate';
import type { MarketingPreferences } from '../../../machines/lib/marketingPreferences';
import { marketingPreferencesMachine } from '../../../machines/marketingPreferences.machine';
import { marketingPreferencesApi } from '../../api/marketingPreferences';
import type { ProvideFlow } from './index';

/** The marketing preferences with the platform's calls (behaviour.md §7 /player/marketing_preferences, GET and PATCH). */
export function marketingPreferencesFlow() {
  return marketingPreferencesMachine.provide({
    actors: {
      loadPreferences: fromPromise<MarketingPreferences>(({ signal }) => marketingPreferencesApi.get(signal)),
      savePreferences: fromPromise<MarketingPreferences, MarketingPreferences>(({ input, signal }) => marketingPreferencesApi.save(input, signal)),
    },
  });
}

/** The flow's provided machine, as src/app/flows/index.ts loads it with the flow's route. */
export const provideFlow: ProvideFlow<'marketingPreferences'> = () => marketingPreferencesFlow();
