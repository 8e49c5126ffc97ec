// The messages the platform sends (SMS and e-mail) as values: their shape, one spelling per
// destination, and how a destination is shown masked. Sending and the outbox are
// server/services/messages.ts's.

export type MessageChannel = 'SMS' | 'EMAIL';

export interface OutgoingMessage {
  channel: MessageChannel;
  /** A mobile phone in international form (+358401234567) or an e-mail address. */
  destination: string;
  body: string;
  /** The one-time code the message carries, kept apart for the test-mode reader. */
  code?: string | null;
}

/**
 * One spelling per destination: e-mail addresses in lower case; phones as `+` and digits. A `+`
 * that arrived unencoded in a query string reads as a space, so a leading space or none at all
 * before the digits still means `+`.
 */
export function normalizeDestination(destination: string): string {
  const trimmed = destination.trim();
  if (trimmed.includes('@')) return trimmed.toLowerCase();
  const digits = trimmed.replace(/[\s()-]/g, '');
  return /^\+?[0-9]+$/.test(digits) ? `+${digits.replace(/^\+/, '')}` : trimmed;
}

/** For display: "+358 40 *** 67". */
export function maskPhone(prefix: string, body: string): string {
  const digits = body.replace(/\D/g, '');
  const head = digits.slice(0, 2);
  const tail = digits.length > 4 ? digits.slice(-2) : '';
  return `${prefix} ${head} *** ${tail}`.trim();
}

/** For display: "a***@example.com". */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}
