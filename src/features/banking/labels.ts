import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TransactionCategory, TransactionStatus, TransactionType } from '../../../machines/lib/wallet';

// The names of the history's enumerations (product.md §3 "Transactions"): one translated label for
// every category, type and status the platform can send. Words the shell already names keep its
// ids (Casino, Live casino), so a language words them once.

export const CATEGORY_LABELS: Readonly<Record<TransactionCategory, MessageDescriptor>> = {
  BONUS: msg({ id: 'banking.category.bonus', message: 'Bonus' }),
  CASINO: msg({ id: 'shell.nav.casino', message: 'Casino' }),
  PAYMENT: msg({ id: 'banking.category.payment', message: 'Payment' }),
  SPORTS: msg({ id: 'banking.category.sports', message: 'Sports' }),
  VIRTUAL_SPORTS: msg({ id: 'banking.category.virtualSports', message: 'Virtual sports' }),
  LIVE_CASINO: msg({ id: 'shell.nav.liveCasino', message: 'Live casino' }),
  ADJUSTMENT: msg({ id: 'banking.category.adjustment', message: 'Adjustment' }),
  DORMANT_ADJUSTMENT: msg({ id: 'banking.category.dormantAdjustment', message: 'Inactive account adjustment' }),
};

export const TYPE_LABELS: Readonly<Record<TransactionType, MessageDescriptor>> = {
  BET: msg({ id: 'banking.type.bet', message: 'Bet' }),
  BET_VOID: msg({ id: 'banking.type.betVoid', message: 'Bet voided' }),
  CASHOUT: msg({ id: 'banking.type.cashout', message: 'Cash-out' }),
  CASHOUT_VOID: msg({ id: 'banking.type.cashoutVoid', message: 'Cash-out voided' }),
  DEPOSIT: msg({ id: 'banking.deposit', message: 'Deposit' }),
  LOSS: msg({ id: 'banking.type.loss', message: 'Loss' }),
  WIN: msg({ id: 'banking.type.win', message: 'Win' }),
  WIN_VOID: msg({ id: 'banking.type.winVoid', message: 'Win voided' }),
  WITHDRAW: msg({ id: 'banking.type.withdrawal', message: 'Withdrawal' }),
  DORMANT: msg({ id: 'banking.type.dormant', message: 'Inactive account fee' }),
  REVERSAL: msg({ id: 'banking.type.reversal', message: 'Reversal' }),
  FORFEIT: msg({ id: 'banking.type.forfeit', message: 'Bonus forfeited' }),
  CANCELED: msg({ id: 'banking.type.canceled', message: 'Withdrawal cancellation' }),
  REVERSAL_DP: msg({ id: 'banking.type.depositReversal', message: 'Deposit reversal' }),
};

export const STATUS_LABELS: Readonly<Record<TransactionStatus, MessageDescriptor>> = {
  FAILED: msg({ id: 'banking.txStatus.failed', message: 'Failed' }),
  PENDING: msg({ id: 'banking.txStatus.pending', message: 'Pending' }),
  SUCCESS: msg({ id: 'banking.txStatus.success', message: 'Successful' }),
  REVERTED: msg({ id: 'banking.txStatus.reverted', message: 'Reverted' }),
  WAITING_INPUT: msg({ id: 'banking.txStatus.waitingInput', message: 'Waiting for your input' }),
  COMPLETED: msg({ id: 'banking.txStatus.completed', message: 'Completed' }),
  CANCELLED: msg({ id: 'banking.txStatus.cancelled', message: 'Cancelled' }),
};
