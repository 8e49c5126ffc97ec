import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { Hono, type Context } from 'hono';
import { stream as honoStream } from 'hono/streaming';
import type { Kysely } from 'kysely';
import { DOCUMENT_FILE_NAME_MAX_LENGTH, DOCUMENT_MAX_BYTES } from '../../machines/lib/kyc';
import { sameSitePath } from '../../machines/lib/sameSitePath';
import { verificationStartSchema, type DocumentsResponse, type UploadResponse, type VerificationResponse, type VerificationStartResponse } from '../../src/api/documents';
import { withParams } from '../domain/pay-and-play';
import { FIELD_CODES, flowBodyLimit, parseJsonBody, validationError } from '../http/validation';
import type { IdentityVerificationProvider } from '../providers/simulated-identity';
import type { RateLimit } from '../config';
import type { Database } from '../db/schema';
import { requireAuth, type AuthEnv } from '../http/auth';
import { ERROR_CODES, HttpError } from '../http/errors';
import { newStorageKey, ensureTempDir, type DocumentStorage } from '../services/document-storage';
import {
  admitUpload,
  completeVerification,
  documentFileOf,
  documentsOfPlayer,
  startVerification,
  storeUpload,
  verificationOf,
  type DocumentsDeps,
  type ReceivedUpload,
} from '../services/documents';

// The player's documents (behaviour.md §7 "/player/documents"; the contract is src/api/documents.ts),
// mounted at /api/player/documents for a logged-in player:
//   GET  /                     -> DocumentsResponse
//   POST /                     multipart/form-data (category, subType, file) -> 201 { document }
//   GET  /{documentId}/file    -> the file (attachment, nosniff); another player's is 404
//   GET  /verification, POST /verification { category, returnPath? } -> { redirectUrl }, and the
//        provider's signed callback GET /verification/callback (src/api/documents.ts)
// The upload is counted against the player's rate before its body is read, then parsed as it
// streams (busboy): the file goes to a temporary file as it arrives and writing stops at
// DOCUMENT_MAX_BYTES (413; a declared Content-Length past it is refused unread, a chunked body's
// rest is dropped, at most one more cap, then the connection is cut); a name with a path or control
// characters, a second file or a missing one are refused. The checks and the storing are server/services/documents.ts's.

/** The form's parts besides the file (category, subType), their names and multipart headers. */
const FORM_OVERHEAD_BYTES = 16 * 1024;

/** A path separator, a C0/C1 control character, or a bidirectional override (which disguises an extension). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const BAD_NAME = /[/\\\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;

const checkedNameError = () => new HttpError(400, ERROR_CODES.documentFileNameInvalid, 'The file name must be a plain name without a path or control characters.');

/** The player's file name, or 400 error.document.file_name_invalid. */
export function checkedFileName(name: string | undefined): string {
  const trimmed = (name ?? '').trim();
  if (trimmed === '' || trimmed === '.' || trimmed === '..' || trimmed.length > DOCUMENT_FILE_NAME_MAX_LENGTH || BAD_NAME.test(trimmed) || /[\uD800-\uDFFF]/.test(trimmed.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, ''))) {
    throw checkedNameError();
  }
  return trimmed;
}

/** Bytes of a refused upload's rest read and dropped before the connection is cut (see receiveUpload). */
const DRAIN_MAX_BYTES = DOCUMENT_MAX_BYTES + FORM_OVERHEAD_BYTES;

const tooLarge = () => new HttpError(413, ERROR_CODES.documentTooLarge, `The file is larger than ${String(DOCUMENT_MAX_BYTES / (1024 * 1024))} MB.`);
const fileMissing = (message = 'Send one file in the field "file".') => new HttpError(400, ERROR_CODES.documentFileMissing, message);
const badForm = () => new HttpError(400, ERROR_CODES.requestInvalid, 'The body must be multipart/form-data with the fields category, subType and file.');

/**
 * Reads the multipart body as it streams: the text fields, and the one file written to a
 * temporary file in `tempDir`. Refusals reject with an HttpError and leave no file behind.
 */
export async function receiveUpload(request: Request, tempDir: string): Promise<ReceivedUpload> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) throw badForm();
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > DOCUMENT_MAX_BYTES + FORM_OVERHEAD_BYTES) throw tooLarge();
  if (!request.body) throw fileMissing();
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // Keep the name as sent: a path in it is refused, not silently cut.
      preservePath: true,
      defParamCharset: 'utf8',
      limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 4, fieldSize: 256, fieldNameSize: 32, parts: 6, headerPairs: 16 },
    });
  } catch {
    throw badForm();
  }
  const source = Readable.fromWeb(request.body as NodeWebReadableStream<Uint8Array>);

  return new Promise<ReceivedUpload>((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: { name: string; path: string; size: number; written: Promise<void> } | null = null;
    let failure: HttpError | null = null;
    let settled = false;

    const cleanup = async (): Promise<void> => {
      if (file) {
        await file.written.catch(() => undefined);
        await rm(file.path, { force: true });
      }
    };
    const fail = (error: HttpError): void => {
      if (failure !== null || settled) return;
      failure = error;
      settled = true;
      // Nothing past the refusal is parsed or written. The rest of the body is read and dropped,
      // up to DRAIN_MAX_BYTES, so that the client (which reads the answer once it has sent its
      // body) gets the refusal; past that the connection is cut.
      parser.removeAllListeners('file');
      source.unpipe(parser);
      let answered = false;
      const answer = (): void => {
        if (answered) return;
        answered = true;
        void cleanup().then(() => reject(error));
      };
      if (source.readableEnded || source.destroyed) {
        answer();
        return;
      }
      let drained = 0;
      source.on('data', (chunk: Buffer) => {
        drained += chunk.length;
        if (drained > DRAIN_MAX_BYTES) source.destroy();
      });
      source.once('end', answer);
      source.once('close', answer);
      source.resume();
    };

    parser.on('field', (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated || name in fields) {
        fail(badForm());
        return;
      }
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || file !== null) {
        stream.resume();
        fail(fileMissing());
        return;
      }
      let fileName: string;
      try {
        fileName = checkedFileName(info.filename);
      } catch (error) {
        stream.resume();
        fail(error instanceof HttpError ? error : badForm());
        return;
      }
      const path = join(tempDir, `${newStorageKey()}.part`);
      const current = { name: fileName, path, size: 0, written: Promise.resolve() };
      file = current;
      stream.on('data', (chunk: Buffer) => {
        current.size += chunk.length;
      });
      stream.on('limit', () => fail(tooLarge()));
      current.written = pipeline(stream, createWriteStream(path, { mode: 0o600, flags: 'wx' }));
      current.written.catch(() => fail(badForm()));
    });
    parser.on('filesLimit', () => fail(fileMissing('Send one file only.')));
    parser.on('fieldsLimit', () => fail(badForm()));
    parser.on('partsLimit', () => fail(badForm()));
    // The one part header a player's browser fills from their input is the file's name: a control
    // character sent raw in it (the HTML form encoding escapes only CR, LF and ") breaks the header.
    parser.on('error', (error: unknown) =>
      fail(error instanceof Error && error.message === 'Malformed part header' ? checkedNameError() : badForm()),
    );
    source.on('error', () => fail(badForm()));
    parser.on('close', () => {
      if (settled) return;
      void (async () => {
        if (file === null) {
          fail(fileMissing());
          return;
        }
        try {
          await file.written;
        } catch {
          fail(badForm());
          return;
        }
        // A refusal may have come while the file was being finished.
        if (failure !== null) return;
        settled = true;
        resolve({ fields, fileName: file.name, tempPath: file.path, size: file.size });
      })();
    });
    source.pipe(parser);
  });
}

export interface DocumentsRoutesOptions {
  db: Kysely<Database>;
  clock: () => Date;
  storage: DocumentStorage;
  uploadLimits?: readonly RateLimit[] | undefined;
  /** The identity-verification provider (the simulated one in simulation mode); none: its calls answer 404. */
  identity?: IdentityVerificationProvider | undefined;
}

/** RFC 6266 / 5987: an attachment with an ASCII name and its UTF-8 form. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^A-Za-z0-9._-]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function documentsRoutes({ db, clock, storage, uploadLimits, identity }: DocumentsRoutesOptions): Hono<AuthEnv> {
  const routes = new Hono<AuthEnv>();
  const deps: DocumentsDeps = { db, clock, storage, uploadLimits };
  const playerOf = (c: Context<AuthEnv>): number => c.get('authSession').playerId;

  routes.get('/', requireAuth, async (c) => c.json<DocumentsResponse>(await documentsOfPlayer(deps, playerOf(c))));

  routes.post('/', requireAuth, async (c) => {
    const playerId = playerOf(c);
    await admitUpload(deps, playerId);
    const upload = await receiveUpload(c.req.raw, await ensureTempDir(storage));
    return c.json<UploadResponse>(await storeUpload(deps, playerId, upload), 201);
  });

  // The identity-verification provider (simulation mode: server/providers/simulated-identity.ts).
  routes.get('/verification', requireAuth, async (c) => c.json<VerificationResponse>(await verificationOf(deps, playerOf(c))));

  routes.post('/verification', flowBodyLimit, requireAuth, async (c) => {
    if (!identity) throw new HttpError(404, ERROR_CODES.notFound, 'No identity-verification provider is configured.');
    const body = await parseJsonBody(c, verificationStartSchema);
    const returnPath = sameSitePath(body.returnPath ?? '/');
    if (returnPath === null) throw validationError([{ field: 'returnPath', code: FIELD_CODES.returnUrl }]);
    const id = await startVerification(deps, playerOf(c), body.category);
    return c.json<VerificationStartResponse>({ redirectUrl: identity.startUrl({ id, category: body.category, returnPath }) });
  });

  // The provider sends the browser here; its signature, not a session, says who answered.
  routes.get('/verification/callback', async (c) => {
    const callback = { session: c.req.query('session') ?? '', result: c.req.query('result') ?? '', returnPath: c.req.query('returnPath') ?? '', signature: c.req.query('signature') ?? '' };
    if (!identity || (callback.result !== 'APPROVED' && callback.result !== 'REJECTED') || !identity.verifyCallback(callback)) {
      throw new HttpError(400, ERROR_CODES.verificationSessionInvalid, 'The verification answer is not signed by the provider.');
    }
    await completeVerification(deps, callback.session, callback.result);
    return c.redirect(withParams(callback.returnPath, { verification: callback.result }), 303);
  });

  routes.get('/:documentId/file', requireAuth, async (c) => {
    const file = await documentFileOf(deps, playerOf(c), c.req.param('documentId'));
    c.header('Content-Type', file.contentType);
    c.header('Content-Length', String(file.size));
    c.header('Content-Disposition', attachment(file.fileName));
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Cache-Control', 'private, no-store');
    // A document is never a page: no script, no frame, even if opened.
    c.header('Content-Security-Policy', "default-src 'none'; sandbox");
    return honoStream(c, async (out) => {
      out.onAbort(() => {
        file.stream.destroy();
      });
      for await (const chunk of file.stream) await out.write(chunk as Uint8Array);
    });
  });

  return routes;
}
