import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { EddField, EddFieldProblem } from '../../../machines/lib/edd';
import type { EddError } from '../../../machines/edd.machine';
import { ERROR_CODES } from '../../api/errors';
import { commonFlowErrors } from '../../ui/commonErrors';

// The questionnaire's texts: its fields' names, the field codes and the send's refusals, one table each.

/** The questionnaire's fields, by the names the player reads (product.md §3 "EDD questionnaire"). */
export const FIELD_LABELS: Readonly<Record<EddField, MessageDescriptor>> = {
  occupation: msg({ id: 'edd.field.occupation', message: 'Occupation' }),
  otherOccupation: msg({ id: 'edd.field.otherOccupation', message: 'Your occupation' }),
  salaryRangeId: msg({ id: 'edd.field.salaryRange', message: 'Yearly income' }),
  sourceOfFunds: msg({ id: 'edd.field.sourceOfFunds', message: 'Where the money you play with comes from' }),
  otherSourceOfFunds: msg({ id: 'edd.field.otherSourceOfFunds', message: 'Describe where it comes from' }),
  placeOfBirth: msg({ id: 'edd.field.placeOfBirth', message: 'Country of birth (optional)' }),
  nationality: msg({ id: 'edd.field.nationality', message: 'Nationality (optional)' }),
};

/** The rule's and the platform's field codes (machines/lib/edd.ts EDD_FIELD_CODES), as the player reads them. */
export const FIELD_ERRORS: Readonly<Record<EddFieldProblem['code'], MessageDescriptor>> = {
  'validation.required': msg({ id: 'field.required', message: 'This field is required.' }),
  'validation.invalid': msg({ id: 'edd.error.invalid', message: 'Choose one of the options in the list.' }),
  'validation.too_long': msg({ id: 'edd.error.tooLong', message: 'Use at most {max} characters.' }),
  'validation.country': msg({ id: 'signup.error.country', message: 'Choose a country from the list.' }),
};

/** The refusals of a send (behaviour.md §8: the stored backend error), one sentence each. */
export const SEND_ERRORS: Readonly<Record<EddError['code'], MessageDescriptor>> = {
  [ERROR_CODES.eddNotRequested]: msg({ id: 'edd.error.notRequested', message: 'We are not asking you for these answers at the moment, so nothing was sent.' }),
  [ERROR_CODES.eddAlreadyApproved]: msg({ id: 'edd.error.approved', message: 'Your answers have already been accepted and can no longer be changed.' }),
  validation: msg({ id: 'edd.error.refused', message: 'Some answers were not accepted. Check the marked fields and send them again.' }),
  network: commonFlowErrors.network,
  unknown: commonFlowErrors.unknown,
};
