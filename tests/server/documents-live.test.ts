import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletMessageSchema } from '../../src/api/wallet';
import * as v from 'valibot';
import { parseRequestDocumentTypeStatus } from '../../machines/lib/kyc';
import { startTestPlatform, type TestPlatform } from './helpers/platform';
import { connect, liveToken, liveUrl, logIn, newPlayer, startLiveServer, type LiveServer } from './helpers/wallet-live';

// Issue 23 "The change reaches the player's open pages without a reload": the operator's request,
// an upload and the review each send the player's live sockets a PLAYER_ATTRIBUTE_CHANGE
// (behaviour.md §7 "Wallet live connection") with the new KYC level and requestDocumentTypeStatus;
// another player's sockets hear nothing.

let platform: TestPlatform;
let server: LiveServer;

beforeAll(async () => {
  platform = await startTestPlatform();
  server = await startLiveServer(platform);
});
afterAll(async () => {
  await server.stop();
  await platform.close();
});

const isAttributeChange = (text: string) => text.includes('"PLAYER_ATTRIBUTE_CHANGE"');

function attributesOf(text: string): Record<string, unknown> {
  const message = v.parse(walletMessageSchema, JSON.parse(text));
  if (message.type !== 'PLAYER_ATTRIBUTE_CHANGE') throw new Error(`not an attribute change: ${text}`);
  return message.attributes;
}

async function testCall(path: string, body: unknown): Promise<Response> {
  return fetch(`${server.base}/api/test${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

describe('PLAYER_ATTRIBUTE_CHANGE on the wallet socket', () => {
  it('tells the player of a request, an upload and the review, and no one else', async () => {
    const player = await newPlayer(platform);
    const other = await newPlayer(platform);
    const idToken = await logIn(server.base, player.email);
    const client = connect(liveUrl(server.base, await liveToken(server.base, idToken)));
    const stranger = connect(liveUrl(server.base, await liveToken(server.base, await logIn(server.base, other.email))));
    await Promise.all([client.opened, stranger.opened]);

    expect((await testCall('/documents/request', { playerId: player.id, documentType: 'PROOF_OF_ID' })).status).toBe(200);
    const requested = attributesOf(await client.nextText(isAttributeChange));
    expect(requested.kycStatus).toBe('NOT_VERIFIED');
    expect(parseRequestDocumentTypeStatus(String(requested.requestDocumentTypeStatus)).PROOF_OF_ID).toBe('REQUESTED');

    const form = new FormData();
    form.append('category', 'ID');
    form.append('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'))], { type: 'application/pdf' }), 'id.pdf');
    const uploaded = await fetch(`${server.base}/api/player/documents`, { method: 'POST', headers: { Authorization: `Bearer ${idToken}` }, body: form });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    await client.nextText((text) => isAttributeChange(text) && text.includes('PROOF_OF_ID:UNDER_REVIEW'));

    expect((await testCall('/documents/review', { playerId: player.id, documentType: 'PROOF_OF_ID', decision: 'accept' })).status).toBe(200);
    const reviewed = attributesOf(await client.nextText((text) => isAttributeChange(text) && text.includes('PROOF_OF_ID:VERIFIED')));
    expect(parseRequestDocumentTypeStatus(String(reviewed.requestDocumentTypeStatus)).PROOF_OF_ID).toBe('VERIFIED');

    await stranger.roundTrip();
    expect(stranger.texts.filter(isAttributeChange)).toEqual([]);
    client.close();
    stranger.close();
  });

  it('over HTTP, a form past the cap (as a browser sends it, with its length) is refused with 413 and nothing is stored', async () => {
    const player = await newPlayer(platform);
    const idToken = await logIn(server.base, player.email);
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const form = new FormData();
    form.append('category', 'OTHER');
    form.append('file', new Blob([big], { type: 'image/jpeg' }), 'big.jpg');
    const declared = await fetch(`${server.base}/api/player/documents`, { method: 'POST', headers: { Authorization: `Bearer ${idToken}` }, body: form });
    expect(declared.status, await declared.clone().text()).toBe(413);
    const list = await fetch(`${server.base}/api/player/documents`, { headers: { Authorization: `Bearer ${idToken}` } });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { documents: unknown[] }).documents).toEqual([]);
  });
});
