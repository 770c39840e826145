import type { AstroCookies } from 'astro';
import { localeFromPath, localizePath, type Locale } from '../../i18n/locales.ts';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  profileSchema,
  registerSchema,
  resetPasswordSchema,
} from '../../schemas/account.ts';
import { linkUsable, serverLinkSecret, type AccountLinkPurpose } from '../auth/account-links.ts';
import { logInBrowserAs, logInWithPassword } from '../auth/browser-login.ts';
import { clearSession, csrfToken, type CookieJar } from '../auth/browser-session.ts';
import { astroJar } from '../auth/cookie-jars.ts';
import type { FormPage, FormUseCase } from '../http/form-post.ts';
import { verifyPath } from './booking-access-cookie.ts';
import { keepPrivate } from './booking-by-id.ts';
import { runtimeDeps } from '../runtime.ts';
import { changePassword } from '../use-cases/change-password.ts';
import { deleteAccount } from '../use-cases/delete-account.ts';
import { forgotPassword } from '../use-cases/forgot-password.ts';
import { proveAddress } from '../use-cases/prove-address.ts';
import { register } from '../use-cases/register.ts';
import { resetPassword } from '../use-cases/reset-password.ts';
import { sendAddressProof } from '../use-cases/send-address-proof.ts';
import { deletePassenger, savePassenger } from '../use-cases/save-passenger.ts';
import { updateProfile } from '../use-cases/update-profile.ts';
import { verifyEmail } from '../use-cases/verify-email.ts';
import { Refused, refuse } from '../validation-errors.ts';
import { phoneFromForm } from './countries.ts';

/**
 * The account pages' plain forms (they work without JavaScript; the islands post the same fields as JSON to the
 * API): each a use case as `submitForm` runs it, with the browser's cookies where it logs someone in.
 */

/** What an account page needs of Astro: its request, locals, socket address and cookies. */
export interface AccountAstro {
  request: Request;
  locals: App.Locals;
  clientAddress: string;
  cookies: AstroCookies;
  response: { headers: Headers };
}

/**
 * An account page's start: never cached, no Referer leaves it (a link token may be in its address), and its forms'
 * anti-forgery token (made if this browser has none). `form` is what `submitForm` takes for its posts.
 */
export function accountPage(astro: AccountAstro) {
  keepPrivate(astro.response.headers);
  const jar = astroJar(astro.cookies);
  const csrf = csrfToken(jar, runtimeDeps());
  const account = astro.locals.account;
  const form: FormPage = {
    request: astro.request,
    locals: astro.locals,
    clientAddress: astro.clientAddress,
    csrf: jar,
    ...(account ? { actor: { kind: 'account', userId: account.userId } } : {}),
  };
  return { jar, csrf, form, account };
}

const text = (form: URLSearchParams, name: string) => form.get(name) ?? '';

/** Where to go after logging in: a page of this site the login was asked from, else My booking. */
export function afterLogin(next: string | null, locale: Locale): string {
  const local = next && /^\/(?![/\\])[\w\-/.?=&%]*$/.test(next) ? next : undefined;
  return local ?? localizePath('/my-booking', locale);
}

/**
 * Log in with e-mail and password; the session lands in this browser's cookies. `attach`: the booking whose "log in
 * to manage your bookings" prompt led here joins the account where that is proven, and opens in My booking; else
 * its verify page asks for the code e-mailed to the booking's address.
 */
export function loginForm(
  jar: CookieJar,
  request: Request,
  next: string,
  attach?: string,
): FormUseCase<{ email: string; password: string }, boolean> {
  return {
    schema: loginSchema,
    fromForm: (form) => ({ email: text(form, 'email'), password: text(form, 'password') }),
    run: async (_ctx, input) => {
      const login = await logInWithPassword(jar, runtimeDeps(), request, { ...input, attach });
      if ('refused' in login) {
        if (login.refused.status === 429)
          throw new Refused(429, { limit: [{ key: login.refused.body.error_description }] });
        throw refuse('password', 'account_login_failed');
      }
      return login.attached;
    },
    next: (attached) => (!attach || attached ? next : verifyPath(attach, 'attach', localeFromPath(next))),
  };
}

export function signUpForm(self: string) {
  return {
    schema: registerSchema,
    fromForm: (form: URLSearchParams) => ({
      fullName: text(form, 'fullName'),
      email: text(form, 'email'),
      phone: phoneFromForm(text(form, 'phoneCountry') || 'ID', text(form, 'phone')),
      password: text(form, 'password'),
      passwordConfirmation: text(form, 'passwordConfirmation'),
      agree: text(form, 'agree'),
      ...(form.get('attach') ? { attach: text(form, 'attach') } : {}),
    }),
    run: register.run,
    next: () => `${self}?sent`,
  } satisfies FormUseCase<Parameters<typeof register.run>[1], void>;
}

export function verifyForm(jar: CookieJar, locale: Locale) {
  return {
    schema: verifyEmail.input,
    fromForm: (form: URLSearchParams) => ({ token: text(form, 'token'), password: text(form, 'password') }),
    run: async (...args: Parameters<typeof verifyEmail.run>) => {
      const { userId } = await verifyEmail.run(...args);
      await logInBrowserAs(jar, runtimeDeps(), userId);
    },
    next: () => `${localizePath('/my-account', locale)}?welcome`,
  } satisfies FormUseCase<Parameters<typeof verifyEmail.run>[1], void>;
}

/** The address proof's one button: its token; then the page says the address is proven (no one is logged in). */
export function proveAddressForm(self: string) {
  return {
    schema: proveAddress.input,
    fromForm: (form: URLSearchParams) => ({ token: text(form, 'token') }),
    run: async (...args: Parameters<typeof proveAddress.run>) => {
      await proveAddress.run(...args);
    },
    next: () => `${self}?done`,
  } satisfies FormUseCase<Parameters<typeof proveAddress.run>[1], void>;
}

export function forgotForm(self: string) {
  return {
    schema: forgotPasswordSchema,
    fromForm: (form: URLSearchParams) => ({ email: text(form, 'email') }),
    run: forgotPassword.run,
    next: () => `${self}?sent`,
  } satisfies FormUseCase<Parameters<typeof forgotPassword.run>[1], void>;
}

export function resetForm(jar: CookieJar, locale: Locale) {
  return {
    schema: resetPasswordSchema,
    fromForm: (form: URLSearchParams) => ({
      token: text(form, 'token'),
      password: text(form, 'password'),
      passwordConfirmation: text(form, 'passwordConfirmation'),
    }),
    run: async (...args: Parameters<typeof resetPassword.run>) => {
      const { userId } = await resetPassword.run(...args);
      await logInBrowserAs(jar, runtimeDeps(), userId);
    },
    next: () => `${localizePath('/my-account', locale)}?password-reset`,
  } satisfies FormUseCase<Parameters<typeof resetPassword.run>[1], void>;
}

export function profileForm(self: string) {
  return {
    schema: profileSchema,
    fromForm: (form: URLSearchParams) => ({
      fullName: text(form, 'fullName'),
      phone: phoneFromForm(text(form, 'phoneCountry') || 'ID', text(form, 'phone')),
      gender: text(form, 'gender') || undefined,
      dateOfBirth: text(form, 'dateOfBirth'),
      nationality: text(form, 'nationality'),
    }),
    run: updateProfile.run,
    next: () => `${self}?saved`,
  } satisfies FormUseCase<Parameters<typeof updateProfile.run>[1], void>;
}

export function changePasswordForm(family: string | undefined, locale: Locale) {
  return {
    schema: changePasswordSchema,
    fromForm: (form: URLSearchParams) => ({
      currentPassword: text(form, 'currentPassword'),
      password: text(form, 'password'),
      passwordConfirmation: text(form, 'passwordConfirmation'),
    }),
    run: async (
      ctx: Parameters<typeof changePassword.run>[0],
      input: Parameters<typeof changePassword.run>[1],
    ) => {
      await changePassword.run(ctx, { ...input, keepFamily: family });
    },
    next: () => `${localizePath('/my-account', locale)}?password-changed`,
  } satisfies FormUseCase<Parameters<typeof changePassword.run>[1], void>;
}

/**
 * An account without a password (made through Google) asks for a link to set one: the "forgot password" e-mail,
 * sent to the holder's own address; then the page says it was sent.
 */
export function setPasswordLinkForm(email: string, locale: Locale) {
  return {
    schema: forgotPasswordSchema,
    fromForm: () => ({ email }),
    run: forgotPassword.run,
    next: () => `${localizePath('/my-account/change-password', locale)}?link-sent`,
  } satisfies FormUseCase<{ email: string }, void>;
}

/** My account's "Send the link again" (the address proof's); then the page names the address it went to. */
export function addressProofForm(self: string) {
  return {
    schema: sendAddressProof.input,
    fromForm: () => ({}),
    run: (ctx: Parameters<typeof sendAddressProof.run>[0]) => sendAddressProof.run(ctx),
    next: () => `${self}?address-link-sent`,
  } satisfies FormUseCase<Record<string, never>, { email: string }>;
}

/** A saved passenger, added (`id` absent) or changed; then the Passenger list says so. */
export function passengerForm(id: string | undefined, locale: Locale) {
  return {
    schema: savePassenger.input,
    fromForm: (form: URLSearchParams) => ({
      fullName: text(form, 'fullName'),
      dateOfBirth: text(form, 'dateOfBirth'),
      passportNumber: text(form, 'passportNumber'),
      passportIssued: text(form, 'passportIssued'),
      passportExpiry: text(form, 'passportExpiry'),
      passportCountry: text(form, 'passportCountry'),
      ...(id ? { id } : {}),
    }),
    run: savePassenger.run,
    next: () => `${localizePath('/passenger-list', locale)}?saved`,
  } satisfies FormUseCase<Parameters<typeof savePassenger.run>[1], { id: string }>;
}

/** "Delete" beside a saved passenger (a plain form on the Passenger list). */
export function deletePassengerForm(locale: Locale) {
  return {
    schema: deletePassenger.input,
    fromForm: (form: URLSearchParams) => ({ id: text(form, 'id') }),
    run: deletePassenger.run,
    next: () => `${localizePath('/passenger-list', locale)}?deleted`,
  } satisfies FormUseCase<{ id: string }, void>;
}

/** "Delete my account": its password and the confirming box; done, this browser's session goes too. */
export function deleteAccountForm(jar: CookieJar, locale: Locale) {
  return {
    schema: deleteAccount.input,
    fromForm: (form: URLSearchParams) => ({
      currentPassword: text(form, 'currentPassword'),
      confirm: text(form, 'confirm'),
    }),
    run: async (...args: Parameters<typeof deleteAccount.run>) => {
      await deleteAccount.run(...args);
      clearSession(jar, runtimeDeps());
    },
    next: () => `${localizePath('/login', locale)}?account-deleted`,
  } satisfies FormUseCase<Parameters<typeof deleteAccount.run>[1], void>;
}

/**
 * Whether an e-mailed link still works (unused, unexpired, genuine), so its page (new password, confirm address)
 * asks or says to ask again.
 */
export async function accountLinkUsable(purpose: AccountLinkPurpose, token: string): Promise<boolean> {
  const deps = runtimeDeps();
  const secret = deps.linkSecret?.() ?? serverLinkSecret();
  return token.length <= 200 && linkUsable(await deps.database(), secret, purpose, token, deps.clock());
}
