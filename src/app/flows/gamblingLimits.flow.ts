import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { gamblingLimitsMachine, type LimitPatchInput, type LimitsLoad } from '../../../machines/gamblingLimits.machine';
import type { MarketCode } from '../../../machines/lib/markets';
import type { MarketRgRules } from '../../../machines/lib/responsibleGambling';
import { responsibleGamblingApi, type ActivitySettings, type ActivitySettingsPatch, type LimitsResponse } from '../../api/responsibleGambling';
import { marketRulesQuery, rgKeys } from '../../api/responsibleGamblingQueries';
import type { ProvideFlow } from './index';

/**
 * The gambling limits page's flow with the platform's calls (behaviour.md §7 "Responsible
 * gambling"). A change answered by the platform makes the other screens' copies of the player's
 * limits and activity summary (the deposit form's limit prompt, the 80 % warnings) stale.
 */
export function gamblingLimitsFlow(queryClient: QueryClient) {
  /**
   * The market's rules for the page's explanation and the caps (the compliance layer's cached copy
   * when it has one), or null: they only add the market's numbers to the page's sentences, so their
   * failure does not fail the load.
   */
  const marketRules = (market: MarketCode): Promise<MarketRgRules | null> => queryClient.query(marketRulesQuery(market)).catch(() => null);
  const changed = <T>(answer: T): T => {
    void queryClient.invalidateQueries({ queryKey: rgKeys.player });
    return answer;
  };
  return gamblingLimitsMachine.provide({
    actors: {
      loadLimits: fromPromise<LimitsLoad, { market: MarketCode }>(async ({ input, signal }) => {
        const [deposit, spend, rules] = await Promise.all([
          responsibleGamblingApi.limits('deposit', signal),
          responsibleGamblingApi.limits('spend', signal),
          marketRules(input.market),
        ]);
        return { deposit, spend, rules };
      }),
      patchLimit: fromPromise<LimitsResponse, LimitPatchInput>(async ({ input, signal }) =>
        changed(await responsibleGamblingApi.patchLimit(input.kind, input.patch, signal)),
      ),
      loadActivitySettings: fromPromise<ActivitySettings>(({ signal }) => responsibleGamblingApi.activitySettings(signal)),
      patchActivitySettings: fromPromise<ActivitySettings, ActivitySettingsPatch>(async ({ input, signal }) =>
        changed(await responsibleGamblingApi.patchActivitySettings(input, signal)),
      ),
    },
  });
}

/** The flow's provided machine, as src/app/flows/index.ts loads it with the flow's route. */
export const provideFlow: ProvideFlow<'gamblingLimits'> = ({ queryClient }) => gamblingLimitsFlow(queryClient);
