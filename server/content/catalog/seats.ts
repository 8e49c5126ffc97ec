import { TABLE_SEATS_REFRESH_MS } from '../../../machines/lib/constants';
import { hashString } from './random';

// Seats taken at a live table (product.md §3 "seats and seatsTaken (tables)"; issue 12). Like the
// jackpots (jackpots.ts) the count is a function of the table and the clock only: every process,
// and every test with its own clock, computes the same count for the same instant; nothing is
// stored. The count holds for one bucket of SEATS_BUCKET_MS (the lobby asks again as often); every
// SEATS_ANCHOR_BUCKETS buckets an anchor count is drawn from the table's id, and the buckets between
// two anchors step from one to the next, so players come and go a seat at a time instead of a table
// emptying and filling at random every half minute.

/** How long one count holds: the lobby's refresh (machines/lib/constants.ts). */
export const SEATS_BUCKET_MS = TABLE_SEATS_REFRESH_MS;
/** Buckets from one drawn count to the next (5 minutes). */
export const SEATS_ANCHOR_BUCKETS = 10;

/** The bucket an instant falls in: its count holds from `bucket * SEATS_BUCKET_MS` on. */
export function seatsBucketOf(now: Date): number {
  return Math.floor(now.getTime() / SEATS_BUCKET_MS);
}

function anchorCount(tableId: string, seats: number, anchor: number): number {
  return hashString(`seats:${tableId}:${String(anchor)}`) % (seats + 1);
}

/** Seats taken at the table (0 to `seats`) during `bucket`. */
export function seatsTakenInBucket(tableId: string, seats: number, bucket: number): number {
  const anchor = Math.floor(bucket / SEATS_ANCHOR_BUCKETS);
  const from = anchorCount(tableId, seats, anchor);
  const to = anchorCount(tableId, seats, anchor + 1);
  const step = bucket - anchor * SEATS_ANCHOR_BUCKETS;
  // Between 0 and `seats` whatever the anchors: a mix of two counts in that range.
  return Math.round(from + ((to - from) * step) / SEATS_ANCHOR_BUCKETS);
}

/** Seats taken at the table at `now`. */
export function seatsTakenAt(tableId: string, seats: number, now: Date): number {
  return seatsTakenInBucket(tableId, seats, seatsBucketOf(now));
}
