import { Hono, type Context } from 'hono';
import { ERROR_CODES, HttpError } from '../http/errors';
import type { SiteEnv } from '../http/site-context';
import { providersOf } from '../providers';

// The simulated captcha provider (behaviour.md §7: registration sends the header hcaptchaToken;
// §8: error.captcha.validation is a 403 explicit deny). Solving the challenge answers the
// configured secret (CAPTCHA_SECRET, server/config.ts); registration asks the mode's captcha
// provider (server/providers) to verify the header: the simulation compares it with the secret, a
// real provider asks its service. These routes exist in simulation mode only.

export const CAPTCHA_HEADER = 'hcaptchaToken';

export function captchaRoutes({ secret }: { secret: string }): Hono<SiteEnv> {
  const routes = new Hono<SiteEnv>();
  routes.post('/solve', (c) => c.json({ token: secret }));
  return routes;
}

/** Throws 403 error.captcha.validation unless the captcha provider accepts the request's token. */
export async function checkCaptcha(c: Context): Promise<void> {
  const token = c.req.header(CAPTCHA_HEADER);
  if (token === undefined || token === '' || token.length > 4096 || !(await providersOf(c).captcha.verify(token))) {
    throw new HttpError(403, ERROR_CODES.captchaValidation, 'The captcha was not solved. Please try again.');
  }
}
