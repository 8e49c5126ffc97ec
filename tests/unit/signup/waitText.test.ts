import { describe, expect, it } from 'vitest';
import { CODE_BLOCK_MINUTES } from '../../../machines/lib/constants';
import { waitText } from '../../../src/features/signup/format';

// behaviour.md §8 (issue 8): the SMS block says how long to wait, in the page's language.
describe('waitText', () => {
  it('says the named CODE_BLOCK_MINUTES when the platform gives no time', () => {
    expect(CODE_BLOCK_MINUTES).toBe(60);
    expect(waitText({ retryAfterSeconds: null }, 'en')).toBe('in 60 minutes');
    expect(waitText({ retryAfterSeconds: null }, 'fi-FI')).toBe('60 minuutin päästä');
  });

  it('rounds the platform\'s seconds up to minutes, and long waits to hours', () => {
    expect(waitText({ retryAfterSeconds: 61 }, 'en')).toBe('in 2 minutes');
    expect(waitText({ retryAfterSeconds: 30 }, 'en')).toBe('in 1 minute');
    expect(waitText({ retryAfterSeconds: 86_400 }, 'de-DE')).toBe('in 24 Stunden');
  });
});
