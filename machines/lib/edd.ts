// The enhanced-due-diligence (EDD) questionnaire (product.md §3 "EDD questionnaire": occupation (or
// other occupation), salaryRangeId, sourceOfFunds (or other source), placeOfBirth, nationality;
// lists of occupations, sources of funds, salary ranges; "Documents": type EDD_QUESTIONNAIRE, form
// key eddQuestionnaire; behaviour.md §5 the EDD completeness rule; §7 /player/questionnaire/answer,
// /player/salary-range). One rule set, written once: the machine, the screen, the contract
// (src/api/edd.ts) and the platform (server/services/edd.ts) read it. Pure data and functions.
//
// The lists' ids live here; their words are the platform's content, per language
// (server/content/edd.ts). Place of birth and nationality are countries (ISO 3166-1 alpha-2 codes,
// named by the platform in the requested language); the spec's completeness rule does not name
// them, so they may stay empty, but a given one must be a known country.

/** The choice that asks for the player's own words (behaviour.md §5 "the free text ... set to Other"). */
export const EDD_OTHER = 'OTHER';

/** The occupations the questionnaire offers, Other last. */
export const EDD_OCCUPATIONS = [
  'EMPLOYED',
  'SELF_EMPLOYED',
  'BUSINESS_OWNER',
  'PUBLIC_SECTOR',
  'MANAGER',
  'PROFESSIONAL',
  'STUDENT',
  'RETIRED',
  'HOMEMAKER',
  'UNEMPLOYED',
  EDD_OTHER,
] as const;
export type EddOccupation = (typeof EDD_OCCUPATIONS)[number];

/** The sources of funds the questionnaire offers, Other last. */
export const EDD_SOURCES_OF_FUNDS = [
  'SALARY',
  'BUSINESS_INCOME',
  'SAVINGS',
  'INVESTMENTS',
  'PENSION',
  'INHERITANCE',
  'PROPERTY_SALE',
  'GIFT',
  'WINNINGS',
  EDD_OTHER,
] as const;
export type EddSourceOfFunds = (typeof EDD_SOURCES_OF_FUNDS)[number];

/**
 * The yearly income ranges (behaviour.md §7 /player/salary-range), in euros; id 0 is "not chosen"
 * (behaviour.md §5: "the salary range is above 0"). `max` null: no upper bound.
 */
export const EDD_SALARY_RANGES = [
  { id: 1, min: 0, max: 20_000 },
  { id: 2, min: 20_000, max: 40_000 },
  { id: 3, min: 40_000, max: 60_000 },
  { id: 4, min: 60_000, max: 100_000 },
  { id: 5, min: 100_000, max: 250_000 },
  { id: 6, min: 250_000, max: null },
] as const satisfies readonly { id: number; min: number; max: number | null }[];
export const EDD_SALARY_CURRENCY = 'EUR';
export const EDD_SALARY_RANGE_IDS: readonly number[] = EDD_SALARY_RANGES.map((range) => range.id);

/** The longest free text of an Other choice (the spec gives no field limits; one line of words). */
export const EDD_OTHER_TEXT_MAX = 100;

/** The countries of place of birth and nationality: ISO 3166-1 alpha-2, with Kosovo (XK). */
export const EDD_COUNTRY_CODES = [
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ', 'BA', 'BB', 'BD',
  'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS', 'BT', 'BW', 'BY', 'BZ', 'CA',
  'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN', 'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ',
  'DE', 'DJ', 'DK', 'DM', 'DO', 'DZ', 'EC', 'EE', 'EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK', 'FM', 'FO',
  'FR', 'GA', 'GB', 'GD', 'GE', 'GF', 'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GT', 'GU', 'GW',
  'GY', 'HK', 'HN', 'HR', 'HT', 'HU', 'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT', 'JE', 'JM',
  'JO', 'JP', 'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KY', 'KZ', 'LA', 'LB', 'LC', 'LI', 'LK',
  'LR', 'LS', 'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME', 'MF', 'MG', 'MH', 'MK', 'ML', 'MM', 'MN', 'MO',
  'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA', 'NC', 'NE', 'NF', 'NG', 'NI', 'NL',
  'NO', 'NP', 'NR', 'NU', 'NZ', 'OM', 'PA', 'PE', 'PF', 'PG', 'PH', 'PK', 'PL', 'PM', 'PN', 'PR', 'PS', 'PT',
  'PW', 'PY', 'QA', 'RE', 'RO', 'RS', 'RU', 'RW', 'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI', 'SJ', 'SK',
  'SL', 'SM', 'SN', 'SO', 'SR', 'SS', 'ST', 'SV', 'SX', 'SY', 'SZ', 'TC', 'TD', 'TG', 'TH', 'TJ', 'TK', 'TL',
  'TM', 'TN', 'TO', 'TR', 'TT', 'TV', 'TW', 'TZ', 'UA', 'UG', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VG', 'VI',
  'VN', 'VU', 'WF', 'WS', 'XK', 'YE', 'YT', 'ZA', 'ZM', 'ZW',
] as const;

/** The questionnaire's answers as the form holds them and the platform stores them. */
export interface EddAnswers {
  /** An occupation id, or '' (none chosen). */
  occupation: string;
  /** The player's words when occupation is Other, else ''. */
  otherOccupation: string;
  /** A salary range id, or 0 (none chosen). */
  salaryRangeId: number;
  /** A source-of-funds id, or '' (none chosen). */
  sourceOfFunds: string;
  /** The player's words when sourceOfFunds is Other, else ''. */
  otherSourceOfFunds: string;
  /** A country code, or '' (not given). */
  placeOfBirth: string;
  /** A country code, or '' (not given). */
  nationality: string;
}

export type EddField = keyof EddAnswers;

/** Nothing answered yet: the form's start. */
export const EMPTY_EDD_ANSWERS: EddAnswers = {
  occupation: '',
  otherOccupation: '',
  salaryRangeId: 0,
  sourceOfFunds: '',
  otherSourceOfFunds: '',
  placeOfBirth: '',
  nationality: '',
};

/** The field codes the rule answers with (the contract's FIELD_CODES, written out: machines import nothing from src/). */
export const EDD_FIELD_CODES = {
  required: 'validation.required',
  invalid: 'validation.invalid',
  tooLong: 'validation.too_long',
  country: 'validation.country',
} as const;
export type EddFieldCode = (typeof EDD_FIELD_CODES)[keyof typeof EDD_FIELD_CODES];

export interface EddFieldProblem {
  field: EddField;
  code: EddFieldCode;
}

const includes = (list: readonly (string | number)[], value: string | number): boolean => list.includes(value);

/** The answers tidied: free texts trimmed, and dropped where their choice is not Other. */
export function normalisedEddAnswers(answers: EddAnswers): EddAnswers {
  return {
    ...answers,
    otherOccupation: answers.occupation === EDD_OTHER ? answers.otherOccupation.trim() : '',
    otherSourceOfFunds: answers.sourceOfFunds === EDD_OTHER ? answers.otherSourceOfFunds.trim() : '',
  };
}

function otherTextProblem(field: EddField, text: string): EddFieldProblem | null {
  const trimmed = text.trim();
  if (trimmed === '') return { field, code: EDD_FIELD_CODES.required };
  if (trimmed.length > EDD_OTHER_TEXT_MAX) return { field, code: EDD_FIELD_CODES.tooLong };
  // A line of words: no control characters (a newline, a NUL) in what an operator reads.
  if (/\p{Cc}/u.test(trimmed)) return { field, code: EDD_FIELD_CODES.invalid };
  return null;
}

/**
 * What keeps the answers from being sent, field by field, in the form's order (behaviour.md §5: the
 * questionnaire is complete only when an occupation is chosen, the salary range is above 0, a source
 * of funds is chosen and the free text is filled for each field set to Other; plus the lists' ids
 * and the field limits). Empty: complete.
 */
export function eddAnswerProblems(answers: EddAnswers): EddFieldProblem[] {
  const problems: (EddFieldProblem | null)[] = [];
  if (answers.occupation === '') problems.push({ field: 'occupation', code: EDD_FIELD_CODES.required });
  else if (!includes(EDD_OCCUPATIONS, answers.occupation)) problems.push({ field: 'occupation', code: EDD_FIELD_CODES.invalid });
  else if (answers.occupation === EDD_OTHER) problems.push(otherTextProblem('otherOccupation', answers.otherOccupation));
  if (!(answers.salaryRangeId > 0)) problems.push({ field: 'salaryRangeId', code: EDD_FIELD_CODES.required });
  else if (!includes(EDD_SALARY_RANGE_IDS, answers.salaryRangeId)) problems.push({ field: 'salaryRangeId', code: EDD_FIELD_CODES.invalid });
  if (answers.sourceOfFunds === '') problems.push({ field: 'sourceOfFunds', code: EDD_FIELD_CODES.required });
  else if (!includes(EDD_SOURCES_OF_FUNDS, answers.sourceOfFunds)) problems.push({ field: 'sourceOfFunds', code: EDD_FIELD_CODES.invalid });
  else if (answers.sourceOfFunds === EDD_OTHER) problems.push(otherTextProblem('otherSourceOfFunds', answers.otherSourceOfFunds));
  for (const field of ['placeOfBirth', 'nationality'] as const) {
    if (answers[field] !== '' && !includes(EDD_COUNTRY_CODES, answers[field])) problems.push({ field, code: EDD_FIELD_CODES.country });
  }
  return problems.filter((problem): problem is EddFieldProblem => problem !== null);
}

/** behaviour.md §5: the EDD questionnaire is complete (and may be sent). */
export function isEddComplete(answers: EddAnswers): boolean {
  return eddAnswerProblems(answers).length === 0;
}

/** Whether two sets of answers say the same (after tidying): a second identical answer changes nothing. */
export function sameEddAnswers(a: EddAnswers, b: EddAnswers): boolean {
  const x = normalisedEddAnswers(a);
  const y = normalisedEddAnswers(b);
  return (Object.keys(x) as EddField[]).every((field) => x[field] === y[field]);
}

/**
 * Where the player's questionnaire stands: not asked; asked (the KYC level EDD_PENDING, product.md
 * §3); answered and waiting for the operator (EDD_UNDER_REVIEW); accepted by the operator.
 */
export const EDD_STATUSES = ['notRequested', 'pending', 'underReview', 'approved'] as const;
export type EddStatus = (typeof EDD_STATUSES)[number];

/** Whether the player may send (or send again) answers in this status: asked, or answered and not yet reviewed. */
export function mayAnswerEdd(status: EddStatus): boolean {
  return status === 'pending' || status === 'underReview';
}
