/**
 * The password rule (docs/product-rules.md, Accounts): at least 8 characters with upper case, lower case,
 * digits and special characters. At most 128, so hashing stays cheap whatever is posted. Pure: the sign-up and
 * change-password forms check it as the person types, the server again. The server also refuses the most common
 * passwords (server/auth/common-passwords.ts), a list too large to ship to the browser.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordProblem =
  'too_short' | 'too_long' | 'needs_upper' | 'needs_lower' | 'needs_digit' | 'needs_special';

/** What a password lacks, in the order a person fixes them; empty when it follows the rule. */
export function passwordProblems(password: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  // Characters as people count them (an emoji is one), not UTF-16 units.
  const length = [...new Intl.Segmenter().segment(password)].length;
  if (length < PASSWORD_MIN_LENGTH) problems.push('too_short');
  if (length > PASSWORD_MAX_LENGTH) problems.push('too_long');
  if (!/\p{Lu}/u.test(password)) problems.push('needs_upper');
  if (!/\p{Ll}/u.test(password)) problems.push('needs_lower');
  if (!/\p{Nd}/u.test(password)) problems.push('needs_digit');
  // Anything that is not a letter, a digit or a space counts as special: `!`, `-`, `#`, `€`, ...
  if (!/[^\p{L}\p{Nd}\s]/u.test(password)) problems.push('needs_special');
  return problems;
}
