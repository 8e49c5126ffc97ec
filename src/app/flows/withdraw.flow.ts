import { assign, fromPromise } from 'xstate';
import { withdrawMachine, type WithdrawalCancellationResponse } from '../../../machines/withdraw.machine';
import {
  walletApi,
  type Transaction,
  type WithdrawalCancellationRequest,
  type WithdrawalCheckResponse,
  type WithdrawalRequest,
  type WithdrawalRequestResponse,
} from '../../api/wallet';
import { cashierCheckOf, loadPaymentMethods, newIdempotencyKey, operationCheckRequest, refreshWallet } from './cashier';
import type { ProvideFlow } from './index';

/** The withdraw flow with the platform's calls (behaviour.md §7 "Wallet and banking"). */
export function withdrawFlow() {
  return withdrawMachine.provide({
    actors: {
      checkWithdrawal: cashierCheckOf(async (signal): Promise<WithdrawalCheckResponse> => walletApi.withdrawalCheck(await operationCheckRequest(), signal)),
      loadPaymentMethods,
      requestWithdrawal: fromPromise<WithdrawalRequestResponse, WithdrawalRequest>(({ input, signal }) => walletApi.withdrawalRequest(input, signal)),
      loadPendingWithdrawals: fromPromise<Transaction[]>(async ({ signal }) => (await walletApi.pendingWithdrawals(signal)).transactions),
      cancelWithdrawal: fromPromise<WithdrawalCancellationResponse, WithdrawalCancellationRequest>(({ input, signal }) =>
        walletApi.withdrawalCancellation(input, signal),
      ),
    },
    actions: {
      refreshWallet,
      // One key per attempt (the machine decides when an attempt starts).
      assignIdempotencyKey: assign({ idempotencyKey: () => newIdempotencyKey() }),
    },
  });
}

/** The flow's provided machine, as src/app/flows/index.ts loads it with the flow's route. */
export const provideFlow: ProvideFlow<'withdraw'> = () => withdrawFlow();
