import type { Kysely } from 'kysely';
import { REGISTER_NAMES, REGISTER_OF_MARKET, type SelfExclusionRegister } from '../../machines/lib/selfExclusionRegisters';
import { marketOfCountry } from '../../machines/lib/wallet';
import type { Database } from '../db/schema';
import { ERROR_CODES, HttpError } from '../http/errors';
import { redactError } from '../http/redact';
import type { SelfExclusionRegisterProvider } from '../providers/types';
import { insertRegisterCheck } from '../repositories/register-checks';

// Issue 23 "Beyond the spec": the national self-exclusion registers. A licence in Sweden (Spelpaus,
// market PP), Germany (OASIS, JJ) or Great Britain (GAMSTOP, GG) requires asking the register
// before a person may play: at sign-up, when the bank identifies a pay-and-play person, and at
// every login. The market is the one of the player's country (marketOfCountry; at sign-up also the
// visitor's, when the platform knows where the request comes from). Every answer is written down
// for the operator (server/repositories/register-checks.ts); a listed person is refused with 403
// code:error.self_exclusion.register.listed:register:<REGISTER>, and a register that cannot be
// asked refuses too (fail closed: a regulated operator may not let someone play unchecked), 503
// code:error.self_exclusion.register.unavailable:register:<REGISTER> with Retry-After. Nothing is
// created or opened before the check passes.

export type RegisterOccasion = 'SIGNUP' | 'PAY_AND_PLAY' | 'LOGIN';

/** When the player may try again after a register could not be asked (the Retry-After header). */
export const REGISTER_RETRY_AFTER_SECONDS = 60;

export interface RegisterCheckDeps {
  db: Kysely<Database>;
  clock: () => Date;
  registers: SelfExclusionRegisterProvider;
}

/** Whom the register is asked about: what the platform knows of the person at this point. */
export interface RegisterSubject {
  /** The player, when one exists already (not at sign-up, nor for a new pay-and-play person). */
  playerId: number | null;
  email: string | null;
  personid: string | null;
  firstName: string | null;
  lastName: string | null;
  /** The player's country (the country of residence at sign-up, the bank's at pay and play). */
  countryCode: string;
}

/** The registers that apply to these countries (each once, in the order given); none outside PP, JJ and GG. */
export function registersFor(countries: readonly (string | null)[]): SelfExclusionRegister[] {
  const registers: SelfExclusionRegister[] = [];
  for (const country of countries) {
    if (country === null) continue;
    const register = REGISTER_OF_MARKET[marketOfCountry(country)];
    if (register !== undefined && !registers.includes(register)) registers.push(register);
  }
  return registers;
}

function listedRefusal(register: SelfExclusionRegister): HttpError {
  return new HttpError(
    403,
    `${ERROR_CODES.registerListed}:register:${register}`,
    `You are registered in ${REGISTER_NAMES[register]}, the national self-exclusion register: we cannot let you play while you are.`,
  );
}

function unavailableRefusal(register: SelfExclusionRegister): HttpError {
  return new HttpError(
    503,
    `${ERROR_CODES.registerUnavailable}:register:${register}`,
    `${REGISTER_NAMES[register]}, the national self-exclusion register, cannot be checked right now. Please try again in a few minutes.`,
    undefined,
    { retryAfterSeconds: REGISTER_RETRY_AFTER_SECONDS },
  );
}

/**
 * Asks every register that applies to `countries` (the subject's own by default) about the subject,
 * writes each answer down, and throws the refusal of the first that lists the subject or cannot be
 * asked. Call it outside a transaction (PGlite has one connection) and before anything is created.
 */
export async function screenWithRegisters(
  deps: RegisterCheckDeps,
  occasion: RegisterOccasion,
  subject: RegisterSubject,
  countries: readonly (string | null)[] = [subject.countryCode],
): Promise<void> {
  for (const register of registersFor(countries)) {
    const logged = {
      occasion,
      register,
      player_id: subject.playerId,
      email: subject.email,
      personid: subject.personid,
      country_code: subject.countryCode,
    };
    let answer: { listed: boolean; reference: string };
    try {
      answer = await deps.registers.check({
        register,
        person: {
          email: subject.email,
          personid: subject.personid,
          firstName: subject.firstName,
          lastName: subject.lastName,
          countryCode: subject.countryCode,
        },
      });
    } catch (error) {
      console.warn(`The ${REGISTER_NAMES[register]} register could not be asked (${occasion}): refused, fail closed.`, redactError(error));
      await insertRegisterCheck(deps.db, { ...logged, checked_at: deps.clock(), outcome: 'UNAVAILABLE', provider_reference: null });
      throw unavailableRefusal(register);
    }
    await insertRegisterCheck(deps.db, {
      ...logged,
      checked_at: deps.clock(),
      outcome: answer.listed ? 'LISTED' : 'NOT_LISTED',
      provider_reference: answer.reference,
    });
    if (answer.listed) throw listedRefusal(register);
  }
}

/** A player as the registers are asked about them. */
export function registerSubjectOf(player: {
  id: number;
  email: string | null;
  personid: string | null;
  first_name: string | null;
  last_name: string | null;
  country_code: string;
}): RegisterSubject {
  return {
    playerId: player.id,
    email: player.email,
    personid: player.personid,
    firstName: player.first_name,
    lastName: player.last_name,
    countryCode: player.country_code,
  };
}
