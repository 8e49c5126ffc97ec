import type { SignupPage } from '../../src/api/content';
import { intlLocaleFor, MARKETS, type LanguageCode, type MarketCode } from '../../machines/lib/markets';
import type { LanguageSeed } from './schema';

// The sign-up page's bonus CTA panel per market and language (product.md §3 sign-up state
// "bonusCTA": title, description, iconUrl, iconImgAlt, backgroundImg, showBannerImg, bannerImg,
// stepIndicator, smsMaxAttempts). The words come from each language's seed file; the welcome
// offer is the market's, in its currency, written the way the market's locale writes money.

/** The images the panel shows, served from public/signup/. */
export const SIGNUP_IMAGES = {
  iconUrl: '/signup/gift.svg',
  backgroundImg: '/signup/background.svg',
  bannerImg: '/signup/banner.svg',
} as const;

interface WelcomeOffer {
  /** Up to this much bonus on the first deposit, in the market's currency (whole units). */
  amount: number;
  /**
   * Whether the banner picture is shown. Off in the Netherlands (LL), where bonus advertising may
   * not be eye-catching (Wet Kansspelen op afstand advertising rules).
   */
  showBannerImg: boolean;
}

export const WELCOME_OFFERS: Readonly<Record<MarketCode, WelcomeOffer>> = {
  AT: { amount: 500, showBannerImg: true },
  BR: { amount: 2_500, showBannerImg: true },
  CA: { amount: 750, showBannerImg: true },
  CL: { amount: 400_000, showBannerImg: true },
  JJ: { amount: 100, showBannerImg: true },
  FI: { amount: 500, showBannerImg: true },
  IN: { amount: 40_000, showBannerImg: true },
  NZ: { amount: 750, showBannerImg: true },
  NO: { amount: 5_000, showBannerImg: true },
  PP: { amount: 5_000, showBannerImg: true },
  LL: { amount: 250, showBannerImg: false },
  GG: { amount: 200, showBannerImg: true },
  PH: { amount: 25_000, showBannerImg: true },
  PT: { amount: 500, showBannerImg: true },
  TR: { amount: 15_000, showBannerImg: true },
  JP: { amount: 70_000, showBannerImg: true },
  UN: { amount: 500, showBannerImg: true },
};

export function formatOfferAmount(market: MarketCode, language: LanguageCode): string {
  const { currency } = MARKETS[market];
  return new Intl.NumberFormat(intlLocaleFor({ market, language }), {
    style: 'currency',
    currency,
    maximumFractionDigits: 0,
  }).format(WELCOME_OFFERS[market].amount);
}

export function buildSignupPage(text: LanguageSeed['signup'], market: MarketCode, language: LanguageCode): SignupPage {
  const amount = formatOfferAmount(market, language);
  return {
    title: text.title.replaceAll('{amount}', amount),
    description: text.description.replaceAll('{amount}', amount),
    iconUrl: SIGNUP_IMAGES.iconUrl,
    iconImgAlt: text.iconImgAlt,
    backgroundImg: SIGNUP_IMAGES.backgroundImg,
    showBannerImg: WELCOME_OFFERS[market].showBannerImg,
    bannerImg: SIGNUP_IMAGES.bannerImg,
    stepIndicator: text.stepIndicator,
    smsMaxAttempts: text.smsMaxAttempts,
  };
}
