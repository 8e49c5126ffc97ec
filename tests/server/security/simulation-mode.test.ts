import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../../server/config';
import { REDACTED_BODY, setMessageSender, SIMULATED_MESSAGE_SENDER, type OutgoingMessage } from '../../../server/services/messages';
import { ProviderConfigError, type PlatformProviders } from '../../../server/providers';
import { CAPTCHA, postJson, registrationBody } from '../helpers/identity';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';

// Issue 9, "Simulation is a mode": the simulated bank identity, captcha, SMS outbox and PSP let
// anyone identify as anyone. They must be a mode (PLATFORM_MODE=simulation, the default, said in
// the log and on the page), and production mode must refuse to start without real providers.

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(async () => {
  setMessageSender(SIMULATED_MESSAGE_SENDER);
  await platform.close();
});

// A started server's limit bounds a hang, and the tests' limits sit above it: a start (tsx, PGlite's
// initdb, the migrations) took over 20 s beside the browser tests on this machine class.
const START_LIMIT_MS = 60_000;
const TEST_LIMIT_MS = 90_000;

/** Runs server/main.ts with this environment until it exits, prints `until` or `ms` pass; its output and exit code. */
function runServer(env: Record<string, string>, ms: number, until = /Platform on http/): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PLATFORM_TEST_MODE: '', SEED_TEST_PLAYERS: '', HOST: '127.0.0.1', PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const read = (chunk: Buffer): void => {
      output += chunk.toString();
      if (until.test(output)) child.kill('SIGTERM');
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** Stand-ins for real providers: not simulated, and the sender records what it was handed. */
function realishProviders(sent: OutgoingMessage[]): PlatformProviders {
  return {
    bankIdentification: { name: 'test bank', simulated: false, authorizeUrl: (id) => `https://bank.example/authorize?s=${id}` },
    captcha: { name: 'test captcha', simulated: false, verify: (token) => Promise.resolve(token === 'real-token') },
    messages: { name: 'test sender', simulated: false, send: (message) => (sent.push(message), Promise.resolve()) },
    payments: {
      name: 'test psp',
      simulated: false,
      confirmDeposit: ({ reference }) => Promise.resolve({ providerReference: reference }),
      refundDeposit: () => Promise.resolve(),
      startPayment: ({ reference }) => Promise.resolve({ redirectUrl: `https://psp.example/pay?r=${reference}` }),
      paymentStatus: () => Promise.resolve('pending'),
    },
    games: {
      name: 'test game provider',
      simulated: false,
      frameSource: 'https://games.example',
      walletProvider: 'games-example',
      originFor: () => 'https://games.example',
      launchUrl: () => Promise.resolve('https://games.example/play/launch'),
    },
    selfExclusionRegisters: { name: 'test registers', simulated: false, check: () => Promise.resolve({ listed: false, reference: 'test-register-1' }) },
  };
}

describe('the platform mode', () => {
  it('is simulation unless PLATFORM_MODE says production, and nothing else', () => {
    expect(readConfig({}).mode).toBe('simulation');
    expect(readConfig({ PLATFORM_MODE: 'production' }).mode).toBe('production');
    expect(() => readConfig({ PLATFORM_MODE: 'prod' })).toThrow(/PLATFORM_MODE/);
    expect(() => readConfig({ PLATFORM_MODE: 'production', PLATFORM_TEST_MODE: '1' })).toThrow(/PLATFORM_TEST_MODE/);
  });

  it('production mode: the server refuses to start without real providers and prints why', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'prod-refusal-'));
    try {
      const { code, output } = await runServer({ PLATFORM_MODE: 'production', DATA_DIR: dataDir }, START_LIMIT_MS);
      expect(code, output).toBe(1);
      expect(output).toMatch(/refusing to start/);
      for (const variable of ['BANK_ID_PROVIDER', 'CAPTCHA_PROVIDER', 'MESSAGE_PROVIDER', 'PAYMENT_PROVIDER', 'GAME_PROVIDER']) expect(output).toContain(variable);
      expect(output).not.toMatch(/Platform on http/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, TEST_LIMIT_MS);

  it('production mode: an unknown provider name is refused too', async () => {
    const { code, output } = await runServer({ PLATFORM_MODE: 'production', BANK_ID_PROVIDER: 'simulated' }, START_LIMIT_MS);
    expect(code, output).toBe(1);
    expect(output).toContain('BANK_ID_PROVIDER="simulated" is not a known bank identification');
  }, TEST_LIMIT_MS);

  it('production mode in-process: no app without every real provider', () => {
    expect(() => platform.app({ mode: 'production', testMode: false })).toThrow(ProviderConfigError);
    const sent: OutgoingMessage[] = [];
    const providers = realishProviders(sent);
    const others: Partial<PlatformProviders> = { ...providers };
    delete others.bankIdentification;
    expect(() => platform.app({ mode: 'production', testMode: false, providers: others })).toThrow(/bank identification/);
    expect(() => platform.app({ mode: 'production', testMode: true, providers })).toThrow(/test mode/i);
  });

  it('production mode: the simulated bank page and captcha solver are gone, and codes are not kept in clear', async () => {
    const sent: OutgoingMessage[] = [];
    const app = platform.app({ mode: 'production', testMode: false, providers: realishProviders(sent) });
    expect((await postJson(app, '/api/captcha/solve', {})).status).toBe(404);
    expect((await app.request('/api/bankid/authorize?session=x')).status).toBe(404);
    expect((await app.request('/api/test/codes/last?to=x@example.com')).status).toBe(404);
    // The simulation's well-known captcha answer no longer registers anyone.
    expect((await postJson(app, '/api/player/registration', registrationBody(), CAPTCHA)).status).toBe(403);

    const body = registrationBody();
    const created = await postJson(app, '/api/player/registration', body, { hcaptchaToken: 'real-token' });
    expect(created.status, await created.clone().text()).toBe(201);
    const { playerId, token } = (await created.json()) as { playerId: number; token: string };
    expect((await postJson(app, '/api/player/registration/sms_request', { playerId, token })).status).toBe(200);
    expect(sent.length).toBeGreaterThan(0);
    const rows = await platform.database.db.selectFrom('sent_messages').select(['body', 'code']).where('destination', '=', body.mobilePhone).execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toEqual({ body: REDACTED_BODY, code: null });
    setMessageSender(SIMULATED_MESSAGE_SENDER);
  });

  it('simulation mode says so on the page (a meta the banner reads)', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'sim-dist-'));
    try {
      await writeFile(join(dist, 'index.html'), '<!doctype html><html><head><title>t</title></head><body></body></html>');
      // '/' redirects to the default language and market (issue 10): the page is /en-UN.
      const html = await (await platform.app({ staticDir: dist }).request('/en-UN')).text();
      expect(html).toContain('<meta name="platform-mode" content="simulation">');
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
  });

  it('simulation mode says so in the log', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sim-log-'));
    try {
      const { output } = await runServer({ DATA_DIR: dataDir, STATIC_DIR: dataDir }, START_LIMIT_MS);
      expect(output).toMatch(/SIMULATION MODE/);
      expect(output).toMatch(/simulation mode/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, TEST_LIMIT_MS);
});
