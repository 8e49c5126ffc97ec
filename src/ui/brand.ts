// The brand's name is a proper noun: it is the same in every language and is not translated.
export const BRAND_NAME = 'Aurora Play';
export const BRAND_WORDS = ['Aurora', 'Play'] as const;
/** The support contact shown where the site cannot be used (restricted country, maintenance). */
export const SUPPORT_EMAIL = 'support@auroraplay.com';
