import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { RejectionReason } from '../../../machines/lib/kyc';

// product.md §3 "Rejection reasons: about 30": each reason the reviewer gives (machines/lib/kyc.ts
// REJECTION_REASONS) as one sentence that says what went wrong and what to send instead (issue 23
// "each show a translated sentence that says what to do"). One table; every id written out.
export const REJECTION_REASON_MESSAGES: Readonly<Record<RejectionReason, MessageDescriptor>> = {
  BAD_QUALITY: msg({ id: 'verification.reason.badQuality', message: 'The picture was not clear enough. Take a new photo in good light, with every detail sharp, and upload it again.' }),
  CROPPED_CORNERS: msg({ id: 'verification.reason.croppedCorners', message: 'Part of the document was cut off. Upload a photo that shows all four corners of the document.' }),
  DAMAGED: msg({ id: 'verification.reason.damaged', message: 'The document is damaged. Upload a photo of a document in good condition, or of another valid document.' }),
  ID_EXPIRED: msg({ id: 'verification.reason.idExpired', message: 'The document has expired. Upload a photo of an identity document that is still valid.' }),
  NAME_MISMATCH: msg({ id: 'verification.reason.nameMismatch', message: 'The name on the document is not the name on your account. Upload a document in your own name, as registered with us.' }),
  ADDRESS_MISMATCH: msg({ id: 'verification.reason.addressMismatch', message: 'The address on the document is not the address on your account. Upload a document that shows your registered address, or update your address first.' }),
  CARD_NUMBERS_NOT_VISIBLE: msg({ id: 'verification.reason.cardNumbersNotVisible', message: 'We could not read the card number. Upload a photo of the card that shows the first 6 and the last 4 digits; you may cover the others.' }),
  SCREENSHOT_NOT_ORIGINAL: msg({ id: 'verification.reason.screenshot', message: 'A screenshot cannot be accepted. Upload a photo or a scan of the original document, or the PDF you received.' }),
  MASKED_INFORMATION: msg({ id: 'verification.reason.masked', message: 'Some information we need was covered. Upload the document again without covering your name, address, dates or document number.' }),
  BLURRY: msg({ id: 'verification.reason.blurry', message: 'The photo is blurry. Hold the camera still, let it focus, and upload a sharp photo.' }),
  TOO_DARK: msg({ id: 'verification.reason.tooDark', message: 'The photo is too dark. Take it again in daylight or in a well-lit room and upload it.' }),
  GLARE: msg({ id: 'verification.reason.glare', message: 'Light reflected on the document hides some details. Take the photo again without flash and away from direct light.' }),
  FRONT_SIDE_MISSING: msg({ id: 'verification.reason.frontMissing', message: 'The front of the document is missing. Upload a photo of the front side as well.' }),
  BACK_SIDE_MISSING: msg({ id: 'verification.reason.backMissing', message: 'The back of the document is missing. Upload a photo of the back side as well.' }),
  PAGES_MISSING: msg({ id: 'verification.reason.pagesMissing', message: 'Some pages are missing. Upload every page of the document in one file.' }),
  DOCUMENT_TOO_OLD: msg({ id: 'verification.reason.tooOld', message: 'The document is too old. Upload one issued within the last 3 months.' }),
  DATE_NOT_VISIBLE: msg({ id: 'verification.reason.dateNotVisible', message: 'We could not see the date of the document. Upload a photo in which the issue date is visible.' }),
  ADDRESS_NOT_VISIBLE: msg({ id: 'verification.reason.addressNotVisible', message: 'We could not see your address on the document. Upload a photo in which your full address is visible.' }),
  NAME_NOT_VISIBLE: msg({ id: 'verification.reason.nameNotVisible', message: 'We could not see your name on the document. Upload a photo in which your full name is visible.' }),
  ISSUER_NOT_VISIBLE: msg({ id: 'verification.reason.issuerNotVisible', message: 'We could not see who issued the document. Upload a photo that shows the issuer’s name or logo.' }),
  DATE_OF_BIRTH_MISMATCH: msg({ id: 'verification.reason.birthDateMismatch', message: 'The date of birth on the document is not the one on your account. Upload a document with your correct date of birth, or contact support.' }),
  DOCUMENT_ALTERED: msg({ id: 'verification.reason.altered', message: 'The document appears to have been edited. Upload the original, unedited document.' }),
  DOCUMENT_NOT_ACCEPTED: msg({ id: 'verification.reason.notAccepted', message: 'We cannot accept this kind of document. Upload one of the documents listed for this step.' }),
  WRONG_DOCUMENT_TYPE: msg({ id: 'verification.reason.wrongType', message: 'This document does not fit the step it was sent for. Upload it under the right step, or send the document this step asks for.' }),
  DUPLICATE_DOCUMENT: msg({ id: 'verification.reason.duplicate', message: 'We already have this document. Upload a different document for this step.' }),
  FILE_UNREADABLE: msg({ id: 'verification.reason.unreadable', message: 'We could not open the file. Upload it again as a JPEG, PNG or PDF.' }),
  PAYMENT_METHOD_MISMATCH: msg({ id: 'verification.reason.paymentMismatch', message: 'The document is not for the payment method you deposited with. Upload a proof for the method named in this step.' }),
  CARD_HOLDER_NAME_MISSING: msg({ id: 'verification.reason.cardHolderMissing', message: 'The card holder’s name is not visible. Upload a photo of the card or a statement that shows your name.' }),
  SOURCE_NOT_SUFFICIENT: msg({ id: 'verification.reason.sourceNotSufficient', message: 'The document does not show enough about where your money comes from. Upload a further document, such as a recent payslip or bank statement.' }),
  TRANSLATION_REQUIRED: msg({ id: 'verification.reason.translation', message: 'We cannot read the language of the document. Upload a certified translation into English together with the original.' }),
  OTHER: msg({ id: 'verification.reason.other', message: 'We could not accept this document. Please upload a new one, or contact support to find out why.' }),
};
