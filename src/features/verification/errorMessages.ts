import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ERROR_CODES } from '../../../machines/lib/errorCodes';
import type { VerificationError } from '../../../machines/verification.machine';
import { commonFlowErrors } from '../../ui/commonErrors';

// The upload's refusals (src/api/documents.ts, behaviour.md §8 document errors) as translated
// texts: one table; the codes never reach the screen raw. `validation` is a step sent without
// what it needs (the platform's error.validation on category or subType).
export const UPLOAD_ERROR_MESSAGES: Readonly<Record<VerificationError['code'], MessageDescriptor>> = {
  [ERROR_CODES.documentFileMissing]: msg({ id: 'verification.error.fileMissing', message: 'No file arrived. Choose one file and upload it again.' }),
  [ERROR_CODES.documentEmpty]: msg({ id: 'verification.error.empty', message: 'The file is empty. Choose the file again and upload it.' }),
  [ERROR_CODES.documentTooLarge]: msg({ id: 'verification.error.tooLarge', message: 'The file is larger than 10 MB. Upload a smaller photo or PDF.' }),
  [ERROR_CODES.documentFileNameInvalid]: msg({ id: 'verification.error.fileName', message: 'The file’s name cannot be used. Rename the file and upload it again.' }),
  [ERROR_CODES.documentTypeUnsupported]: msg({ id: 'verification.error.type', message: 'This kind of file is not accepted. Upload a JPEG, PNG, WebP or HEIC photo, or a PDF.' }),
  [ERROR_CODES.documentUnsafe]: msg({ id: 'verification.error.unsafe', message: 'This file cannot be accepted: it could not be read safely. Upload a plain photo or a PDF without scripts or attachments.' }),
  [ERROR_CODES.documentUploadLimit]: msg({ id: 'verification.error.limit', message: 'You have uploaded many files in a short time. Please wait a few minutes and try again.' }),
  validation: msg({ id: 'verification.error.validation', message: 'Choose what the document is before you upload it.' }),
  network: commonFlowErrors.network,
  unknown: commonFlowErrors.unknown,
};
