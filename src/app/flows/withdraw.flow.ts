import { assign, fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import type { SecondFactorAnswer } from '../../../machines/lib/secondFactor';
import type { walletMachine } from '../../../machines/wallet.machine';
import { withdrawMachine, type WithdrawalCancellationResponse, type WithdrawEvent } from '../../../machines/withdraw.machine';
import { secondFactorApi } from '../../api/secondFactor';
import {
  walletApi,
  type Transaction,
  type WithdrawalCancellationRequest,
  type WithdrawalCheckResponse,
  type WithdrawalRequest,
  type WithdrawalRequestResponse,
} from '../../api/wallet';
import { cashierCheckOf, loadPaymentMethods, newIdempotencyKey, operationCheckRequest, refreshWallet } from './cashier';
import { bonusesApi, type Reward } from '../../api/bonuses';
import type { ProvideFlow } from './index';

/** The withdraw flow with the platform's calls (behaviour.md §7 "Wallet and banking"). */
export function withdrawFlow() {
  return withdrawMachine.provide({
    actors: {
      checkWithdrawal: cashierCheckOf(async (signal): Promise<WithdrawalCheckResponse> => walletApi.withdrawalCheck(await operationCheckRequest(), signal)),
      loadPaymentMethods,
      requestWithdrawal: fromPromise<WithdrawalRequestResponse, WithdrawalRequest>(({ input, signal }) => walletApi.withdrawalRequest(input, signal)),
      // Issue 24: the active bonuses a withdrawal would forfeit.
      loadActiveBonuses: fromPromise<Reward[]>(async ({ signal }) => (await bonusesApi.rewards({ rewardsType: 'ACTIVE' }, signal)).rewards),
      loadPendingWithdrawals: fromPromise<Transaction[]>(async ({ signal }) => (await walletApi.pendingWithdrawals(signal)).transactions),
      cancelWithdrawal: fromPromise<WithdrawalCancellationResponse, WithdrawalCancellationRequest>(({ input, signal }) =>
        walletApi.withdrawalCancellation(input, signal),
      ),
      // Issue 23: the factor before a new method, with the login's own proof (the passkey prompt of
      // @simplewebauthn/browser is loaded only when a withdrawal asks for it).
      verifySecondFactor: fromPromise<unknown, SecondFactorAnswer>(async ({ input, signal }) => {
        const { proofOf } = await import('../secondFactor/ceremonies');
        return secondFactorApi.verify(await proofOf(input, signal), signal);
      }),
      // Issue 23: the operator's decision reaches the player as the wallet socket's
      // PLAYER_ATTRIBUTE_CHANGE (behaviour.md §7); each new one while under review resumes the withdrawal.
      watchReview: fromCallback<WithdrawEvent>(({ system, sendBack }) => {
        const wallet = system.get('wallet') as ActorRefFrom<typeof walletMachine> | undefined;
        if (wallet === undefined) return undefined;
        let seen = wallet.getSnapshot().context.attributes;
        const subscription = wallet.subscribe((snapshot) => {
          if (snapshot.context.attributes === seen) return;
          seen = snapshot.context.attributes;
          sendBack({ type: 'documents.reviewed' });
        });
        return () => subscription.unsubscribe();
      }),
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
