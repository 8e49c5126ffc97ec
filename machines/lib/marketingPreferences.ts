// The player's marketing preferences (product.md §3 "Marketing preferences: channels EMAIL, SMS,
// MAIL, PHONE, PUSH_NOTIFICATION; communications BONUS_OFFER, NEWSLETTER, CASINO,
// RESPONSIBLE_GAMING"; behaviour.md §7 "/player/marketing_preferences: GET and PATCH"). One rule set,
// written once: the machine, the screen, the contract (src/api/marketingPreferences.ts) and the
// platform (server/services/marketing-preferences.ts) read it. Pure data and functions.
//
// The preferences are a whole set: for every communication, whether each channel may carry it. A
// PATCH sends the whole set and it replaces the stored one (the same body twice is the same state).
// The spec says nothing of which communications a player may turn off, so every one of them,
// RESPONSIBLE_GAMING included, is the player's choice: none is forced on, and all start off unless
// the player opted in at sign-up (defaultMarketingPreferences). Responsible-gambling notices the
// operator must send (a limit reached, a break) are service messages, not marketing, and do not
// depend on this set.

export const MARKETING_CHANNELS = ['EMAIL', 'SMS', 'MAIL', 'PHONE', 'PUSH_NOTIFICATION'] as const;
export type MarketingChannel = (typeof MARKETING_CHANNELS)[number];

export const MARKETING_COMMUNICATIONS = ['BONUS_OFFER', 'NEWSLETTER', 'CASINO', 'RESPONSIBLE_GAMING'] as const;
export type MarketingCommunication = (typeof MARKETING_COMMUNICATIONS)[number];

/** For one communication, whether each channel may carry it. */
export type MarketingChannels = Readonly<Record<MarketingChannel, boolean>>;

/** The whole set: every communication with every channel (20 choices). */
export type MarketingPreferences = Readonly<Record<MarketingCommunication, MarketingChannels>>;

/**
 * What the sign-up's opt-in agreed to (src/features/signup ContactStep: "Send me bonus offers and
 * news by e-mail and SMS"): bonus offers and the newsletter, by e-mail and SMS. Nothing else.
 */
export const SIGNUP_OPT_IN: Readonly<Partial<Record<MarketingCommunication, readonly MarketingChannel[]>>> = {
  BONUS_OFFER: ['EMAIL', 'SMS'],
  NEWSLETTER: ['EMAIL', 'SMS'],
};

function channelsWith(allowed: (channel: MarketingChannel) => boolean): MarketingChannels {
  return Object.fromEntries(MARKETING_CHANNELS.map((channel) => [channel, allowed(channel)])) as Record<MarketingChannel, boolean>;
}

function preferencesWith(allowed: (communication: MarketingCommunication, channel: MarketingChannel) => boolean): MarketingPreferences {
  return Object.fromEntries(
    MARKETING_COMMUNICATIONS.map((communication) => [communication, channelsWith((channel) => allowed(communication, channel))]),
  ) as Record<MarketingCommunication, MarketingChannels>;
}

/** Nothing allowed: a player who did not opt in at sign-up, before any choice of their own. */
export const NO_MARKETING: MarketingPreferences = preferencesWith(() => false);

/**
 * A player's preferences before they chose any on the account page: what the sign-up's opt-in
 * agreed to (SIGNUP_OPT_IN), or nothing without it (a pay-and-play player never saw the question).
 */
export function defaultMarketingPreferences(marketingOptIn: boolean): MarketingPreferences {
  return marketingOptIn ? preferencesWith((communication, channel) => SIGNUP_OPT_IN[communication]?.includes(channel) === true) : NO_MARKETING;
}

/** One channel of one communication turned on or off. */
export function withChoice(
  preferences: MarketingPreferences,
  communication: MarketingCommunication,
  channel: MarketingChannel,
  allowed: boolean,
): MarketingPreferences {
  return { ...preferences, [communication]: { ...preferences[communication], [channel]: allowed } };
}

/** Every channel of one communication turned on or off (the row's "all" box). */
export function withCommunication(preferences: MarketingPreferences, communication: MarketingCommunication, allowed: boolean): MarketingPreferences {
  return { ...preferences, [communication]: channelsWith(() => allowed) };
}

/** Whether two sets allow the same. */
export function sameMarketingPreferences(a: MarketingPreferences, b: MarketingPreferences): boolean {
  return MARKETING_COMMUNICATIONS.every((communication) => MARKETING_CHANNELS.every((channel) => a[communication][channel] === b[communication][channel]));
}

/** The set as rows (communication, channel, allowed): the platform stores one row per choice. */
export function marketingChoicesOf(
  preferences: MarketingPreferences,
): { communication: MarketingCommunication; channel: MarketingChannel; allowed: boolean }[] {
  return MARKETING_COMMUNICATIONS.flatMap((communication) =>
    MARKETING_CHANNELS.map((channel) => ({ communication, channel, allowed: preferences[communication][channel] })),
  );
}

/** The set from stored rows; a choice with no row is `fallback`'s. */
export function marketingPreferencesOf(
  rows: readonly { communication: string; channel: string; allowed: boolean }[],
  fallback: MarketingPreferences,
): MarketingPreferences {
  return preferencesWith(
    (communication, channel) => rows.find((row) => row.communication === communication && row.channel === channel)?.allowed ?? fallback[communication][channel],
  );
}
