import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { normalizeDestination, type OutgoingMessage } from '../domain/messages';
import type { MessageSender } from '../providers/types';
import { insertSentMessage, lastCodeSentToDestination } from '../repositories/sent-messages';

export { maskEmail, maskPhone, normalizeDestination, type MessageChannel, type OutgoingMessage } from '../domain/messages';

// Sending SMS and e-mail through the configured sender (server/providers: one per platform mode).
// Every message is recorded in `sent_messages`, the outbox (the per-destination limits count it).
// The simulated sender delivers nothing: the outbox keeps the text and the code, the console shows
// them, and in test mode GET /api/test/codes/last?to=… reads the last code, so browser tests can
// finish a sign-up, a reset or a phone change. With a real sender the outbox keeps neither the
// text nor the code (issue 9: one-time codes are never stored or logged in clear).

type MessageLog = (message: OutgoingMessage) => void;
let messageLog: MessageLog = () => undefined;

/**
 * Where the simulated provider also shows what it "sends" (server/main.ts: the console), so that
 * a person running the platform locally can finish a sign-up with the code. Tests leave it silent.
 */
export function setMessageLog(log: MessageLog): void {
  messageLog = log;
}

/** The simulation's sender: shows the message on the platform's console (setMessageLog); the outbox keeps it. */
export const SIMULATED_MESSAGE_SENDER: MessageSender = {
  name: 'simulated SMS / e-mail sender (prints codes on the console, keeps them in the outbox)',
  simulated: true,
  send: (message) => {
    messageLog(message);
    return Promise.resolve();
  },
};

let sender: MessageSender = SIMULATED_MESSAGE_SENDER;

/** The sender of this process's platform (server/app.ts createApp sets the mode's one). */
export function setMessageSender(next: MessageSender): void {
  sender = next;
}

/** What the outbox keeps of a message a real sender delivered. */
export const REDACTED_BODY = '[sent by the provider; not kept]';

export async function sendMessage(db: Kysely<Database>, message: OutgoingMessage): Promise<void> {
  const current = sender;
  await current.send(message);
  await insertSentMessage(db, {
    channel: message.channel,
    destination: normalizeDestination(message.destination),
    body: current.simulated ? message.body : REDACTED_BODY,
    code: current.simulated ? (message.code ?? null) : null,
  });
}

/** The code of the last message with a code sent to this destination, or null. */
export async function lastCodeSentTo(db: Kysely<Database>, destination: string): Promise<string | null> {
  return lastCodeSentToDestination(db, normalizeDestination(destination));
}
