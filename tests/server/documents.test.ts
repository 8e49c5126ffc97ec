import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MAX_BYTES, parseRequestDocumentTypeStatus } from '../../machines/lib/kyc';
import { depositCheckResponseSchema, withdrawalCheckResponseSchema } from '../../src/api/wallet';
import { documentsResponseSchema, uploadResponseSchema, type DocumentsResponse, type KycDocumentView } from '../../src/api/documents';
import { diskDocumentStorage } from '../../server/services/document-storage';
import { expectError } from './helpers/identity';
import { json, startTestPlatform, type TestPlatform } from './helpers/platform';
import { credit, logIn, playerCall, walletPlayer, type WalletPlayer } from './helpers/wallet';

// The player's documents on the platform (issue 23 "The platform: documents for real"; behaviour.md
// §4 "Document verification", §7 /player/documents; src/api/documents.ts): every bad upload is a
// 4xx with the catalogue's code and stores nothing (no row, no file); images come back re-encoded
// without their EXIF; a file is served to its owner only; the operator's review and requests
// change the KYC level, requestDocumentTypeStatus and the cashier's answer.

const PATH = '/api/player/documents';

let platform: TestPlatform;
let app: ReturnType<TestPlatform['app']>;
let limitedApp: ReturnType<TestPlatform['app']>;
let storageRoot: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  storageRoot = await mkdtemp(join(tmpdir(), 'documents-test-'));
  const documentStorage = diskDocumentStorage(storageRoot);
  app = platform.app({ documentStorage });
  limitedApp = platform.app({ documentStorage, throttle: { documentUploadsPerPlayer: [{ max: 3, windowMs: 60_000 }] } });
});
afterAll(async () => {
  await platform.close();
  await rm(storageRoot, { recursive: true, force: true });
});

// ------------------------------------------------------------------------------ files

async function jpeg(options: { gps?: boolean; size?: number } = {}): Promise<Buffer> {
  const size = options.size ?? 64;
  let image = sharp({ create: { width: size, height: size, channels: 3, background: { r: 200, g: 30, b: 30 } } }).jpeg();
  if (options.gps === true) {
    image = image.withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '60/1 10/1 1234/100', GPSLongitudeRef: 'E', GPSLongitude: '24/1 56/1 789/100' },
    });
  }
  return image.toBuffer();
}

const png = () => sharp({ create: { width: 32, height: 32, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 1 } } }).png().toBuffer();

/** A minimal PDF; `extra` goes into the catalogue dictionary, `objects` after it. */
function pdf(extra = '', objects = ''): Buffer {
  return Buffer.from(
    `%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R ${extra} >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>\nendobj\n${objects}trailer\n<< /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );
}

/** A PDF whose script hides in a Flate-compressed object stream. */
function pdfWithCompressedScript(): Buffer {
  const hidden = deflateSync(Buffer.from('4 0 << /S /JavaScript /JS (app.alert\\(1\\)) >>', 'latin1'));
  const head = Buffer.from(`%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n5 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${String(hidden.length)} >>\nstream\n`, 'latin1');
  return Buffer.concat([head, hidden, Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1')]);
}

// ------------------------------------------------------------------------------ calls

interface Part {
  name: string;
  value: string | Buffer;
  fileName?: string;
  /** The name sent as RFC 5987 filename*= (percent-encoded UTF-8), as some clients do. */
  encodedName?: boolean;
  type?: string;
}

/** A multipart body written by hand (names exactly as given, control characters included). */
function multipart(parts: readonly Part[]): { body: Uint8Array<ArrayBuffer>; contentType: string } {
  const boundary = `----aurora${Math.random().toString(36).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.fileName === undefined
        ? `form-data; name="${part.name}"`
        : part.encodedName === true
          ? `form-data; name="${part.name}"; filename*=UTF-8''${encodeURIComponent(part.fileName)}`
          : `form-data; name="${part.name}"; filename="${part.fileName}"`;
    const type = part.fileName === undefined ? '' : `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`, 'utf8'));
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value, 'utf8') : part.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: new Uint8Array(Buffer.concat(chunks)), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(
  player: WalletPlayer,
  file: { bytes: Buffer; name: string; type?: string; encodedName?: boolean },
  fields: Record<string, string> = { category: 'ID' },
  on = app,
): Promise<Response> {
  const parts: Part[] = [...Object.entries(fields).map(([name, value]) => ({ name, value })), { name: 'file', value: file.bytes, fileName: file.name, encodedName: file.encodedName ?? false, type: file.type ?? 'image/jpeg' }];
  const { body, contentType } = multipart(parts);
  return Promise.resolve(on.request(PATH, { method: 'POST', headers: { Authorization: `Bearer ${player.token}`, 'Content-Type': contentType }, body }));
}

async function uploaded(response: Response): Promise<KycDocumentView> {
  expect(response.status, await response.clone().text()).toBe(201);
  return v.parse(uploadResponseSchema, await json(response)).document;
}

async function list(player: WalletPlayer): Promise<DocumentsResponse> {
  const response = await app.request(PATH, { headers: { Authorization: `Bearer ${player.token}` } });
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(documentsResponseSchema, await json(response));
}

function download(player: WalletPlayer, documentId: string): Promise<Response> {
  return Promise.resolve(app.request(`${PATH}/${documentId}/file`, { headers: { Authorization: `Bearer ${player.token}` } }));
}

async function testCall(path: string, body: unknown): Promise<Response> {
  return app.request(`/api/test${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

/** Files in the store (the temporary folder excluded, which must be empty too). */
async function storedFiles(): Promise<{ stored: number; temporary: number }> {
  let stored = 0;
  let temporary = 0;
  for (const entry of await readdir(storageRoot, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const files = await readdir(join(storageRoot, entry.name));
    if (entry.name === 'tmp') temporary += files.length;
    else stored += files.length;
  }
  return { stored, temporary };
}

/** Expects a refusal that stored nothing: no document, no file, no temporary file left. */
async function expectRefused(player: WalletPlayer, response: Response, status: number, code: string): Promise<void> {
  const before = await storedFiles();
  await expectError(response, status, code);
  expect((await list(player)).documents).toEqual([]);
  const after = await storedFiles();
  expect(after.stored).toBe(before.stored);
  expect(after.temporary).toBe(0);
}

// ------------------------------------------------------------------------------ tests

describe('bad uploads are refused with the catalogue code and store nothing', () => {
  it('a file larger than 10 MB: 413 error.document.too_large', async () => {
    const player = await walletPlayer(platform, app);
    const big = Buffer.concat([await jpeg(), Buffer.alloc(DOCUMENT_MAX_BYTES + 1 - (await jpeg()).length, 0)]);
    await expectRefused(player, await upload(player, { bytes: big, name: 'big.jpg' }), 413, 'error.document.too_large');
  });

  it('wrong bytes behind a .jpg name (and an image/jpeg type): 415 error.document.type_unsupported', async () => {
    const player = await walletPlayer(platform, app);
    const script = Buffer.from('<script>alert(1)</script><html><body>not an image</body></html>');
    await expectRefused(player, await upload(player, { bytes: script, name: 'passport.jpg', type: 'image/jpeg' }), 415, 'error.document.type_unsupported');
    const zip = Buffer.from('PK\u0003\u0004' + 'x'.repeat(100), 'latin1');
    await expectRefused(player, await upload(player, { bytes: zip, name: 'id.jpg' }), 415, 'error.document.type_unsupported');
  });

  it('an empty file: 400 error.document.empty', async () => {
    const player = await walletPlayer(platform, app);
    await expectRefused(player, await upload(player, { bytes: Buffer.alloc(0), name: 'empty.jpg' }), 400, 'error.document.empty');
  });

  it('a PDF with JavaScript, plain, name-escaped or inside a compressed object stream: 422 error.document.unsafe', async () => {
    const player = await walletPlayer(platform, app);
    const send = (bytes: Buffer) => upload(player, { bytes, name: 'statement.pdf', type: 'application/pdf' }, { category: 'POA', subType: 'UTILITY_BILL' });
    await expectRefused(player, await send(pdf('/OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >>')), 422, 'error.document.unsafe');
    await expectRefused(player, await send(pdf('/OpenAction 4 0 R', '4 0 obj\n<< /S /J#61vaScript /J#53 (x) >>\nendobj\n')), 422, 'error.document.unsafe');
    await expectRefused(player, await send(pdfWithCompressedScript()), 422, 'error.document.unsafe');
  });

  it('a PDF with a launch action, an embedded file, additional actions or XFA: 422', async () => {
    const player = await walletPlayer(platform, app);
    for (const extra of ['/OpenAction << /S /Launch /F (calc.exe) >>', '/Names << /EmbeddedFiles 4 0 R >>', '/AA << /O 4 0 R >>', '/AcroForm << /XFA 4 0 R >>']) {
      const response = await upload(player, { bytes: pdf(extra), name: 'doc.pdf', type: 'application/pdf' }, { category: 'OTHER' });
      await expectRefused(player, response, 422, 'error.document.unsafe');
    }
  });

  it('a path or control characters in the file name: 400 error.document.file_name_invalid', async () => {
    const bytes = await jpeg();
    for (const name of ['../../etc/passwd.jpg', 'C:\\Users\\me\\id.jpg', 'photos/id.jpg', 'id\u0001.jpg', 'id\u007f.jpg', 'gpj.\u202Eexe.jpg', '..', ' ']) {
      // A player of their own per name: the upload rate counts refused uploads too.
      const player = await walletPlayer(platform, app);
      await expectRefused(player, await upload(player, { bytes, name }), 400, 'error.document.file_name_invalid');
      await expectRefused(player, await upload(player, { bytes, name, encodedName: true }), 400, 'error.document.file_name_invalid');
    }
  });

  it('no file, two files, or a bad category or sub-type: 400', async () => {
    const player = await walletPlayer(platform, app);
    const bytes = await jpeg();
    const noFile = multipart([{ name: 'category', value: 'ID' }]);
    await expectRefused(
      player,
      await app.request(PATH, { method: 'POST', headers: { Authorization: `Bearer ${player.token}`, 'Content-Type': noFile.contentType }, body: noFile.body }),
      400,
      'error.document.file_missing',
    );
    const two = multipart([
      { name: 'category', value: 'ID' },
      { name: 'file', value: bytes, fileName: 'a.jpg' },
      { name: 'file', value: bytes, fileName: 'b.jpg' },
    ]);
    await expectRefused(
      player,
      await app.request(PATH, { method: 'POST', headers: { Authorization: `Bearer ${player.token}`, 'Content-Type': two.contentType }, body: two.body }),
      400,
      'error.document.file_missing',
    );
    await expectRefused(player, await upload(player, { bytes, name: 'a.jpg' }, { category: 'PASSPORT' }), 400, 'error.validation');
    await expectRefused(player, await upload(player, { bytes, name: 'a.jpg' }, { category: 'POA' }), 400, 'error.validation');
    await expectRefused(player, await upload(player, { bytes, name: 'a.jpg' }, { category: 'SOW', subType: 'XX' }), 400, 'error.validation');
    const json = await app.request(PATH, { method: 'POST', headers: { Authorization: `Bearer ${player.token}`, 'Content-Type': 'application/json' }, body: '{}' });
    await expectRefused(player, json, 400, 'error.request.invalid');
  });

  it('too many uploads: 429 error.document.upload_limit with Retry-After, counted per player', async () => {
    const player = await walletPlayer(platform, limitedApp);
    const other = await walletPlayer(platform, limitedApp);
    const bytes = await jpeg();
    for (let index = 0; index < 3; index += 1) await uploaded(await upload(player, { bytes, name: `id-${String(index)}.jpg` }, { category: 'OTHER' }, limitedApp));
    const refused = await upload(player, { bytes, name: 'id-4.jpg' }, { category: 'OTHER' }, limitedApp);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    await expectError(refused, 429, 'error.document.upload_limit');
    expect((await list(player)).documents).toHaveLength(3);
    await uploaded(await upload(other, { bytes, name: 'id.jpg' }, { category: 'OTHER' }, limitedApp));
  });

  it('a visitor without a session: 401', async () => {
    const { body, contentType } = multipart([{ name: 'category', value: 'ID' }, { name: 'file', value: await jpeg(), fileName: 'a.jpg' }]);
    const response = await app.request(PATH, { method: 'POST', headers: { 'Content-Type': contentType }, body });
    expect(response.status).toBe(401);
  });
});

describe('good uploads', () => {
  it('a phone photo: stored re-encoded under a random name, its EXIF and GPS gone, UNDER_REVIEW', async () => {
    const player = await walletPlayer(platform, app);
    const original = await jpeg({ gps: true });
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const document = await uploaded(await upload(player, { bytes: original, name: 'IMG_0001 (passport).jpg' }, { category: 'ID', subType: 'PASSPORT' }));
    expect(document).toMatchObject({ documentTypeName: 'PROOF_OF_ID', documentStatus: 'UNDER_REVIEW', subType: 'PASSPORT', fileName: 'IMG_0001 (passport).jpg', contentType: 'image/jpeg', rejectionReason: null });

    const response = await download(player, document.documentId);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    const stored = Buffer.from(await response.arrayBuffer());
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.width).toBe(64);
    expect(stored.includes(Buffer.from('PhoneMaker'))).toBe(false);
    expect(stored.equals(original)).toBe(false);

    // On disk: a random name, never the player's.
    const names = (await readdir(storageRoot, { recursive: true })).map(String);
    expect(names.some((name) => name.includes('IMG_0001') || name.includes('passport'))).toBe(false);

    const listed = await list(player);
    expect(listed.kycStatus).toBe('PENDING');
    expect(parseRequestDocumentTypeStatus(listed.requestDocumentTypeStatus).PROOF_OF_ID).toBe('UNDER_REVIEW');
  });

  it('a PNG, a clean PDF and a proof of payment per deposit method', async () => {
    const player = await walletPlayer(platform, app);
    await uploaded(await upload(player, { bytes: await png(), name: 'bill.png', type: 'image/png' }, { category: 'POA', subType: 'UTILITY_BILL' }));
    const statement = await uploaded(await upload(player, { bytes: pdf('/OpenAction [3 0 R /Fit]'), name: 'statement.pdf', type: 'application/pdf' }, { category: 'SOW', subType: 'WN' }));
    expect(statement.contentType).toBe('application/pdf');
    const pdfBack = await download(player, statement.documentId);
    expect(Buffer.from(await pdfBack.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    await uploaded(await upload(player, { bytes: await jpeg(), name: 'card.jpg' }, { category: 'POP', subType: 'visa' }));
    await uploaded(await upload(player, { bytes: await jpeg(), name: 'skrill.jpg' }, { category: 'POP', subType: 'skrill' }));
    const listed = await list(player);
    expect(listed.documents.filter((document) => document.documentTypeName === 'PROOF_OF_PAYMENT').map((document) => document.subType).sort()).toEqual(['skrill', 'visa']);
  });

  it("another player's document is 404, and so is an unknown id", async () => {
    const owner = await walletPlayer(platform, app);
    const stranger = await walletPlayer(platform, app);
    const document = await uploaded(await upload(owner, { bytes: await jpeg(), name: 'id.jpg' }));
    await expectError(await download(stranger, document.documentId), 404, 'error.not_found');
    await expectError(await download(owner, '00000000-0000-4000-8000-000000000000'), 404, 'error.not_found');
    await expectError(await download(owner, '..%2F..%2Fetc%2Fpasswd'), 404, 'error.not_found');
  });
});

describe("the operator's review and requests (test mode) and the cashier's answer", () => {
  const check = async (player: WalletPlayer, which: 'deposit' | 'withdrawal') => {
    const response = await playerCall(app, player.token, `/${which}/check`, { ipAddress: '127.0.0.1', blackbox: 'x' });
    expect(response.status, await response.clone().text()).toBe(200);
    return which === 'deposit' ? v.parse(depositCheckResponseSchema, await json(response)) : v.parse(withdrawalCheckResponseSchema, await json(response));
  };

  it('a request makes documents required for a withdrawal and preferred for a deposit with the days left; under review, verified', async () => {
    const player = await walletPlayer(platform, app);
    await credit(app, player.id, '100.00');
    expect((await check(player, 'withdrawal')).result).toBe('SUCCESS');
    expect((await list(player)).kycStatus).toBe('NOT_VERIFIED');

    const requested = await testCall('/documents/request', { email: player.email, documentType: 'PROOF_OF_ID' });
    expect(requested.status).toBe(200);
    expect((await check(player, 'withdrawal')).result).toBe('DOCUMENTS_REQUIRED');
    expect(await check(player, 'deposit')).toMatchObject({ result: 'DOCUMENTS_PREFERRED', daysLeftToVerifyDocuments: 30 });
    expect(parseRequestDocumentTypeStatus((await list(player)).requestDocumentTypeStatus).PROOF_OF_ID).toBe('REQUESTED');

    await uploaded(await upload(player, { bytes: await jpeg(), name: 'id.jpg' }));
    expect((await check(player, 'withdrawal')).result).toBe('DOCUMENTS_UNDER_REVIEW');
    expect(await check(player, 'deposit')).toMatchObject({ result: 'SUCCESS', daysLeftToVerifyDocuments: null });

    const reviewed = await testCall('/documents/review', { email: player.email, documentType: 'PROOF_OF_ID', decision: 'accept' });
    expect(reviewed.status, await reviewed.clone().text()).toBe(200);
    expect((await check(player, 'withdrawal')).result).toBe('SUCCESS');
    const listed = await list(player);
    expect(listed.documents[0]?.documentStatus).toBe('VERIFIED');
    expect(parseRequestDocumentTypeStatus(listed.requestDocumentTypeStatus).PROOF_OF_ID).toBe('VERIFIED');
  });

  it('the deposit needs the documents once the grace period (30 days) is over', async () => {
    const start = new Date('2026-03-01T10:00:00Z');
    let now = start;
    const clocked = platform.app({ documentStorage: diskDocumentStorage(storageRoot), clock: () => now });
    const player = await walletPlayer(platform, clocked);
    await credit(clocked, player.id, '10.00');
    const request = { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ playerId: player.id, documentType: 'PROOF_OF_ADDRESS' }) };
    expect((await clocked.request('/api/test/documents/request', request)).status).toBe(200);
    const depositCheck = async () => {
      const token = await logIn(clocked, player.email);
      const response = await playerCall(clocked, token, '/deposit/check', { ipAddress: '127.0.0.1', blackbox: 'x' });
      expect(response.status, await response.clone().text()).toBe(200);
      return v.parse(depositCheckResponseSchema, await json(response));
    };
    now = new Date(start.getTime() + 29 * 86_400_000 + 60_000);
    expect(await depositCheck()).toMatchObject({ result: 'DOCUMENTS_PREFERRED', daysLeftToVerifyDocuments: 1 });
    now = new Date(start.getTime() + 30 * 86_400_000);
    expect(await depositCheck()).toMatchObject({ result: 'DOCUMENTS_REQUIRED', daysLeftToVerifyDocuments: 0 });
  });

  it('a rejection with a reason asks for the document again; FULLY VERIFIED with ID and address', async () => {
    const player = await walletPlayer(platform, app);
    const id = await uploaded(await upload(player, { bytes: await jpeg(), name: 'id.jpg' }));
    const rejected = await testCall('/documents/review', { playerId: player.id, documentId: id.documentId, decision: 'reject', reason: 'CROPPED_CORNERS' });
    expect(rejected.status).toBe(200);
    let listed = await list(player);
    expect(listed.documents[0]).toMatchObject({ documentStatus: 'REQUESTED', rejectionReason: 'CROPPED_CORNERS' });
    expect(parseRequestDocumentTypeStatus(listed.requestDocumentTypeStatus).PROOF_OF_ID).toBe('REQUESTED');

    await uploaded(await upload(player, { bytes: await jpeg(), name: 'id-again.jpg' }));
    await uploaded(await upload(player, { bytes: await png(), name: 'bill.png' }, { category: 'POA', subType: 'BANK_STATEMENT' }));
    expect((await testCall('/documents/review', { playerId: player.id, documentType: 'PROOF_OF_ID', decision: 'accept' })).status).toBe(200);
    expect((await testCall('/documents/review', { playerId: player.id, documentType: 'PROOF_OF_ADDRESS', decision: 'accept' })).status).toBe(200);
    listed = await list(player);
    expect(listed.kycStatus).toBe('FULLY VERIFIED');
    const profile = await app.request('/api/player/profile', { headers: { Authorization: `Bearer ${player.token}` } });
    if (profile.status === 200) expect(await json(profile)).toMatchObject({ kycStatus: 'FULLY VERIFIED' });
  });

  it('refuses a bad review: no reason for a rejection, an unknown reason, nothing under review', async () => {
    const player = await walletPlayer(platform, app);
    await expectError(await testCall('/documents/review', { playerId: player.id, decision: 'reject' }), 400, 'error.request.invalid');
    await expectError(await testCall('/documents/review', { playerId: player.id, decision: 'reject', reason: 'UGLY' }), 400, 'error.request.invalid');
    await expectError(await testCall('/documents/review', { playerId: player.id, decision: 'accept' }), 404, 'error.not_found');
    await expectError(await testCall('/documents/request', { playerId: player.id, documentType: 'EDD_QUESTIONNAIRE' }), 400, 'error.request.invalid');
  });
});

describe('the simulated identity-verification provider (start, its page, the signed callback)', () => {
  const start = async (player: WalletPlayer, body: unknown) =>
    app.request(`${PATH}/verification`, { method: 'POST', headers: { Authorization: `Bearer ${player.token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  /** The provider's page, then its form's answer: the callback URL it sends the browser to. */
  async function answerAtProvider(redirectUrl: string, action: 'approve' | 'reject'): Promise<string> {
    const page = await app.request(redirectUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    const session = /name="session" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const returnPath = /name="returnPath" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const answer = await app.request('/api/idverify/verify', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ session, returnPath: returnPath.replace(/&amp;/g, '&'), action }).toString(),
    });
    expect(answer.status).toBe(303);
    return answer.headers.get('location') ?? '';
  }

  it('an approval files a VERIFIED proof of ID and sends the player back; the callback works once', async () => {
    const player = await walletPlayer(platform, app);
    await testCall('/documents/request', { playerId: player.id, documentType: 'PROOF_OF_ID' });
    const started = await start(player, { category: 'ID', returnPath: '/en-UN/my-account/account/verification' });
    expect(started.status, await started.clone().text()).toBe(200);
    const { redirectUrl } = v.parse(v.object({ redirectUrl: v.string() }), await json(started));
    const callback = await answerAtProvider(redirectUrl, 'approve');
    expect(callback).toMatch(/^\/api\/player\/documents\/verification\/callback\?/);
    const back = await app.request(callback);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/en-UN/my-account/account/verification?verification=APPROVED');
    const listed = await list(player);
    expect(listed.documents[0]).toMatchObject({ documentTypeName: 'PROOF_OF_ID', documentStatus: 'VERIFIED', fileName: null });
    expect(parseRequestDocumentTypeStatus(listed.requestDocumentTypeStatus).PROOF_OF_ID).toBe('VERIFIED');
    const state = await app.request(`${PATH}/verification`, { headers: { Authorization: `Bearer ${player.token}` } });
    expect(await json(state)).toEqual({ state: 'APPROVED', category: 'ID' });
    await expectError(await app.request(callback), 409, 'error.verification.session_invalid');
  });

  it('a rejection files nothing; a forged or altered callback is refused', async () => {
    const player = await walletPlayer(platform, app);
    const { redirectUrl } = v.parse(v.object({ redirectUrl: v.string() }), await json(await start(player, { category: 'POA' })));
    const callback = await answerAtProvider(redirectUrl, 'reject');
    const forged = callback.replace('result=REJECTED', 'result=APPROVED');
    await expectError(await app.request(forged), 400, 'error.verification.session_invalid');
    const back = await app.request(callback);
    expect(back.headers.get('location')).toBe('/?verification=REJECTED');
    expect((await list(player)).documents).toEqual([]);
  });

  it('refuses a return path to another site and an unknown category', async () => {
    const player = await walletPlayer(platform, app);
    expect((await start(player, { category: 'ID', returnPath: '//evil.example/x' })).status).toBe(400);
    expect((await start(player, { category: 'SOW' })).status).toBe(400);
  });
});
