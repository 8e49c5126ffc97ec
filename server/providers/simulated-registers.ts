import type { SelfExclusionRegister } from '../../machines/lib/selfExclusionRegisters';
import { randomSecret } from '../crypto/secrets';
import type { RegisterQuery, SelfExclusionRegisterProvider } from './types';

// The simulated national self-exclusion registers (PLATFORM_MODE=simulation; issue 23): Spelpaus,
// OASIS and GAMSTOP answer from a rule, so that QA and the tests can meet each answer on purpose.
//   listed       an e-mail whose local part ends in `+listed` (the seeded spelpaus+listed@example.com,
//                oasis+listed@example.com and gamstop+listed@example.com, server/services/seed-players.ts,
//                or any new sign-up such as anna+listed@example.com), or a bank personal identity
//                code ending in 9999 (pay and play: 010190-9999)
//   unreachable  an e-mail whose local part ends in `+register-down`, or every question to a register
//                named in `unreachable` (the tests' failure mode): the question rejects, as a
//                register that is down or times out would
//   not listed   everyone else
// Each answer carries a reference of its own, as a real register's does. A real register is
// another adapter of server/providers/types.ts SelfExclusionRegisterProvider (production refuses
// to start without one: server/providers/index.ts).

export const LISTED_EMAIL_SUFFIX = '+listed';
export const UNREACHABLE_EMAIL_SUFFIX = '+register-down';
export const LISTED_PERSONID_SUFFIX = '9999';

/** The register could not be asked (the simulation's outage; a real adapter rejects with its own errors). */
export class RegisterUnreachableError extends Error {
  constructor(register: SelfExclusionRegister) {
    super(`The simulated ${register} register is unreachable.`);
    this.name = 'RegisterUnreachableError';
  }
}

function localPartEndsWith(email: string | null, suffix: string): boolean {
  const at = email?.lastIndexOf('@') ?? -1;
  return email !== null && at > 0 && email.slice(0, at).toLowerCase().endsWith(suffix);
}

/** Is this person on the simulated register? (The same rule for the three registers.) */
export function simulatedListed(person: RegisterQuery['person']): boolean {
  return localPartEndsWith(person.email, LISTED_EMAIL_SUFFIX) || (person.personid?.endsWith(LISTED_PERSONID_SUFFIX) ?? false);
}

export interface SimulatedRegistersOptions {
  /** The registers that are down (every question rejects): the fail-closed path's tests. */
  unreachable?: readonly SelfExclusionRegister[] | undefined;
}

export function simulatedSelfExclusionRegisters(options: SimulatedRegistersOptions = {}): SelfExclusionRegisterProvider {
  const down = new Set(options.unreachable ?? []);
  return {
    name: 'simulated self-exclusion registers (an e-mail ending in +listed, or a personal identity code ending in 9999, is listed)',
    simulated: true,
    check: ({ register, person }) => {
      if (down.has(register) || localPartEndsWith(person.email, UNREACHABLE_EMAIL_SUFFIX)) {
        return Promise.reject(new RegisterUnreachableError(register));
      }
      return Promise.resolve({ listed: simulatedListed(person), reference: `sim-${register.toLowerCase()}-${randomSecret(9)}` });
    },
  };
}
