import { secondFactorApi, type SecondFactorProof } from '../../api/secondFactor';

// The browser's side of the second factor (issue 23): the WebAuthn prompts through
// @simplewebauthn/browser, loaded only when a passkey is used or registered (it must not enter the
// home page's JavaScript: `npm run size`), and the proofs the platform checks.

type Browser = typeof import('@simplewebauthn/browser');
let browser: Promise<Browser> | undefined;
function webauthn(): Promise<Browser> {
  browser ??= import('@simplewebauthn/browser');
  return browser;
}

type RequestOptions = Parameters<Browser['startAuthentication']>[0]['optionsJSON'];
type CreationOptions = Parameters<Browser['startRegistration']>[0]['optionsJSON'];

function isRequestOptions(options: Record<string, unknown>): options is RequestOptions & Record<string, unknown> {
  return typeof options.challenge === 'string';
}
function isCreationOptions(options: Record<string, unknown>): options is CreationOptions & Record<string, unknown> {
  return typeof options.challenge === 'string' && typeof options.rp === 'object' && typeof options.user === 'object';
}

/** An answer of the player (a typed code, or "use my passkey") made into the proof the platform checks. */
export type FactorAnswer = { challengeToken: string; method: 'totp' | 'recovery'; code: string } | { challengeToken: string; method: 'passkey' };

export async function proofOf(answer: FactorAnswer, signal?: AbortSignal): Promise<SecondFactorProof> {
  if (answer.method !== 'passkey') return answer;
  const options = await secondFactorApi.passkeyAuthenticationOptions(answer.challengeToken, signal);
  if (!isRequestOptions(options)) throw new Error('The platform sent passkey options the browser cannot use.');
  const { startAuthentication } = await webauthn();
  const answered = await startAuthentication({ optionsJSON: options });
  // The fields the platform checks (src/api/secondFactor.ts authenticationResponseSchema); extensions are not used.
  const { clientDataJSON, authenticatorData, signature, userHandle } = answered.response;
  const response = {
    id: answered.id,
    rawId: answered.rawId,
    response: { clientDataJSON, authenticatorData, signature, ...(userHandle === undefined ? {} : { userHandle }) },
    clientExtensionResults: {},
    type: 'public-key' as const,
  };
  return { challengeToken: answer.challengeToken, method: 'passkey', response };
}

/** The login's factor step: the proof, then the session the platform opens. */
export async function logInWithFactor(answer: FactorAnswer, signal?: AbortSignal): Promise<string> {
  const { idToken } = await secondFactorApi.login(await proofOf(answer, signal), signal);
  return idToken;
}

/** Registers a passkey of this device: the recovery codes when it is the first factor, else null. */
export async function registerPasskey(signal?: AbortSignal): Promise<string[] | null> {
  const options = await secondFactorApi.passkeyRegistrationOptions(signal);
  if (!isCreationOptions(options)) throw new Error('The platform sent passkey options the browser cannot use.');
  const { startRegistration } = await webauthn();
  const response = await startRegistration({ optionsJSON: options });
  return secondFactorApi.registerPasskey(response, signal);
}
