// The brand's name lives in machines/lib/brand.ts (the platform reads it too).
export { BRAND_NAME } from '../../machines/lib/brand';
export const BRAND_WORDS = ['Aurora', 'Play'] as const;
/** The support contact shown where the site cannot be used (restricted country, maintenance). */
export const SUPPORT_EMAIL = 'support@auroraplay.com';
