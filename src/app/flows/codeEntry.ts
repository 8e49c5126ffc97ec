import { fromPromise } from 'xstate';
import {
  codeVerificationMachine,
  type CodeChannel,
  type CodeCheck,
  type CodeRequest,
  type CodeSent,
  type CodeSubject,
  type CodeVerified,
} from '../../../machines/codeVerification.machine';

type SubjectOf<K extends CodeSubject['kind']> = Extract<CodeSubject, { kind: K }>;

/** A code entry's platform calls, for the subject its flow gives it. */
interface CodeCalls<K extends CodeSubject['kind']> {
  send: (request: { channel: CodeChannel; subject: SubjectOf<K> }, signal: AbortSignal) => Promise<CodeSent>;
  verify: (check: { channel: CodeChannel; subject: SubjectOf<K>; ticket: string | null; code: string }, signal: AbortSignal) => Promise<CodeVerified>;
}

/**
 * A flow's code entry (machines/codeVerification.machine.ts) with the platform's calls for one kind
 * of subject: sign-up's registration, the password reset's account, the phone change's number. A
 * subject of another kind is a programming error (the flow's machine invokes code entry with its own).
 */
export function codeEntryFor<K extends CodeSubject['kind']>(kind: K, calls: CodeCalls<K>) {
  const subjectOf = (subject: CodeSubject): SubjectOf<K> => {
    if (subject.kind !== kind) throw new Error(`${kind} code entry got a ${subject.kind} subject`);
    return subject as SubjectOf<K>;
  };
  return codeVerificationMachine.provide({
    actors: {
      sendCode: fromPromise<CodeSent, CodeRequest>(({ input, signal }) => calls.send({ channel: input.channel, subject: subjectOf(input.subject) }, signal)),
      verifyCode: fromPromise<CodeVerified, CodeCheck>(({ input, signal }) => calls.verify({ ...input, subject: subjectOf(input.subject) }, signal)),
    },
  });
}
