import * as z from 'zod/mini';
import { loginSchema } from '../../schemas/account.ts';
import { localizePath } from '../../i18n/locales.ts';
import { profileAnswer } from '../services/profile.ts';
import { Refused } from '../validation-errors.ts';
import type { UseCaseContext } from './context.ts';
import { defineUseCase } from './use-case.ts';

/** Log in: e-mail and password, and the guest booking (its id) whose "log in to manage it" prompt led here. */
const logInSchema = z.extend(loginSchema, {
  attach: z.optional(
    z.string({ error: 'error_invalid_value' }).check(z.maxLength(64, 'error_invalid_value')),
  ),
});

/**
 * Logs this browser in with e-mail and password (the password grant, its limits per address and per account); the
 * session lands in its HttpOnly cookies. `attach` joins the account where that is proven (services/attach-booking.ts).
 * One refusal for an unknown address, a wrong password and an unconfirmed sign-up. Applications log in at
 * `/oauth/token` instead: this is the browser's login, so a caller without our cookies is refused (`browser`).
 */
async function run(
  ctx: UseCaseContext,
  input: z.output<typeof logInSchema>,
): Promise<{ userId: string; attached: boolean }> {
  const login = await ctx.session.logInWithPassword(input);
  if ('refused' in login) {
    // Said already in the reader's language, with when to come back (http/oauth-app.ts).
    if (login.refused === 'limit')
      throw new Refused(429, { limit: [{ key: login.message }] }, { retryAfter: 60 });
    // One answer for an unknown address, a wrong password and an unconfirmed sign-up: said as the message too.
    throw new Refused(400, { password: [{ key: 'account_login_failed' }] }, { said: true });
  }
  return login;
}

export const logIn = defineUseCase({
  name: 'log-in',
  input: logInSchema,
  run,
  route: {
    method: 'POST',
    path: '/session',
    caller: 'browser',
    answer: async (login, ctx, input) => ({
      loggedIn: true,
      ...(await profileAnswer(ctx)),
      ...(input.attach ? { attached: login.attached } : {}),
    }),
  },
  form: { next: (_login, ctx) => localizePath('/my-booking', ctx.locale) },
  refusals: [401, 429],
});
