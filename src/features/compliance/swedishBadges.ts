// Spelinspektionen's rules on responsible gambling (SIFS 2018:5; issue 13 "Sweden (PP)"): every page of a licensed site
// shows, at its top, links to the national self-exclusion register (Spelpaus), the player's own
// gambling limits (Spelgränser) and a self-test (Självtest). The three names are Swedish proper
// names by regulation: the same in every language (their descriptions are translated).

export type SwedishBadgeId = 'spelpaus' | 'spelgranser' | 'sjalvtest';

/** The national self-exclusion register. */
export const SPELPAUS_URL = 'https://www.spelpaus.se/';
/** Stödlinjen's self-test (Folkhälsomyndigheten's national helpline for gambling problems). */
export const SJALVTEST_URL = 'https://www.stodlinjen.se/spelprevention/testa-dig-sjalv';

export const SWEDISH_BADGE_NAMES: Readonly<Record<SwedishBadgeId, string>> = {
  spelpaus: 'Spelpaus',
  spelgranser: 'Spelgränser',
  sjalvtest: 'Självtest',
};
