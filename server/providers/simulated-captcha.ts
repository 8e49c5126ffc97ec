import { Hono } from 'hono';
import type { SiteEnv } from '../http/site-context';

// The simulated captcha provider's own route (behaviour.md §7: registration sends the header
// hcaptchaToken): solving the challenge answers the configured secret (CAPTCHA_SECRET,
// server/config.ts). The simulation registers it at /api/captcha (server/providers/simulated.ts);
// it exists in simulation mode only. The check of the header is the platform's
// (server/routes/captcha.ts checkCaptcha asks the mode's captcha provider).

export function captchaRoutes({ secret }: { secret: string }): Hono<SiteEnv> {
  const routes = new Hono<SiteEnv>();
  routes.post('/solve', (c) => c.json({ token: secret }));
  return routes;
}
