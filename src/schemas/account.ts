import * as z from 'zod/mini';
import { passwordProblems } from '../domain/password-rule.ts';
import { passwordProblemKeys, type AccountFormKind } from './account-fields.ts';
import { contactSchema, isCountry, passengerSchema } from './booking-details.ts';
import { agreement } from './shared-fields.ts';
import { isoDate } from './search.ts';

/**
 * The account forms (sign up, log in, forgot and new password, profile, change password), shared by their islands,
 * their plain-form pages and the API. Messages are i18n keys. Name, e-mail and phone follow the booking's contact
 * person, so an account and a booking never disagree on what a valid phone number is.
 */

/** A new password: required, then each rule it breaks as its own message (the form lists what is missing). */
export const newPassword = z.string({ error: 'account_error_password' }).check(
  z.minLength(1, 'account_error_password'),
  z.superRefine((value, ctx) => {
    if (value === '') return;
    for (const problem of passwordProblems(value))
      ctx.issues.push({ code: 'custom', message: passwordProblemKeys[problem], input: value });
  }),
);

/** A password being checked (log in, the current one): anything up to the rule's length limit. */
const givenPassword = z
  .string({ error: 'account_error_password' })
  .check(z.minLength(1, 'account_error_password'), z.maxLength(1024, 'account_error_password'));

/** "Type it again" must match: the mismatch is reported at the second field. */
function confirmed<T extends { password: string; passwordConfirmation: string }>() {
  return z.refine<T>((value) => value.password === value.passwordConfirmation, {
    message: 'account_error_password_mismatch',
    path: ['passwordConfirmation'],
    when: (payload) => payload.issues.every((issue) => issue.path?.[0] !== 'password'),
  });
}

const confirmation = z.string({ error: 'account_error_password_confirmation' });

export const registerSchema = z
  .object({
    fullName: contactSchema.shape.fullName,
    email: contactSchema.shape.email,
    phone: contactSchema.shape.phone,
    password: newPassword,
    passwordConfirmation: confirmation,
    agree: agreement('account_error_terms'),
    /** The guest booking whose "sign up" prompt this came from (its id): it joins the account once confirmed. */
    attach: z.optional(
      z.string({ error: 'error_invalid_value' }).check(z.maxLength(64, 'error_invalid_value')),
    ),
  })
  .check(confirmed());
export type RegisterInput = z.infer<typeof registerSchema>;

/** The header dialog's form (`GET /api/session/forms/{kind}`): `next`, the page it opened on (a login returns). */
export const accountDialogQuerySchema = z.object({ next: z.optional(z.string()) });

export const loginSchema = z.object({
  email: contactSchema.shape.email,
  password: givenPassword,
});
export type LoginInput = z.infer<typeof loginSchema>;

/** Sign in with Google: the authorization code Google's popup gave the page (exchanged on the server). */
export const googleCodeSchema = z.object({
  code: z
    .string({ error: 'account_google_failed' })
    .check(z.minLength(1, 'account_google_failed'), z.maxLength(2048, 'account_google_failed')),
});

export const forgotPasswordSchema = z.object({ email: contactSchema.shape.email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: 'account_link_invalid' }).check(z.maxLength(200, 'account_link_invalid')),
    password: newPassword,
    passwordConfirmation: confirmation,
  })
  .check(confirmed());
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/**
 * A sign-up's e-mailed link, opened: its token, and the password typed at that sign-up. Whoever opens the link
 * must know it, so a sign-up someone made with another person's address cannot become that person's account.
 */
export const verifyEmailSchema = z.object({
  token: z.string({ error: 'account_link_invalid' }).check(z.maxLength(200, 'account_link_invalid')),
  password: givenPassword,
});

/**
 * The link that proves the address of an account Google opened (`/confirm-address`): its token alone. It is posted
 * from the page's button, never used by opening the link, so a mail scanner fetching it proves nothing.
 */
export const proveAddressSchema = z.object({
  token: z.string({ error: 'account_link_invalid' }).check(z.maxLength(200, 'account_link_invalid')),
});

export const changePasswordSchema = z
  .object({
    currentPassword: givenPassword,
    password: newPassword,
    passwordConfirmation: confirmation,
  })
  .check(confirmed());
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** Deleting the account: its password, and the box that says the person means it. */
export const deleteAccountSchema = z.object({
  currentPassword: givenPassword,
  confirm: agreement('account_delete_confirm_required'),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/**
 * The profile form (docs/product-rules.md, Accounts). The e-mail is shown, not changed here: it is the login
 * and was proven.
 */
export const profileSchema = z.object({
  fullName: contactSchema.shape.fullName,
  phone: contactSchema.shape.phone,
  gender: z.enum(['male', 'female'], { error: 'account_error_gender' }),
  dateOfBirth: isoDate('account_error_birth_date', 'booking_error_date_invalid'),
  nationality: z.string({ error: 'account_error_nationality' }).check(
    z.trim(),
    z.toUpperCase(),
    z.minLength(1, 'account_error_nationality'),
    z.refine((value) => value === '' || isCountry(value), 'booking_error_passport_country_invalid'),
  ),
});
export type ProfileInput = z.infer<typeof profileSchema>;

/** Each account form's schema, by the form's kind (account-fields.ts): the island checks with it, the server reads
 * the plain form and the fields' limits through it. */
export const accountFormSchemas = {
  login: loginSchema,
  signUp: registerSchema,
  forgot: forgotPasswordSchema,
  reset: resetPasswordSchema,
  profile: profileSchema,
  changePassword: changePasswordSchema,
  passenger: passengerSchema,
  deleteAccount: deleteAccountSchema,
} as const satisfies Record<AccountFormKind, z.ZodMiniType>;
