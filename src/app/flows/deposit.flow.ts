import { assign, fromPromise } from 'xstate';
import { depositMachine } from '../../../machines/deposit.machine';
import { bonusesApi, type Reward } from '../../api/bonuses';
import {
  walletApi,
  type DepositCheckResponse,
  type DepositRequest,
  type DepositRequestResponse,
  type DepositStatusResponse,
} from '../../api/wallet';
import { paymentProviderUrl } from '../../api/walletClient';
import { cashierCheckOf, loadPaymentMethods, newIdempotencyKey, operationCheckRequest, refreshWallet } from './cashier';
import type { ProvideFlow } from './index';

/** The deposit flow with the platform's calls and the browser's navigation (behaviour.md §7 "Wallet and banking"). */
export function depositFlow() {
  return depositMachine.provide({
    actors: {
      checkDeposit: cashierCheckOf(async (signal): Promise<DepositCheckResponse> => walletApi.depositCheck(await operationCheckRequest(), signal)),
      loadPaymentMethods,
      requestDeposit: fromPromise<DepositRequestResponse, DepositRequest>(({ input, signal }) => walletApi.depositRequest(input, signal)),
      depositStatus: fromPromise<DepositStatusResponse, { depositId: string }>(({ input, signal }) => walletApi.depositStatus(input.depositId, signal)),
      // Issue 24: the offers without a bonus code (a code's campaign is claimed on the bonus code page).
      loadDepositBonuses: fromPromise<Reward[]>(async ({ signal }) => (await bonusesApi.rewards({ rewardsType: 'ELIGIBLE', hasBonusCode: 'false' }, signal)).rewards),
    },
    actions: {
      // The browser leaves for the provider's page; it comes back to the cashier with the deposit's id.
      redirectToProvider: (_, { url }) => {
        window.location.assign(paymentProviderUrl(url));
      },
      refreshWallet,
      // One key per attempt (the machine decides when an attempt starts).
      assignIdempotencyKey: assign({ idempotencyKey: () => newIdempotencyKey() }),
    },
  });
}

/** The flow's provided machine, as src/app/flows/index.ts loads it with the flow's route. */
export const provideFlow: ProvideFlow<'deposit'> = () => depositFlow();
