import type { CloseAccountResponse } from '../../src/api/account';
import { ERROR_CODES, HttpError } from '../http/errors';
import { FIELD_CODES, validationError } from '../http/validation';
import { inTransaction } from '../repositories/transaction';
import { liftEndedRestriction } from './account-status';
import { currentPlayer } from './account';
import { withdrawWholeBalance } from './cashier';
import { lockWallet } from './ledger';
import { checkOldPassword, type LoginDeps } from './login';
import { createPlayerStore } from './players';
import { revokePlayerSessions } from './sessions';
import { readWallet } from './wallet';

// The player closes their own account (issue 23 "Account closure"; product.md §2 /closed-account,
// §3 "Player account status" CLOSED; behaviour.md §8 "Login" code:error.account.closed).
//
// As a regulated operator asks it: the password of the account (counted like login attempts, as the
// old password of a password change is), or for an account without one (pay and play: the bank
// identified the player) the explicit confirmation alone. Then, in one transaction with the wallet
// locked (a bet waiting for it sees the closure): the status becomes CLOSED, the MAIN balance goes
// back to the player as a pending withdrawal exactly as a self-exclusion returns it
// (server/services/cashier.ts withdrawWholeBalance, server/services/breaks.ts), and every session of
// the player ends. A closed account cannot log in (server/services/account-status.ts loginRefusal)
// and has no access (accessDetailsFor: CLOSED).

const sessionExpired = () => new HttpError(401, ERROR_CODES.sessionExpired, 'Your session has ended. Please log in again.');

export async function closeAccount(
  deps: LoginDeps,
  request: { playerId: number; password: string | undefined; address: string | null },
): Promise<CloseAccountResponse> {
  const player = await currentPlayer(deps, request.playerId);
  if (player.password_hash !== null) {
    if (request.password === undefined || request.password === '') throw validationError([{ field: 'password', code: FIELD_CODES.required }]);
    await checkOldPassword(deps, player, request.password, request.address);
  }
  const now = deps.clock();
  return inTransaction(deps.db, async (trx) => {
    const wallet = await lockWallet(trx, player.id);
    const store = createPlayerStore(trx, deps.clock);
    const found = await store.findByIdForUpdate(player.id);
    if (!found) throw sessionExpired();
    const current = await liftEndedRestriction(trx, found, now);
    const closed = (await store.update(player.id, { status: 'CLOSED' })) ?? current;
    const before = wallet ? await readWallet(trx, player.id) : null;
    const payout = wallet ? await withdrawWholeBalance(trx, wallet, closed, now) : null;
    await revokePlayerSessions(trx, player.id, now);
    return {
      status: 'CLOSED',
      payout: payout && before ? { amount: before.balanceMap.MAIN.cash, currency: before.currency, referenceId: payout.referenceId } : null,
    };
  });
}
