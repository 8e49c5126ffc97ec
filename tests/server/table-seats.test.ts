import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lobbyResponseSchema, tableSeatsResponseSchema } from '../../src/api/games';
import { loadCatalog } from '../../server/content/catalog/index';
import { SEATS_ANCHOR_BUCKETS, SEATS_BUCKET_MS, seatsBucketOf, seatsTakenAt, seatsTakenInBucket } from '../../server/content/catalog/seats';
import { findGame } from '../../server/services/catalog';
import { json, startTestPlatform, type TestPlatform } from './helpers/platform';

// Seats taken at live tables move with the clock (issue 12; product.md §3 "seats and seatsTaken
// (tables)"; server/content/catalog/seats.ts): a function of the table and the 30 s bucket that
// every process agrees on, from 0 to the table's seats, a seat at a time; served by GET
// /api/tables/seats and the game detail, while the cached lobby bodies stay as they were.

let platform: TestPlatform;
let app: ReturnType<TestPlatform['app']>;
let now = new Date('2025-06-11T12:00:10.000Z');
const clock = () => now;

beforeAll(async () => {
  platform = await startTestPlatform();
});
beforeEach(() => {
  now = new Date('2025-06-11T12:00:10.000Z');
  app = platform.app({ clock });
});
afterAll(async () => {
  await platform.close();
});

const seatedTables = () => loadCatalog().games.filter((game) => game.lobby === 'live-casino' && game.seats !== null);

async function seatsAnswer(at: Date, fromApp = app) {
  now = at;
  const response = await fromApp.request('/api/tables/seats');
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(tableSeatsResponseSchema, await json(response));
}

describe('seats taken as a function of the clock', () => {
  const day = 86_400_000 / SEATS_BUCKET_MS;
  const start = seatsBucketOf(new Date('2025-06-11T00:00:00.000Z'));

  it('stays from 0 to the seats, moves a seat at a time, and does move during a day', () => {
    const tables = seatedTables();
    expect(tables.length).toBeGreaterThan(5);
    for (const table of tables) {
      const seats = table.seats ?? 0;
      const counts = Array.from({ length: day }, (_, step) => seatsTakenInBucket(table.id, seats, start + step));
      expect(
        counts.filter((count) => !Number.isInteger(count) || count < 0 || count > seats),
        table.id,
      ).toEqual([]);
      const jumps = counts.filter((count, step) => step > 0 && Math.abs(count - (counts[step - 1] ?? count)) > 1);
      expect(jumps, table.id).toEqual([]);
      expect(new Set(counts).size, table.id).toBeGreaterThan(1);
    }
  });

  it('is the same for the same table and bucket, whenever and wherever it is computed', () => {
    const table = seatedTables()[0];
    if (!table?.seats) throw new Error('the catalog has seated tables');
    const bucketStart = new Date(seatsBucketOf(now) * SEATS_BUCKET_MS);
    const lastInBucket = new Date(bucketStart.getTime() + SEATS_BUCKET_MS - 1);
    expect(seatsTakenAt(table.id, table.seats, now)).toBe(seatsTakenAt(table.id, table.seats, bucketStart));
    expect(seatsTakenAt(table.id, table.seats, lastInBucket)).toBe(seatsTakenAt(table.id, table.seats, bucketStart));
    // Tables do not move in step: their counts over an anchor period differ.
    const tables = seatedTables().slice(0, 8);
    const runs = tables.map((other) =>
      Array.from({ length: SEATS_ANCHOR_BUCKETS * 6 }, (_, step) => seatsTakenInBucket(other.id, other.seats ?? 0, start + step)).join(','),
    );
    expect(new Set(runs).size).toBeGreaterThan(1);
  });
});

describe('GET /api/tables/seats', () => {
  it('answers every seated live table with its count now, as every process computes it', async () => {
    const answer = await seatsAnswer(now);
    const tables = seatedTables();
    expect(answer.tables.map((table) => table.gameId)).toEqual(tables.map((table) => table.id));
    for (const table of tables) {
      expect(answer.tables.find((entry) => entry.gameId === table.id)).toEqual({
        gameId: table.id,
        seats: table.seats,
        seatsTaken: seatsTakenAt(table.id, table.seats ?? 0, now),
      });
    }
    // The count holds from the start of its bucket.
    expect(answer.updatedAt).toBe('2025-06-11T12:00:00.000Z');
    // Another app (another process) at another instant of the same bucket says the same.
    const other = platform.app({ clock });
    expect(await seatsAnswer(new Date('2025-06-11T12:00:29.999Z'), other)).toEqual(answer);
  });

  it('moves with the clock', async () => {
    const first = await seatsAnswer(now);
    const anHourLater = await seatsAnswer(new Date(now.getTime() + 3_600_000));
    expect(anHourLater.updatedAt).toBe('2025-06-11T13:00:00.000Z');
    expect(anHourLater.tables.map((table) => table.seatsTaken)).not.toEqual(first.tables.map((table) => table.seatsTaken));
  });

  it('leaves the cached lobby body and its ETag as they were, and gives the game detail the count now', async () => {
    const lobbyAt = async (at: Date) => {
      now = at;
      const response = await app.request('/api/content/UN/en/lobbies/live-casino?channel=desktop');
      expect(response.status).toBe(200);
      return { etag: response.headers.get('ETag'), body: v.parse(lobbyResponseSchema, await json(response)) };
    };
    const before = await lobbyAt(now);
    const later = await lobbyAt(new Date(now.getTime() + 3_600_000));
    expect(before.etag).toMatch(/^"[^"]+"$/);
    expect(later.etag).toBe(before.etag);
    expect(later.body).toEqual(before.body);

    const table = seatedTables()[0];
    if (!table?.seats) throw new Error('the catalog has seated tables');
    const detail = await findGame({ db: platform.database.db, clock }, { market: 'UN', language: 'en', idOrSlug: table.id });
    expect(detail?.seats).toBe(table.seats);
    expect(detail?.seatsTaken).toBe(seatsTakenAt(table.id, table.seats, now));
  });
});
