import type { Context } from 'hono';
import { ERROR_CODES, HttpError } from '../http/errors';
import { providersOf } from '../providers';

// The captcha of registration (behaviour.md §7: registration sends the header hcaptchaToken;
// §8: error.captcha.validation is a 403 explicit deny): registration asks the mode's captcha
// provider (server/providers) to verify the header: the simulation compares it with the secret
// its own route hands out (server/providers/simulated-captcha.ts), a real provider asks its service.

export const CAPTCHA_HEADER = 'hcaptchaToken';

/** Throws 403 error.captcha.validation unless the captcha provider accepts the request's token. */
export async function checkCaptcha(c: Context): Promise<void> {
  const token = c.req.header(CAPTCHA_HEADER);
  if (token === undefined || token === '' || token.length > 4096 || !(await providersOf(c).captcha.verify(token))) {
    throw new HttpError(403, ERROR_CODES.captchaValidation, 'The captcha was not solved. Please try again.');
  }
}
