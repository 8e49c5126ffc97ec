// Pay and play's return and landing paths (product.md §2 "After pay-and-play login: a saved target
// path"), on their own so that the routes' guards (src/routes/$langmarket.signup.*.tsx) read them
// without the rest of pay and play's rules: the route tree is part of every page's start-up (issue
// 22, the home route's JavaScript). machines/lib/payAndPlay.ts exports them too.
import { PAY_AND_PLAY_DEFAULT_TARGET_PATH } from './constants';
import { isPathUnder, sameSitePath } from './sameSitePath';

/**
 * A target path the app may go to after the login (product.md §2 "After pay-and-play login: a
 * saved target path"): a same-site path under the langmarket (machines/lib/sameSitePath.ts, which
 * normalises first), never back into sign-up. Null otherwise.
 */
export function payAndPlayTarget(raw: unknown): string | null {
  const path = sameSitePath(raw);
  if (path === null || isPathUnder(path, '/signup')) return null;
  return path;
}

/** Where the player lands: `/{langmarket}{target}`, the home page for the default "/". */
export function targetHref(langmarket: string, target: string | null): string {
  const path = target ?? PAY_AND_PLAY_DEFAULT_TARGET_PATH;
  return path === '/' ? `/${langmarket}` : `/${langmarket}${path}`;
}
