import { apiUrl, request } from './client';
import { WALLET_LIVE_PATH, walletTokenResponseSchema } from './wallet';

// What the app needs of the wallet besides the contract's calls (src/api/wallet.ts walletApi): the
// live connection's token and address (behaviour.md §7 "Wallet live connection"), and the payment
// provider's page. src/app/wallet.ts opens the socket (partysocket) and knows no URL.

/**
 * GET /player/wallet/token, like walletApi.token except that a 401 does not log the player out:
 * behaviour.md §8 "A 401 on the wallet token fetch is silently ignored" (the wallet machine then
 * runs without a live balance; the next authenticated call that is refused logs out as usual).
 */
export function fetchWalletLiveToken(signal?: AbortSignal): Promise<{ token: string }> {
  return request('/player/wallet/token', walletTokenResponseSchema, { auth: true, ignoreUnauthorized: true, signal });
}

/**
 * The live connection's address: the platform's API (same origin unless API_BASE_URL points
 * elsewhere) over ws: or wss:, the token in the `Authorization` query parameter.
 */
export function walletLiveUrl(token: string, pageUrl: string = location.href): string {
  const url = new URL(apiUrl(WALLET_LIVE_PATH), pageUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('Authorization', token);
  return url.toString();
}

/** The payment provider's page of a requested deposit (an absolute address, or one on the platform). */
export function paymentProviderUrl(redirectUrl: string): string {
  return /^https?:/.test(redirectUrl) ? redirectUrl : apiUrl(redirectUrl.replace(/^\/api/, ''));
}
