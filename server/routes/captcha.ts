import { Hono, type Context } from 'hono';
import { ERROR_CODES, HttpError } from '../http/errors';
import type { SiteEnv } from '../http/site-context';
import { sameText } from '../platform/secrets';

// The simulated captcha provider (behaviour.md §7: registration sends the header hcaptchaToken;
// §8: error.captcha.validation is a 403 explicit deny). Solving the challenge answers the
// configured secret (CAPTCHA_SECRET, server/config.ts); registration compares the header with it.
// An operator with a real provider verifies the token with the provider here instead.

export const CAPTCHA_HEADER = 'hcaptchaToken';

export function captchaRoutes({ secret }: { secret: string }): Hono<SiteEnv> {
  const routes = new Hono<SiteEnv>();
  routes.post('/solve', (c) => c.json({ token: secret }));
  return routes;
}

/** Throws 403 error.captcha.validation unless the request carries the right token. */
export function checkCaptcha(c: Context, secret: string): void {
  const token = c.req.header(CAPTCHA_HEADER);
  if (token === undefined || token === '' || !sameText(token, secret)) {
    throw new HttpError(403, ERROR_CODES.captchaValidation, 'The captcha was not solved. Please try again.');
  }
}
