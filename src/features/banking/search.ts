import * as v from 'valibot';
import { parseLangMarket } from '../../../machines/lib/markets';
import { sameSitePath } from '../../../machines/lib/sameSitePath';

// Search parameters of the cashier's deposit pages (CONVENTIONS.md: validated with valibot) and
// the paths they lead to. The router parses values as JSON first: anything but a string is dropped
// rather than failing the page.

const searchText = v.pipe(
  v.unknown(),
  v.transform((value): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined)),
);

/** A deposit id as the platform hands them out (src/api/wallet.ts); anything else is ignored. */
const depositIdText = v.pipe(
  searchText,
  v.transform((value) => (value !== undefined && /^[A-Za-z0-9_-]{1,100}$/.test(value) ? value : undefined)),
);

/**
 * /deposit?from=/my-account/banking[&depositId=…] and /my-account/banking/deposit[?depositId=…]:
 * `depositId` is the payment provider's return (the deposit to show the outcome of); `from` is
 * where the player opened the deposit modal, below the {langmarket}, so that closing it goes back.
 */
export const depositSearchSchema = v.object({
  depositId: v.optional(depositIdText),
  from: v.optional(searchText),
});
export type DepositSearch = v.InferOutput<typeof depositSearchSchema>;

/** A `from` longer than this is not kept (the return path the provider gets must stay short). */
const FROM_MAX_LENGTH = 200;

/** The deposit modal's path below the {langmarket}: opening it from there keeps the earlier `from`. */
export const DEPOSIT_MODAL_PATH = '/deposit';

/**
 * Where the player is, below the {langmarket} (path and search), as the deposit modal's `from`;
 * undefined on the modal itself (its own `from` stays) or when it is too long to carry.
 */
export function depositFrom(pathname: string, searchStr: string): string | undefined {
  const [, , ...rest] = pathname.split('/');
  const below = `/${rest.join('/')}`;
  if (below === DEPOSIT_MODAL_PATH || below.startsWith(`${DEPOSIT_MODAL_PATH}/`)) return undefined;
  const from = `${below === '/' ? '' : below}${searchStr}` || '/';
  return from.length > FROM_MAX_LENGTH ? undefined : from;
}

/**
 * Where closing the deposit modal leads: `from` under the current {langmarket} when it is a
 * same-site path (machines/lib/sameSitePath.ts) other than the modal, else the {langmarket}'s home.
 * A `from` that starts with a {langmarket} has it replaced (the language may have changed since).
 */
export function depositCloseHref(langmarket: string, from: string | undefined): string {
  const home = `/${langmarket}`;
  const path = from === undefined ? null : sameSitePath(from);
  if (path === null) return home;
  const match = /^\/([^/?#]*)(.*)$/.exec(path);
  const below = match !== null && parseLangMarket(match[1] ?? '') !== null ? match[2] || '/' : path;
  const pathname = below.split(/[?#]/)[0] ?? '';
  if (pathname === DEPOSIT_MODAL_PATH || pathname.startsWith(`${DEPOSIT_MODAL_PATH}/`)) return home;
  return pathname === '/' || pathname === '' ? `${home}${below.replace(/^\//, '')}` : `${home}${below}`;
}

/** The path the payment provider sends the player back to from the modal (machines/lib/wallet.ts cashierReturnPath). */
export function depositModalReturnPath(langmarket: string, from: string | undefined): string {
  const base = `/${langmarket}${DEPOSIT_MODAL_PATH}`;
  return from === undefined || from.length > FROM_MAX_LENGTH ? base : `${base}?${new URLSearchParams({ from }).toString()}`;
}

/** The banking deposit tab's return path. */
export function depositTabReturnPath(langmarket: string): string {
  return `/${langmarket}/my-account/banking/deposit`;
}
