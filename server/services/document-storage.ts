import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

// Where the players' document files live (issue 23 "Files live outside the web root, under the data
// folder by default, behind a small storage interface (an S3-compatible store can be added later
// as an adapter); the names on disk are random, never the player's file name"). The services see
// this interface only; server/app.ts picks the adapter (the disk one under DATA_DIR/documents/).
//
// The file a service hands in is a finished temporary file (already checked and re-encoded): `put`
// moves (or copies) it under a new random key and answers the key; `open` streams it back.

export interface DocumentStorage {
  /** Stores the file at `path` (the caller's temporary file, taken over) and answers its new key. */
  put: (path: string) => Promise<string>;
  /** The stored file's bytes as a stream, and its size; null when the key is unknown. */
  open: (key: string) => Promise<{ stream: Readable; size: number } | null>;
  /** Deletes a stored file (a no-op when it is gone). */
  remove: (key: string) => Promise<void>;
  /** A folder for the upload's temporary files (on the same volume as the store when it is a disk). */
  readonly tempDir: string;
}

/** A key: 32 random hex characters, nothing of the player's. */
const KEY = /^[0-9a-f]{32}$/;

export function newStorageKey(): string {
  return randomBytes(16).toString('hex');
}

/**
 * The disk adapter: `<root>/<first two characters of the key>/<key>`, and `<root>/tmp/` for uploads
 * in progress. Files are written 0600 (read by the platform's user only).
 */
export function diskDocumentStorage(root: string): DocumentStorage {
  const tempDir = join(root, 'tmp');
  const pathOf = (key: string): string => {
    if (!KEY.test(key)) throw new Error('document storage: not a storage key');
    return join(root, key.slice(0, 2), key);
  };
  let ready: Promise<void> | null = null;
  const ensureRoot = (): Promise<void> => (ready ??= mkdir(tempDir, { recursive: true, mode: 0o700 }).then(() => undefined));

  return {
    tempDir,
    put: async (path) => {
      await ensureRoot();
      const key = newStorageKey();
      const target = pathOf(key);
      await mkdir(join(root, key.slice(0, 2)), { recursive: true, mode: 0o700 });
      try {
        await rename(path, target);
      } catch {
        // Another volume: copy, then drop the temporary file.
        await pipeline(createReadStream(path), createWriteStream(target, { mode: 0o600, flags: 'wx' }));
        await rm(path, { force: true });
      }
      return key;
    },
    open: async (key) => {
      if (!KEY.test(key)) return null;
      const path = pathOf(key);
      try {
        const info = await stat(path);
        return { stream: createReadStream(path), size: info.size };
      } catch {
        return null;
      }
    },
    remove: async (key) => {
      if (!KEY.test(key)) return;
      await rm(pathOf(key), { force: true });
    },
  };
}

/** Makes sure the storage's temporary folder exists (before an upload writes to it). */
export async function ensureTempDir(storage: DocumentStorage): Promise<string> {
  await mkdir(storage.tempDir, { recursive: true, mode: 0o700 });
  return storage.tempDir;
}
