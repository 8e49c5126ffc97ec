import { describe, expect, it } from 'vitest';
import { TRANSACTION_CATEGORIES, TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../../../machines/lib/wallet';
import { CATEGORY_LABELS, STATUS_LABELS, TYPE_LABELS } from '../../../src/features/banking/labels';
import { englishIds } from './catalog';

// product.md §3 "Transactions": every category, type and status the platform sends has a label.

const ids = englishIds();

describe('transaction labels', () => {
  it.each(TRANSACTION_CATEGORIES)('category %s', (category) => expect(ids.has(CATEGORY_LABELS[category].id)).toBe(true));
  it.each(TRANSACTION_TYPES)('type %s', (type) => expect(ids.has(TYPE_LABELS[type].id)).toBe(true));
  it.each(TRANSACTION_STATUSES)('status %s', (status) => expect(ids.has(STATUS_LABELS[status].id)).toBe(true));

  it('words each type and each status apart', () => {
    expect(new Set(Object.values(TYPE_LABELS).map((message) => message.id)).size).toBe(TRANSACTION_TYPES.length);
    expect(new Set(Object.values(STATUS_LABELS).map((message) => message.id)).size).toBe(TRANSACTION_STATUSES.length);
  });
});
