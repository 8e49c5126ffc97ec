import { describe, expect, it } from 'vitest';
import { historyRowReading, TRANSACTION_STATUSES, type TransactionStatus } from '../../../machines/lib/wallet';

// Issue 21 item 11: a history row reads as what happened. A pending row shows no balance until it
// settles (the platform has none for it yet); a declined, cancelled or undone row carries no sign
// that reads as money moved ("+€60.00 Failed" looked like a credit).

const row = (status: TransactionStatus, amount: string, balanceAfterTransaction = '140.00') => ({ status, amount, balanceAfterTransaction });

describe('historyRowReading', () => {
  it('a pending withdrawal: money going out, no balance yet', () => {
    expect(historyRowReading(row('PENDING', '-20.00', ''))).toEqual({ direction: 'out', balanceAfter: null });
    expect(historyRowReading(row('PENDING', '-20.00', '80.00'))).toEqual({ direction: 'out', balanceAfter: null });
    expect(historyRowReading(row('WAITING_INPUT', '60.00'))).toEqual({ direction: 'in', balanceAfter: null });
  });

  it('a declined deposit: no sign, so it does not read as a credit', () => {
    expect(historyRowReading(row('FAILED', '60.00'))).toEqual({ direction: 'none', balanceAfter: '140.00' });
    expect(historyRowReading(row('CANCELLED', '-20.00'))).toEqual({ direction: 'none', balanceAfter: '140.00' });
    expect(historyRowReading(row('REVERTED', '-1.00'))).toEqual({ direction: 'none', balanceAfter: '140.00' });
  });

  it('settled money: its direction and the balance after it', () => {
    expect(historyRowReading(row('COMPLETED', '50.00'))).toEqual({ direction: 'in', balanceAfter: '140.00' });
    expect(historyRowReading(row('SUCCESS', '-2.50'))).toEqual({ direction: 'out', balanceAfter: '140.00' });
    expect(historyRowReading(row('SUCCESS', '-2.50', ''))).toEqual({ direction: 'out', balanceAfter: null });
  });

  it('reads every status the platform sends', () => {
    for (const status of TRANSACTION_STATUSES) expect(['in', 'out', 'none']).toContain(historyRowReading(row(status, '5.00')).direction);
  });
});
