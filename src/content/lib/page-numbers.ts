import { policyRetentionDays } from '../../domain/retention.ts';

/**
 * The numbers a content page states that the code also enforces, by the name a page writes in braces:
 * `{passportRetentionDays}` in privacy-policy.md becomes the days the erasure job keeps passports, so the policy
 * and the job cannot disagree. Pages are pre-rendered, so the numbers are the build's.
 */
export const pageNumbers: Readonly<Record<string, number>> = policyRetentionDays;

/**
 * A page's rendered HTML with its `{name}` placeholders filled. A name not in `pageNumbers` fails the build rather
 * than show braces to a reader.
 */
export function fillPageNumbers(
  html: string,
  numbers: Readonly<Record<string, number>> = pageNumbers,
): string {
  return html.replace(/\{([A-Za-z]+)\}/g, (_, name: string) => {
    const value = numbers[name];
    if (value === undefined) throw new Error(`A content page names {${name}}, which no constant fills`);
    return String(value);
  });
}
