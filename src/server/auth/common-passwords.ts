import { dictionary } from '@zxcvbn-ts/language-common';

/** How many of the most used passwords are refused (the 10,000; the package ranks 49,233). */
export const COMMON_PASSWORDS_REFUSED = 10_000;

let common: Set<string> | undefined;

/**
 * Whether a password is among the 10,000 most used ones (`@zxcvbn-ts/language-common`'s ranked list, the way
 * breached-password lists rank them), ignoring case: "Password1!" follows the character rule and is still refused.
 * Loaded on first use, on the server only.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    dictionary['passwords-common'].slice(0, COMMON_PASSWORDS_REFUSED).map((entry) => entry.toLowerCase()),
  );
  const plain = password.toLowerCase();
  // Also the common ones with the usual decorations the rule asks for: a capital first and "!" or "1!" at the end.
  return common.has(plain) || common.has(plain.replace(/[\d!@#$%^&*.?]+$/u, ''));
}
