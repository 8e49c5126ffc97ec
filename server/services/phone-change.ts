import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { codeTarget, requestCode, verifyCode } from './codes';
import { createPlayerStore } from './players';
import { checkPhoneWithProvider } from '../domain/vonage';
import type { ThrottlePolicy } from './throttle';

// Phone change's rules (behaviour.md §4 "Phone change", §5 "A phone change requires an SMS code"): a
// code to the NEW number, counted per player (whatever number is asked for) and per number and
// address (issue 9); the number is saved when its code is right.

export interface PhoneChangeDeps {
  db: Kysely<Database>;
  clock: () => Date;
}

export async function requestPhoneChange(
  deps: PhoneChangeDeps,
  playerId: number,
  phone: { phonePrefix: string; phoneBody: string },
  sender: { policy: ThrottlePolicy; address: string | null },
): Promise<{ smsVerificationId: string }> {
  checkPhoneWithProvider(phone.phoneBody);
  // The SMS is written in the logged-in player's language.
  const player = await createPlayerStore(deps.db, deps.clock).findById(playerId);
  const { id } = await requestCode(deps.db, {
    purpose: 'phone_change',
    target: codeTarget('player', playerId),
    playerId,
    delivery: { channel: 'SMS', destination: `${phone.phonePrefix}${phone.phoneBody}`, language: player?.language_code ?? null },
    phone: { prefix: phone.phonePrefix, body: phone.phoneBody },
    now: deps.clock(),
    sender,
  });
  return { smsVerificationId: id };
}

export async function confirmPhoneChange(deps: PhoneChangeDeps, playerId: number, request: { smsVerificationId: string; code: string }): Promise<void> {
  const row = await verifyCode(deps.db, {
    purpose: 'phone_change',
    locator: { id: request.smsVerificationId },
    playerId,
    code: request.code,
    now: deps.clock(),
  });
  await createPlayerStore(deps.db, deps.clock).update(playerId, { phone_prefix: row.phone_prefix, phone_body: row.phone_body });
}
