// The pending withdrawals' load (pendingWithdrawal), written once for the two machines that show
// them: the withdrawal's cancellable list (machines/withdraw.machine.ts) and the transaction
// history's pending transactions (machines/transactionHistory.machine.ts). Each machine provides
// the `loadPendingWithdrawals` actor and the `assignPending` action and has `loaded` and `failed`
// beside this state.
import type { Transaction } from '../src/api/wallet';

/** `pending.loading`: the list loads; `loaded` with it assigned, or `failed`. */
export const LOADING_PENDING_WITHDRAWALS = {
  description: 'pendingWithdrawal: the pending withdrawals.',
  tags: 'pendingLoading',
  invoke: {
    id: 'loadPendingWithdrawals',
    src: 'loadPendingWithdrawals',
    onDone: { target: 'loaded', actions: { type: 'assignPending', params: ({ event }: { event: { output: Transaction[] } }) => ({ pending: event.output }) } },
    onError: 'failed',
  },
} as const;
