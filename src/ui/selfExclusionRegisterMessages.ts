import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { REGISTER_NAMES, type SelfExclusionRegister } from '../../machines/lib/selfExclusionRegisters';

// The texts of a national self-exclusion register's answer (issue 23), one copy for the login,
// sign-up and pay-and-play error tables: which register lists the player and how to leave it, or
// that it could not be asked (the platform refuses for now: fail closed).

/** Issue 23: a national self-exclusion register lists the player: which one, and how to leave it. */
export function registerListedMessage(register: SelfExclusionRegister | undefined): MessageDescriptor {
  switch (register) {
    case 'SPELPAUS':
      return msg({
        id: 'selfExclusion.register.listed.spelpaus',
        message:
          'You are registered in Spelpaus, the Swedish self-exclusion register, so you cannot play with us. Your exclusion lasts at least the period you chose; once it has passed, you can end it at spelpaus.se.',
      });
    case 'OASIS':
      return msg({
        id: 'selfExclusion.register.listed.oasis',
        message:
          'You are registered in OASIS, the German gambling exclusion register, so you cannot play with us. An exclusion lasts at least 3 months; after that, you can have it lifted by a written request to us or to the Regierungspräsidium Darmstadt, which runs OASIS.',
      });
    case 'GAMSTOP':
      return msg({
        id: 'selfExclusion.register.listed.gamstop',
        message:
          'You are registered with GAMSTOP, the UK self-exclusion scheme, so you cannot play with us. Your exclusion lasts the period you chose (6 months, 1 year or 5 years); once it has ended, ask GAMSTOP at gamstop.co.uk to remove you.',
      });
    case undefined:
      return msg({ id: 'selfExclusion.register.listed', message: 'You are registered in a national self-exclusion register, so you cannot play with us.' });
  }
}

/** Issue 23: the register could not be asked, so the platform refused for now (fail closed). */
export function registerUnavailableMessage(register: SelfExclusionRegister | undefined): MessageDescriptor {
  if (register === undefined) {
    return msg({
      id: 'selfExclusion.register.unavailable.generic',
      message: 'We could not check the national self-exclusion register just now, so we cannot let you in yet. Please try again in a few minutes.',
    });
  }
  const name = REGISTER_NAMES[register];
  return msg({
    id: 'selfExclusion.register.unavailable',
    message: `We could not check ${name}, the national self-exclusion register, just now, so we cannot let you in yet. Please try again in a few minutes.`,
  });
}
