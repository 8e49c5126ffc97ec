import { createHmac } from 'node:crypto';

// The demo provider's random numbers (issue 12: "outcomes from crypto random on the server"): every
// draw comes from HMAC-SHA256 under the provider's 256-bit secret (keys.ts) of a label that names
// the draw: a slot or roulette round (its launch's 96 random bits, the page's request id and the
// bets: `round:<launch>:<request>:<bets>`), a live table's round (`live:<table>:<round>`). Without
// the secret nobody can tell an outcome before it is drawn; with it, every platform process draws
// the same outcome for the same label, so a replayed request or a second process agrees (and the
// ledger's idempotency keys, the provider's transaction ids, post it once). Integers are drawn by
// rejection sampling: no modulo bias.

/** A source of uniform integers in [0, bound), deterministic for (key, label). */
export function hmacUniform(key: Uint8Array, label: string): (bound: number) => number {
  let block = 0;
  let buffer = Buffer.alloc(0);
  let offset = 0;
  const next32 = (): number => {
    if (offset + 4 > buffer.length) {
      buffer = createHmac('sha256', key).update(`${label}#${String(block)}`).digest();
      block += 1;
      offset = 0;
    }
    const value = buffer.readUInt32BE(offset);
    offset += 4;
    return value;
  };
  return (bound: number): number => {
    if (!Number.isInteger(bound) || bound < 1 || bound > 2 ** 32) throw new RangeError(`bound ${String(bound)} is not a positive integer up to 2^32`);
    // The largest multiple of bound below 2^32: values at or above it would favour small results.
    const limit = Math.floor(2 ** 32 / bound) * bound;
    for (;;) {
      const value = next32();
      if (value < limit) return value % bound;
    }
  };
}
