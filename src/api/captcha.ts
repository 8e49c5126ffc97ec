import * as v from 'valibot';
import { request } from './client';

export const captchaSchema = v.object({ token: v.string() });

/** The simulated captcha provider: solving the challenge yields the token sent as hcaptchaToken. */
export const captchaApi = {
  solve: (signal?: AbortSignal) => request('/captcha/solve', captchaSchema, { method: 'POST', signal }),
};
