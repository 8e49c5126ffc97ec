// The account area's shared rules and numbers (product.md §2 "Account area", §3 "Account details"),
// used by the app, the machines and the platform alike.

/**
 * How many logins the account tab lists, newest first. product.md §3 lists the fields (loginDate,
 * loginIp, loginCountry) and behaviour.md §7 the call ("Login history: GET") but no page size: the
 * app's choice is the latest 20, enough to spot a login that was not the player's.
 */
export const LOGIN_HISTORY_LIMIT = 20;
