import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import type { Kysely } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import type * as v from 'valibot';
import type { registrationResponseSchema, SecondFactorMethod, SecondFactorProofParsed, SecondFactorStatus } from '../../src/api/secondFactor';
import { randomSecret, sha256Hex } from '../crypto/secrets';
import type { Database } from '../db/schema';
import { ERROR_CODES, HttpError } from '../http/errors';
import {
  approveMethod,
  deleteExpiredChallenges,
  deleteSecondFactor,
  insertChallenge,
  insertDevice,
  insertPasskey,
  isDeviceOf,
  latestChallengeOf,
  liveChallenge,
  methodUsedBefore,
  passkeysOf,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  saveUnconfirmedTotp,
  setWebauthnChallenge,
  takeChallenge,
  takeRecoveryCode,
  takeTotpStep,
  totpOf,
  updatePasskeyCounter,
  type ChallengeRow,
  type PasskeyRow,
} from '../repositories/second-factor';
import { inTransaction } from '../repositories/transaction';
import { liftEndedRestriction, loginRefusal } from './account-status';
import { createPlayerStore, normalizeEmail, type Player } from './players';
import { loginGate, recordLoginFailure, recordLoginSuccess, secondsUntil, type LoginLock, type ThrottlePolicy } from './throttle';

// The account's own second factor (issue 23 "Beyond the spec: the account's own protection"; the
// contract is src/api/secondFactor.ts). A player may turn on passkeys (WebAuthn, verified with
// @simplewebauthn/server) and an authenticator app (TOTP, otpauth: SHA-1, 6 digits, 30 s, a window
// of ±1 step, each step's code taken once); the first factor turned on hands out
// RECOVERY_CODE_COUNT single-use recovery codes, shown once and stored as SHA-256 hashes (each is
// 50 random bits, so a fast hash is enough: no password-style stretching is needed).
//
// Once on, the factor is asked:
//   - at login from a browser that is not remembered (the HttpOnly device cookie set after a right
//     second factor, DEVICE_REMEMBER_MS): the login answers 428 error.second_factor.required with a
//     challenge token (CHALLENGE_TTL_MS), never a session; POST /second_factor/login with the
//     token and a factor opens the session;
//   - before a withdrawal to a payment method the player never paid in or out with: 428 with a
//     token; a right factor for it approves the method, and the withdrawal sent again goes through.
// Wrong answers count as failed logins of the e-mail from the address (server/services/throttle.ts):
// the same GLI-19 lock and doubling delay, lifted by the e-mailed unlock link, which also remembers
// the browser that opens it (the lost-device path, server/routes/auth.ts).

/** How long a second-factor check waits for its answer. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** How long a browser stays remembered after a right second factor. */
export const DEVICE_REMEMBER_MS = 180 * 24 * 3_600_000;
export const RECOVERY_CODE_COUNT = 10;
const TOTP_PERIOD_S = 30;
const ISSUER = 'Aurora Play';

/** The relying party of a request: its origin, and the host name WebAuthn binds passkeys to. */
export interface RelyingParty {
  origin: string;
  rpID: string;
}

export interface SecondFactorDeps {
  db: Kysely<Database>;
  clock: () => Date;
  throttle: ThrottlePolicy;
  lock: LoginLock;
}

export type ChallengePurpose = 'login' | 'withdrawal' | 'manage' | 'register';

async function playerById(deps: SecondFactorDeps, playerId: number): Promise<Player> {
  const player = await createPlayerStore(deps.db, deps.clock).findById(playerId);
  if (!player) throw new HttpError(404, ERROR_CODES.notFound, 'No such player.');
  return player;
}

function totpOfSecret(secret: string, label: string): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_S, secret: Secret.fromBase32(secret) });
}

function labelOf(player: Player): string {
  return player.email ?? `player ${String(player.id)}`;
}

/** The factors the player can answer with. */
async function methodsOf(db: Kysely<Database>, playerId: number): Promise<SecondFactorMethod[]> {
  const methods: SecondFactorMethod[] = [];
  if ((await passkeysOf(db, playerId)).length > 0) methods.push('passkey');
  if ((await totpOf(db, playerId))?.confirmed === true) methods.push('totp');
  if (methods.length > 0 && (await recoveryCodesLeft(db, playerId)) > 0) methods.push('recovery');
  return methods;
}

export async function secondFactorOn(db: Kysely<Database>, playerId: number): Promise<boolean> {
  return (await methodsOf(db, playerId)).length > 0;
}

export async function secondFactorStatus(deps: SecondFactorDeps, playerId: number): Promise<SecondFactorStatus> {
  return {
    totp: (await totpOf(deps.db, playerId))?.confirmed === true,
    passkeys: (await passkeysOf(deps.db, playerId)).length,
    recoveryCodesLeft: await recoveryCodesLeft(deps.db, playerId),
  };
}

// ------------------------------------------------------------------ recovery codes

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function newRecoveryCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  // 31 letters: the modulo's bias (256 = 8 × 31 + 8) leaves more than 49 bits per code.
  return Array.from(bytes, (byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join('');
}

function recoveryHash(playerId: number, normalized: string): string {
  return sha256Hex(`${String(playerId)}:${normalized}`);
}

/** New recovery codes replace the old ones; the codes as shown (xxxxx-xxxxx). */
async function issueRecoveryCodes(db: Kysely<Database>, playerId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await replaceRecoveryCodes(db, playerId, codes.map((code) => recoveryHash(playerId, code)));
  return codes.map((code) => `${code.slice(0, 5)}-${code.slice(5)}`);
}

/** The recovery codes when the first factor turns on (none yet), else null. */
async function recoveryCodesOnFirstFactor(db: Kysely<Database>, playerId: number, wasOn: boolean): Promise<string[] | null> {
  if (wasOn && (await recoveryCodesLeft(db, playerId)) > 0) return null;
  return issueRecoveryCodes(db, playerId);
}

// ------------------------------------------------------------------ TOTP enrolment

/** POST /totp/enrol: a new secret to scan or type (an unconfirmed one is replaced); 409 when the app is on already. */
export async function enrolTotp(deps: SecondFactorDeps, playerId: number): Promise<{ secret: string; uri: string }> {
  const player = await playerById(deps, playerId);
  if ((await totpOf(deps.db, playerId))?.confirmed === true) throw new HttpError(409, ERROR_CODES.secondFactorState, 'The authenticator app is on already.');
  const secret = new Secret({ size: 20 }).base32;
  await saveUnconfirmedTotp(deps.db, playerId, secret, deps.clock());
  return { secret, uri: totpOfSecret(secret, labelOf(player)).toString() };
}

/** The step a right code belongs to (now ±1 step), or null for a wrong one. */
function totpStep(secret: string, code: string, now: Date): number | null {
  const delta = totpOfSecret(secret, '').validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_S) + delta;
}

/** POST /totp/confirm: the first right code turns the app on; the recovery codes when it is the first factor. */
export async function confirmTotp(deps: SecondFactorDeps, playerId: number, code: string, address: string | null): Promise<string[] | null> {
  const player = await playerById(deps, playerId);
  const totp = await totpOf(deps.db, playerId);
  if (!totp || totp.confirmed) throw new HttpError(409, ERROR_CODES.secondFactorState, 'There is no authenticator app waiting for its first code.');
  const now = deps.clock();
  await throttled(deps, player, address, 429, async () => {
    const step = totpStep(totp.secret, code, now);
    return step !== null && (await takeTotpStep(deps.db, playerId, step, now));
  });
  const wasOn = (await passkeysOf(deps.db, playerId)).length > 0;
  return recoveryCodesOnFirstFactor(deps.db, playerId, wasOn);
}

// ------------------------------------------------------------------ passkey registration

function knownTransports(transports: readonly string[]): AuthenticatorTransport[] {
  const known: readonly string[] = ['ble', 'hybrid', 'internal', 'nfc', 'usb'];
  return transports.filter((transport): transport is AuthenticatorTransport => known.includes(transport));
}

/** POST /passkey/options: WebAuthn creation options for this site; the challenge is kept for the answer. */
export async function passkeyRegistrationOptions(deps: SecondFactorDeps, playerId: number, rp: RelyingParty): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const player = await playerById(deps, playerId);
  const existing = await passkeysOf(deps.db, playerId);
  const options = await generateRegistrationOptions({
    rpName: ISSUER,
    rpID: rp.rpID,
    userName: labelOf(player),
    userID: new TextEncoder().encode(`player:${String(playerId)}`),
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey.id, transports: knownTransports(passkey.transports) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  const now = deps.clock();
  await deleteExpiredChallenges(deps.db, now);
  await insertChallenge(deps.db, {
    tokenHash: sha256Hex(randomSecret(32)),
    playerId,
    purpose: 'register',
    subject: null,
    webauthnChallenge: options.challenge,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
  return options;
}

/** POST /passkey/register: the authenticator's answer to the latest options; the recovery codes when it is the first factor. */
export async function registerPasskey(
  deps: SecondFactorDeps,
  playerId: number,
  response: v.InferOutput<typeof registrationResponseSchema>,
  rp: RelyingParty,
): Promise<string[] | null> {
  const now = deps.clock();
  const challenge = await latestChallengeOf(deps.db, playerId, 'register', now);
  if (!challenge?.webauthnChallenge) throw new HttpError(400, ERROR_CODES.secondFactorChallengeInvalid, 'Ask for new passkey options first.');
  const expectedChallenge = challenge.webauthnChallenge;
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) throw new HttpError(400, ERROR_CODES.secondFactorInvalid, 'The passkey could not be verified.');
  const { credential } = verification.registrationInfo;
  return inTransaction(deps.db, async (trx) => {
    if (!(await takeChallenge(trx, challenge.tokenHash, now))) throw new HttpError(400, ERROR_CODES.secondFactorChallengeInvalid, 'Ask for new passkey options first.');
    const wasOn = await secondFactorOn(trx, playerId);
    if ((await passkeysOf(trx, playerId)).some((passkey) => passkey.id === credential.id)) {
      throw new HttpError(409, ERROR_CODES.secondFactorState, 'This passkey is registered already.');
    }
    await insertPasskey(
      trx,
      playerId,
      { id: credential.id, publicKey: Buffer.from(credential.publicKey).toString('base64url'), counter: credential.counter, transports: credential.transports ?? [] },
      now,
    );
    return recoveryCodesOnFirstFactor(trx, playerId, wasOn);
  });
}

// ------------------------------------------------------------------ challenges

/** A new check of the player's factor for `purpose` (`subject`: the withdrawal's method). */
export async function openChallenge(
  deps: Pick<SecondFactorDeps, 'db' | 'clock'>,
  playerId: number,
  purpose: Exclude<ChallengePurpose, 'register'>,
  subject: string | null = null,
): Promise<{ challengeToken: string; methods: SecondFactorMethod[] }> {
  const methods = await methodsOf(deps.db, playerId);
  if (methods.length === 0) throw new HttpError(409, ERROR_CODES.secondFactorState, 'The second factor is not on.');
  const now = deps.clock();
  const challengeToken = randomSecret(32);
  await deleteExpiredChallenges(deps.db, now);
  await insertChallenge(deps.db, { tokenHash: sha256Hex(challengeToken), playerId, purpose, subject, webauthnChallenge: null, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) });
  return { challengeToken, methods };
}

function factorRequired(challenge: { challengeToken: string; methods: SecondFactorMethod[] }, message: string): HttpError {
  return new HttpError(428, ERROR_CODES.secondFactorRequired, message, undefined, { challengeToken: challenge.challengeToken, methods: challenge.methods });
}

/**
 * POST /player/login, once the password is right: a player with the factor on, from a browser that
 * is not remembered, gets 428 error.second_factor.required and a challenge token, no session.
 */
export async function requireLoginSecondFactor(deps: SecondFactorDeps, player: Player, deviceToken: string | undefined): Promise<void> {
  if (!(await secondFactorOn(deps.db, player.id))) return;
  if (deviceToken !== undefined && (await rememberedDevice(deps, player.id, deviceToken))) return;
  throw factorRequired(await openChallenge(deps, player.id, 'login'), 'Confirm the login with your second factor.');
}

/**
 * A withdrawal (server/services/cashier.ts) to a method the player never paid in or out with, by a
 * player with the factor on: 428 error.second_factor.required and a challenge token for that method.
 */
export async function requireWithdrawalSecondFactor(deps: Pick<SecondFactorDeps, 'db' | 'clock'>, playerId: number, methodId: string): Promise<void> {
  if (!(await secondFactorOn(deps.db, playerId))) return;
  if (await methodUsedBefore(deps.db, playerId, methodId)) return;
  const challenge = await openChallenge(deps, playerId, 'withdrawal', methodId);
  throw factorRequired(challenge, 'Confirm the withdrawal to a new payment method with your second factor.');
}

/** POST /challenge/passkey: WebAuthn request options for the challenge's player, kept on the challenge. */
export async function passkeyAuthenticationOptions(deps: SecondFactorDeps, challengeToken: string, rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const tokenHash = sha256Hex(challengeToken);
  const challenge = await liveChallenge(deps.db, tokenHash, deps.clock());
  if (!challenge || challenge.purpose === 'register') throw new HttpError(400, ERROR_CODES.secondFactorChallengeInvalid, 'This check is unknown, used or expired.');
  const passkeys = await passkeysOf(deps.db, challenge.playerId);
  if (passkeys.length === 0) throw new HttpError(409, ERROR_CODES.secondFactorState, 'No passkey is registered.');
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    allowCredentials: passkeys.map((passkey) => ({ id: passkey.id, transports: knownTransports(passkey.transports) })),
    userVerification: 'preferred',
  });
  await setWebauthnChallenge(deps.db, tokenHash, options.challenge);
  return options;
}

function lockedOut(until: Date, now: Date, status: 403 | 429): HttpError {
  return new HttpError(status, ERROR_CODES.loginAttemptsExceeded, 'Too many failed attempts: try again later or unlock the account from your e-mail.', undefined, {
    attemptsLeft: 0,
    retryAfterSeconds: secondsUntil(until, now),
  });
}

/** Runs a check of a factor under the login throttle of the player's e-mail and address. */
async function throttled(deps: SecondFactorDeps, player: Player, address: string | null, lockStatus: 403 | 429, check: () => Promise<boolean>): Promise<void> {
  const now = deps.clock();
  const who = { email: normalizeEmail(player.email ?? `player:${String(player.id)}`), address };
  const gate = await loginGate(deps.db, deps.throttle, deps.lock, who, now);
  if (!gate.open) throw lockedOut(gate.until, now, lockStatus);
  if (await check()) {
    await recordLoginSuccess(deps.db, who);
    return;
  }
  const failure = await recordLoginFailure(deps.db, deps.throttle, deps.lock, who, now);
  if (failure.locked) throw lockedOut(failure.until, now, lockStatus);
  throw new HttpError(400, ERROR_CODES.secondFactorInvalid, 'That answer is not right, or was used already.', undefined, { attemptsLeft: failure.attemptsLeft });
}

async function passkeyAnswerIsRight(deps: SecondFactorDeps, challenge: ChallengeRow, proof: Extract<SecondFactorProofParsed, { method: 'passkey' }>, rp: RelyingParty): Promise<boolean> {
  if (challenge.webauthnChallenge === null) return false;
  const passkey: PasskeyRow | undefined = (await passkeysOf(deps.db, challenge.playerId)).find((row) => row.id === proof.response.id);
  if (!passkey) return false;
  const expectedChallenge = challenge.webauthnChallenge;
  const verification = await verifyAuthenticationResponse({
    response: proof.response,
    expectedChallenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    credential: { id: passkey.id, publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')), counter: passkey.counter, transports: knownTransports(passkey.transports) },
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) return false;
  await updatePasskeyCounter(deps.db, challenge.playerId, passkey.id, verification.authenticationInfo.newCounter, deps.clock());
  return true;
}

/** Whether the proof answers its challenge (the factor is checked, the code or the step is used). */
async function proofIsRight(deps: SecondFactorDeps, player: Player, challenge: ChallengeRow, proof: SecondFactorProofParsed, rp: RelyingParty): Promise<boolean> {
  const now = deps.clock();
  switch (proof.method) {
    case 'totp': {
      const totp = await totpOf(deps.db, player.id);
      if (!totp?.confirmed) return false;
      const step = totpStep(totp.secret, proof.code, now);
      return step !== null && takeTotpStep(deps.db, player.id, step, now);
    }
    case 'recovery':
      return takeRecoveryCode(deps.db, player.id, recoveryHash(player.id, proof.code), now);
    case 'passkey':
      return passkeyAnswerIsRight(deps, challenge, proof, rp);
  }
}

/**
 * Checks a proof for a challenge of one of `purposes` (of `playerId` when logged in), under the
 * throttle, and uses the challenge: its row (the player and the subject).
 */
async function answerChallenge(
  deps: SecondFactorDeps,
  proof: SecondFactorProofParsed,
  rp: RelyingParty,
  expected: { purposes: readonly ChallengePurpose[]; playerId?: number; address: string | null; lockStatus: 403 | 429 },
): Promise<{ player: Player; challenge: ChallengeRow }> {
  const now = deps.clock();
  const tokenHash = sha256Hex(proof.challengeToken);
  const challenge = await liveChallenge(deps.db, tokenHash, now);
  if (!challenge || !expected.purposes.includes(challenge.purpose as ChallengePurpose) || (expected.playerId !== undefined && challenge.playerId !== expected.playerId)) {
    throw new HttpError(400, ERROR_CODES.secondFactorChallengeInvalid, 'This check is unknown, used or expired.');
  }
  const player = await playerById(deps, challenge.playerId);
  await throttled(deps, player, expected.address, expected.lockStatus, () => proofIsRight(deps, player, challenge, proof, rp));
  if (!(await takeChallenge(deps.db, tokenHash, now))) throw new HttpError(400, ERROR_CODES.secondFactorChallengeInvalid, 'This check is unknown, used or expired.');
  return { player, challenge };
}

/**
 * POST /second_factor/login: a right factor for a login challenge; the player, who may log in (the
 * account's status is checked again), and a new device token to remember the browser by.
 */
export async function logInWithSecondFactor(
  deps: SecondFactorDeps,
  proof: SecondFactorProofParsed,
  rp: RelyingParty,
  address: string | null,
): Promise<{ player: Player; deviceToken: string }> {
  const { player: found } = await answerChallenge(deps, proof, rp, { purposes: ['login'], address, lockStatus: 403 });
  const now = deps.clock();
  const player = await liftEndedRestriction(deps.db, found, now);
  const refusal = loginRefusal(player, now);
  if (refusal) throw refusal;
  return { player, deviceToken: await rememberDevice(deps, player.id) };
}

/** POST /second_factor/challenge: a check of the logged-in player's factor before a change of it. */
export function openManageChallenge(deps: SecondFactorDeps, playerId: number): Promise<{ challengeToken: string; methods: SecondFactorMethod[] }> {
  return openChallenge(deps, playerId, 'manage');
}

/** POST /second_factor/verify: a right factor for a withdrawal challenge approves its payment method. */
export async function verifyWithdrawalChallenge(deps: SecondFactorDeps, playerId: number, proof: SecondFactorProofParsed, rp: RelyingParty, address: string | null): Promise<void> {
  const { challenge } = await answerChallenge(deps, proof, rp, { purposes: ['withdrawal'], playerId, address, lockStatus: 429 });
  if (challenge.subject !== null) await approveMethod(deps.db, playerId, challenge.subject, deps.clock());
}

/** POST /second_factor/disable: a right factor turns every factor off (and forgets devices and codes). */
export async function disableSecondFactor(deps: SecondFactorDeps, playerId: number, proof: SecondFactorProofParsed, rp: RelyingParty, address: string | null): Promise<void> {
  await answerChallenge(deps, proof, rp, { purposes: ['manage'], playerId, address, lockStatus: 429 });
  await deleteSecondFactor(deps.db, playerId);
}

/** POST /second_factor/recovery_codes: a right factor replaces the recovery codes; the new ones, shown once. */
export async function renewRecoveryCodes(deps: SecondFactorDeps, playerId: number, proof: SecondFactorProofParsed, rp: RelyingParty, address: string | null): Promise<string[]> {
  await answerChallenge(deps, proof, rp, { purposes: ['manage'], playerId, address, lockStatus: 429 });
  return issueRecoveryCodes(deps.db, playerId);
}

// ------------------------------------------------------------------ remembered devices

/** A new device token for the player's browser (the HttpOnly cookie's value). */
export async function rememberDevice(deps: Pick<SecondFactorDeps, 'db' | 'clock'>, playerId: number): Promise<string> {
  const token = randomSecret(32);
  await insertDevice(deps.db, sha256Hex(token), playerId, deps.clock());
  return token;
}

async function rememberedDevice(deps: SecondFactorDeps, playerId: number, token: string): Promise<boolean> {
  if (token.length === 0 || token.length > 128) return false;
  return isDeviceOf(deps.db, sha256Hex(token), playerId, new Date(deps.clock().getTime() - DEVICE_REMEMBER_MS));
}
