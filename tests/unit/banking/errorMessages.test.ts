import { describe, expect, it } from 'vitest';
import { DEPOSIT_ERROR_CODES } from '../../../machines/deposit.machine';
import { FIELD_CODES } from '../../../machines/lib/errorCodes';
import { OPERATION_RESULTS, OPERATION_UI_STATUSES, operationUiStatus } from '../../../machines/lib/wallet';
import { WITHDRAW_ERROR_CODES } from '../../../machines/withdraw.machine';
import {
  amountProblemMessage,
  cashierErrorMessage,
  cashierFieldMessage,
  operationStatusMessage,
  WITHDRAWAL_IRREVERSIBLE,
} from '../../../src/features/banking/errorMessages';
import { englishIds } from './catalog';

// The banking domain's one table of texts (src/features/banking/errorMessages.ts): every UI status
// of behaviour.md §4's table, every server code of the cashier, every amount problem and field code
// has a translated text, and no raw code or result reaches the player.

const ids = englishIds();
const bounds = { min: '€10', max: '€5,000', available: '€42.00' };

describe('operation UI status texts (behaviour.md §4)', () => {
  it.each(OPERATION_UI_STATUSES)('%s has a text in the catalog', (status) => {
    const message = operationStatusMessage(status);
    expect(message.id).toMatch(/^banking\.status\./);
    expect(ids.has(message.id)).toBe(true);
  });

  // One row of the table each: the result, the UI status it maps to, the text shown.
  it.each([
    ['SUCCESS', 'banking.status.allowed'],
    ['NOT_ENOUGH_FUNDS', 'banking.status.notEnoughFunds'],
    ['EXCEEDS_KYC_LIMIT', 'banking.status.exceedsKycLimit'],
    ['FAILURE', 'banking.status.error'],
    ['DOCUMENTS_PREFERRED', 'banking.status.verifyDocument'],
    ['DOCUMENTS_UNDER_REVIEW', 'banking.status.underReview'],
    ['DOCUMENTS_REQUIRED', 'banking.status.required'],
    ['DOCUMENTS_REQUIRED_RESTRICTED', 'banking.status.strict'],
    ['WITHDRAWAL_LIMIT_REACHED', 'banking.status.withdrawalLimit.reached'],
    ['SELF_LIMIT_REACHED', 'banking.status.depositLimit'],
    ['RESTRICTED', 'banking.status.restricted'],
    ['FORBIDDEN', 'banking.status.error'],
    ['SELF_SPEND_LIMIT_REACHED', 'banking.status.error'],
    ['SOMETHING_NEW', 'banking.status.error'],
  ])('%s is shown as %s', (result, id) => {
    expect(operationStatusMessage(operationUiStatus(result), { result }).id).toBe(id);
  });

  it('covers every operation result the platform answers', () => {
    for (const result of OPERATION_RESULTS) expect(ids.has(operationStatusMessage(operationUiStatus(result), { result }).id), result).toBe(true);
  });

  it('says how many days are left to verify, with the plural', () => {
    const message = operationStatusMessage('verify-document', { daysLeft: 3 });
    expect(message.id).toBe('banking.status.verifyDocument.days');
    expect(message.values).toMatchObject({ days: 3 });
  });

  it('names the loss limit when the spend limit is the one reached (isSpendLimit)', () => {
    expect(operationStatusMessage('self-limit-reached', { limitType: 'loss' }).id).toBe('banking.status.lossLimit');
    expect(operationStatusMessage('self-limit-reached', { limitType: 'deposit' }).id).toBe('banking.status.depositLimit');
  });

  it.each([
    ['daily', 'banking.status.withdrawalLimit.daily'],
    ['weekly', 'banking.status.withdrawalLimit.weekly'],
    ['monthly', 'banking.status.withdrawalLimit.monthly'],
    [null, 'banking.status.withdrawalLimit'],
  ] as const)('names the %s withdrawal limit and its amount', (duration, id) => {
    const message = operationStatusMessage('withdrawal-limit-reached', { limit: '€500.00', duration });
    expect(message.id).toBe(id);
    expect(message.values).toMatchObject({ limit: '€500.00' });
  });
});

describe('cashier error codes (src/api/wallet.ts, behaviour.md §8)', () => {
  it.each([...new Set([...DEPOSIT_ERROR_CODES, ...WITHDRAW_ERROR_CODES, 'network', 'validation', 'unknown'] as const)])('%s has a text', (code) => {
    expect(ids.has(cashierErrorMessage(code).id)).toBe(true);
  });

  it('shows error.withdrawal.cancel.limit_reached with the number of cancellations allowed', () => {
    const message = cashierErrorMessage('error.withdrawal.cancel.limit_reached');
    expect(message.id).toBe('banking.error.cancelLimitReached');
    expect(message.values).toMatchObject({ cancellations: 3 });
  });

  it('says a GG withdrawal cannot be reversed (UKGC RTS 14B) with the same words as the withdraw screen', () => {
    expect(cashierErrorMessage('error.withdrawal.cancel.not_allowed')).toBe(WITHDRAWAL_IRREVERSIBLE);
  });
});

describe('amount problems and field codes', () => {
  it.each([
    ['invalid', 'banking.amount.invalid', {}],
    ['tooLow', 'banking.amount.tooLow', { min: '€10' }],
    ['tooHigh', 'banking.amount.tooHigh', { max: '€5,000' }],
    ['overLimit', 'banking.amount.overLimit', { available: '€42.00' }],
    ['overBalance', 'banking.amount.overBalance', { available: '€42.00' }],
  ] as const)('%s is explained with its bound', (problem, id, values) => {
    const message = amountProblemMessage(problem, bounds);
    expect(message.id).toBe(id);
    expect(message.values ?? {}).toMatchObject(values);
    expect(ids.has(message.id)).toBe(true);
  });

  // Issue 21 item 10: "10.555" says why it is refused (behaviour.md §9: at most two decimals, none for JPY and CLP).
  it('says that too many decimals are the problem, and that a currency without minor units takes whole amounts', () => {
    expect(amountProblemMessage('decimals', { ...bounds, fractionDigits: 2 }).id).toBe('banking.amount.twoDecimals');
    expect(amountProblemMessage('decimals', bounds).id).toBe('banking.amount.twoDecimals');
    expect(amountProblemMessage('decimals', { ...bounds, fractionDigits: 0 }).id).toBe('banking.amount.wholeOnly');
    expect(ids.has('banking.amount.twoDecimals')).toBe(true);
    expect(ids.has('banking.amount.wholeOnly')).toBe(true);
  });

  it.each([
    [FIELD_CODES.amount, 'banking.amount.invalid'],
    [FIELD_CODES.amountTooLow, 'banking.amount.tooLow'],
    [FIELD_CODES.amountTooHigh, 'banking.amount.tooHigh'],
    [FIELD_CODES.paymentMethod, 'banking.method.missing'],
    [FIELD_CODES.required, 'field.required'],
    ['validation.something_new', 'field.invalid'],
  ])('the platform field code %s is shown as %s', (code, id) => {
    expect(cashierFieldMessage(code, bounds).id).toBe(id);
  });
});
