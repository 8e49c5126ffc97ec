import { fromPromise } from 'xstate';
import { exclusionMachine, type BreakRequest } from '../../../machines/exclusion.machine';
import type { MarketCode } from '../../../machines/lib/markets';
import { responsibleGamblingApi, type BreakResponse } from '../../api/responsibleGambling';
import { announce } from './announce';
import type { ProvideFlow } from './index';

/** The request a choice is (machines/exclusion.machine.ts breakRequestOf), as the platform's call. */
function requestBreak({ input, signal }: { input: BreakRequest; signal: AbortSignal }): Promise<BreakResponse> {
  switch (input.call) {
    case 'coolingOff':
      return responsibleGamblingApi.coolingOff(input.body, signal);
    case 'timeout':
      return responsibleGamblingApi.timeout(input.body, signal);
    case 'exclusion':
      return responsibleGamblingApi.exclusion(input.body, signal);
  }
}

/** Breaks and self-exclusion with the platform's calls (behaviour.md §7 "Responsible gambling"). */
export function exclusionFlow() {
  return exclusionMachine.provide({
    actors: {
      loadTimeoutChoices: fromPromise<readonly number[], { market: MarketCode }>(async ({ input, signal }) => {
        const rules = await responsibleGamblingApi.marketRules(input.market, signal);
        return rules.timeoutMonthChoices;
      }),
      requestBreak: fromPromise<BreakResponse, BreakRequest>(requestBreak),
    },
    actions: { announce },
  });
}

/** The flow's provided machine, as src/app/flows/index.ts loads it with the flow's route. */
export const provideFlow: ProvideFlow<'exclusion'> = () => exclusionFlow();
