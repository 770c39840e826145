// Loaded on the first submit: the shared schemas and the phone metadata are the island's largest parts, and
// nothing needs them before the person presses the button.
import { toE164 } from '../../schemas/phone.ts';
import { passengerSchema } from '../../schemas/booking-details.ts';
import {
  changePasswordSchema,
  deleteAccountSchema,
  forgotPasswordSchema,
  loginSchema,
  profileSchema,
  registerSchema,
  resetPasswordSchema,
} from '../../schemas/account.ts';
import type { AccountFormKind } from '../../schemas/account-fields.ts';

const schemas = {
  login: loginSchema,
  signUp: registerSchema,
  forgot: forgotPasswordSchema,
  reset: resetPasswordSchema,
  profile: profileSchema,
  changePassword: changePasswordSchema,
  passenger: passengerSchema,
  deleteAccount: deleteAccountSchema,
} as const;

export { countryOfTyped } from '../../schemas/phone.ts';

/** The form's values as the API takes them (the same payload the plain form's fields make on the server). */
export function payloadOf(
  kind: AccountFormKind,
  values: Record<string, string | boolean>,
): Record<string, unknown> {
  const { phoneCountry, email, ...rest } = values;
  const payload: Record<string, unknown> = {
    ...rest,
    ...(email === undefined || kind === 'profile' ? {} : { email }),
  };
  const country = typeof phoneCountry === 'string' && phoneCountry !== '' ? phoneCountry : 'ID';
  if (typeof values.phone === 'string') payload.phone = toE164(country, values.phone);
  if (kind === 'profile' && !values.gender) delete payload.gender;
  return payload;
}

/** Checks the payload with the form's shared schema: its problems as message keys by field, or none. */
export function problemsOf(
  kind: AccountFormKind,
  payload: Record<string, unknown>,
): Record<string, string[]> {
  const parsed = schemas[kind].safeParse(payload);
  if (parsed.success) return {};
  const problems: Record<string, string[]> = {};
  for (const issue of parsed.error.issues)
    (problems[String(issue.path[0] ?? 'form')] ??= []).push(issue.message);
  return problems;
}
