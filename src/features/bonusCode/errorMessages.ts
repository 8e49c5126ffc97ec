import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { BonusCodeError, BonusCodeProblem } from '../../../machines/bonusCode.machine';
import { BONUS_ERROR_CODES, bonusCodeErrorShownByCode } from '../../../machines/lib/bonuses';
import { commonFieldErrors, commonFlowErrors } from '../../ui/commonErrors';
import { VALIDATION_CODES } from '../../../machines/lib/signupForm';

// The bonus code page's errors, one table (behaviour.md §8 "Bonus": bonus-code errors containing
// bonus_code or error.invalid.site.id are shown by code, others by message). "By code": each such
// code has its own text, and one of them the table does not know gets the bonus code's own general
// text. "By message": the refusal is worded by what it means for the player (an active bonus, no
// bonuses now, not eligible), else the common message; the platform's English message is never
// shown on a translated page (docs/SPEC-READINGS.md).

const SHOWN_BY_CODE: Readonly<Record<string, MessageDescriptor>> = {
  [BONUS_ERROR_CODES.bonusCodeInvalid]: msg({ id: 'bonusCode.error.invalid', message: 'This bonus code is not valid. Check it and try again.' }),
  [BONUS_ERROR_CODES.bonusCodeUsed]: msg({ id: 'bonusCode.error.used', message: 'You have already used this bonus code.' }),
  [BONUS_ERROR_CODES.manualClaimNotAllowed]: msg({ id: 'bonusCode.error.notAllowed', message: 'Bonus codes cannot be claimed on your account.' }),
  'error.invalid.site.id': msg({ id: 'bonusCode.error.site', message: 'This bonus code is not valid on this site.' }),
};
const CODE_FALLBACK = msg({ id: 'bonusCode.error.other', message: 'This bonus code cannot be used.' });

const ACTIVE_EXISTS = msg({ id: 'bonusCode.error.active', message: 'You already have an active bonus of this kind.' });
const SHOWN_BY_MESSAGE: Readonly<Record<string, MessageDescriptor>> = {
  [BONUS_ERROR_CODES.activeAlreadyExists]: ACTIVE_EXISTS,
  [BONUS_ERROR_CODES.activeTriggeredAlreadyExists]: ACTIVE_EXISTS,
  [BONUS_ERROR_CODES.notAllowed]: msg({ id: 'bonusCode.error.bonusesOff', message: 'Bonuses are not available on your account right now.' }),
  [BONUS_ERROR_CODES.notEligible]: msg({ id: 'bonusCode.error.notEligible', message: 'You are not eligible for this bonus.' }),
  [BONUS_ERROR_CODES.campaignNotFound]: msg({ id: 'bonusCode.error.ended', message: 'This bonus is no longer offered.' }),
  network: commonFlowErrors.network,
};

/** The text for a refused call of the bonus code flow. */
export function bonusCodeErrorMessage(error: BonusCodeError): MessageDescriptor {
  if (bonusCodeErrorShownByCode(error.code)) return SHOWN_BY_CODE[error.code] ?? CODE_FALLBACK;
  return SHOWN_BY_MESSAGE[error.code] ?? commonFlowErrors.unknown;
}

const FORMAT = msg({ id: 'bonusCode.field.format', message: 'A bonus code has 3 to 40 letters, digits, hyphens or underscores.' });

/** The code field's own refusal. */
export function bonusCodeProblemMessage(problem: BonusCodeProblem): MessageDescriptor {
  return problem === 'required' ? (commonFieldErrors[VALIDATION_CODES.required] ?? FORMAT) : FORMAT;
}
