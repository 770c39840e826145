import type { PasswordProblem } from '../domain/password-rule.ts';
import { phoneProblemKeys } from './phone-problems.ts';

/**
 * The account forms, field by field: what the island renders, what the plain form posts (the same names), and the
 * message keys the server translates for it (labels and every error its schema can give). Pure data, shared by the
 * island and the server's props (server/views/account-form-props.ts).
 */
export type AccountFormKind =
  'login' | 'signUp' | 'forgot' | 'reset' | 'profile' | 'changePassword' | 'passenger' | 'deleteAccount';

export type FieldKind =
  | 'text'
  | 'email'
  | 'password'
  | 'newPassword'
  | 'phone'
  | 'gender'
  | 'date'
  | 'country'
  | 'agree'
  | 'check'
  | 'shown';

export interface FieldSpec {
  name: string;
  kind: FieldKind;
  /** Message key of the label. */
  label: string;
  /** Message key of a hint under the label. */
  hint?: string;
  autocomplete?: string;
}

const fullName: FieldSpec = { name: 'fullName', kind: 'text', label: 'flow_full_name', autocomplete: 'name' };
const email: FieldSpec = { name: 'email', kind: 'email', label: 'flow_email', autocomplete: 'email' };
const phone: FieldSpec = { name: 'phone', kind: 'phone', label: 'flow_phone', autocomplete: 'tel-national' };
const newPassword: FieldSpec = {
  name: 'password',
  kind: 'newPassword',
  label: 'account_field_new_password',
  autocomplete: 'new-password',
};
const confirmation: FieldSpec = {
  name: 'passwordConfirmation',
  kind: 'password',
  label: 'account_field_password_again',
  autocomplete: 'new-password',
};

export const accountForms: Record<AccountFormKind, FieldSpec[]> = {
  login: [
    email,
    { name: 'password', kind: 'password', label: 'account_field_password', autocomplete: 'current-password' },
  ],
  signUp: [
    fullName,
    email,
    phone,
    { ...newPassword, label: 'account_field_password' },
    confirmation,
    { name: 'agree', kind: 'agree', label: 'account_field_agree' },
  ],
  forgot: [email],
  reset: [newPassword, confirmation],
  profile: [
    fullName,
    { ...email, kind: 'shown' },
    phone,
    { name: 'gender', kind: 'gender', label: 'account_field_gender' },
    { name: 'dateOfBirth', kind: 'date', label: 'account_field_birth_date', autocomplete: 'bday' },
    { name: 'nationality', kind: 'country', label: 'account_field_nationality' },
  ],
  passenger: [
    { ...fullName, hint: 'flow_full_name_hint', autocomplete: 'off' },
    { name: 'dateOfBirth', kind: 'date', label: 'flow_birth_date', autocomplete: 'off' },
    { name: 'passportNumber', kind: 'text', label: 'flow_passport_number', autocomplete: 'off' },
    { name: 'passportIssued', kind: 'date', label: 'flow_passport_issued', autocomplete: 'off' },
    {
      name: 'passportExpiry',
      kind: 'date',
      label: 'flow_passport_expiry',
      hint: 'passenger_expiry_hint',
      autocomplete: 'off',
    },
    { name: 'passportCountry', kind: 'country', label: 'flow_passport_country' },
  ],
  deleteAccount: [
    {
      name: 'currentPassword',
      kind: 'password',
      label: 'account_field_current_password',
      autocomplete: 'current-password',
    },
    { name: 'confirm', kind: 'check', label: 'account_delete_confirm' },
  ],
  changePassword: [
    {
      name: 'currentPassword',
      kind: 'password',
      label: 'account_field_current_password',
      autocomplete: 'current-password',
    },
    newPassword,
    confirmation,
  ],
};

/** What the island says besides its fields (buttons, notices), by form. */
const formTexts: Record<AccountFormKind, string[]> = {
  login: ['account_login_submit', 'account_login_failed'],
  signUp: ['account_sign_up_submit', 'account_check_email_plain'],
  forgot: ['account_forgot_submit', 'account_reset_sent_plain'],
  reset: ['account_reset_submit'],
  profile: ['account_profile_submit', 'account_profile_saved'],
  changePassword: ['account_change_password_submit'],
  passenger: ['passenger_save'],
  deleteAccount: ['account_delete_submit', 'account_deleted'],
};

/** Every error key the account schemas can give (their messages are keys: schemas/account.ts). */
/** A new password's rules, each said by its own message when broken (the form lists what is still missing). */
export const passwordProblemKeys = {
  too_short: 'account_password_too_short',
  too_long: 'account_password_too_long',
  needs_upper: 'account_password_needs_upper',
  needs_lower: 'account_password_needs_lower',
  needs_digit: 'account_password_needs_digit',
  needs_special: 'account_password_needs_special',
} as const satisfies Record<PasswordProblem, string>;

export const accountErrorKeys = [
  'booking_error_full_name',
  'booking_error_email',
  'booking_error_email_invalid',
  'booking_error_phone',
  ...phoneProblemKeys,
  'error_invalid_value',
  'booking_error_too_long',
  'booking_error_date_invalid',
  'booking_error_passport_country_invalid',
  'error_unprintable',
  'account_error_password',
  'account_error_password_confirmation',
  'account_error_password_mismatch',
  'account_error_terms',
  'account_error_gender',
  'account_error_birth_date',
  'account_error_nationality',
  'account_link_invalid',
  ...Object.values(passwordProblemKeys),
  'account_error_birth_date_future',
  'booking_error_birth_date',
  'booking_error_passport_number',
  'booking_error_passport_number_invalid',
  'booking_error_passport_issued',
  'booking_error_passport_expiry',
  'booking_error_passport_country',
  'passport_error_issued_future',
  'passport_error_expiry_before_issue',
  'passport_error_validity',
  'passenger_error_validity',
  'account_delete_confirm_required',
] as const;

/** The texts every account form uses. */
const commonTexts = [
  'account_sending',
  'account_password_rule',
  'account_password_still_needs',
  'account_gender_male',
  'account_gender_female',
  'account_choose_country',
  'account_agree_terms_link',
  'account_agree_privacy_link',
  'flow_phone_country',
  'flow_phone_hint',
  'phone_example',
  'notification_generic_error',
  'flow_fix_errors',
  'session_expired',
  'error_field_message',
];

/** The message keys one form needs, for the server to translate into its props. */
export function accountFormKeys(kind: AccountFormKind): string[] {
  return [
    ...new Set([
      ...accountForms[kind].flatMap((field) => (field.hint ? [field.label, field.hint] : [field.label])),
      ...formTexts[kind],
      ...accountErrorKeys,
      ...commonTexts,
    ]),
  ];
}
