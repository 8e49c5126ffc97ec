import { CODE_BLOCK_MINUTES } from '../../../machines/lib/constants';
import type { SignupBlock } from '../../../machines/signup.machine';

/**
 * How long to wait, as the platform said it (retryAfterSeconds) or, when it did not, the named
 * CODE_BLOCK_MINUTES: whole minutes up to two hours, whole hours beyond, rounded up.
 */
export function waitText(block: Pick<SignupBlock, 'retryAfterSeconds'>, intlLocale: string): string {
  const minutes = block.retryAfterSeconds === null ? CODE_BLOCK_MINUTES : Math.max(1, Math.ceil(block.retryAfterSeconds / 60));
  const format = new Intl.RelativeTimeFormat(intlLocale, { numeric: 'always' });
  return minutes < 120 ? format.format(minutes, 'minute') : format.format(Math.ceil(minutes / 60), 'hour');
}
