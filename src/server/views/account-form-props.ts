import { createHash } from 'node:crypto';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { messagesFor } from '../../i18n/translate.ts';
import type { AccountFormProps } from '../../islands/account/AccountForm.tsx';
import { accountFormSchemas } from '../../schemas/account.ts';
import { accountFormKeys, accountForms, type AccountFormKind } from '../../schemas/account-fields.ts';
import { maxLengthsOf } from '../../schemas/form-to-input.ts';
import type { FormRefusal } from '../http/form-post.ts';
import { countries } from './countries.ts';

/** Fields never sent back into a page, even after a refused post: they are typed again. */
const secretFields = new Set(['password', 'passwordConfirmation', 'currentPassword', 'csrf', 'token']);

/**
 * The account form island's props for a page: its texts in the page's language, the values to start from (a
 * refused post's, else `values`), the reasons of a refused post, and the country list where a picker needs it.
 */
export function accountFormProps(
  kind: AccountFormKind,
  locale: Locale,
  page: {
    action: string;
    csrf: string;
    posted?: FormRefusal | undefined;
    values?: Record<string, string> | object;
    next?: string;
    hidden?: Record<string, string>;
    sent?: boolean;
    endpoint?: AccountFormProps['endpoint'];
    /** The logged-in account's id, on a form that needs the session (see `resumeAs`). */
    owner?: string;
  },
): AccountFormProps {
  const typed = page.posted
    ? Object.fromEntries([...page.posted.form].filter(([name]) => !secretFields.has(name)))
    : {};
  const needsCountries = accountForms[kind].some(
    (field) => field.kind === 'phone' || field.kind === 'country',
  );
  return {
    kind,
    locale,
    action: page.action,
    csrf: page.csrf,
    home: localizePath('/', locale),
    values: { ...page.values, ...typed },
    errors: page.posted?.errors ?? {},
    limits: maxLengthsOf(accountFormSchemas[kind]),
    // `{example}` stays for the phone input to fill in with the picked country's example.
    messages: messagesFor(accountFormKeys(kind), locale, { example: '{example}' }),
    links: { terms: localizePath('/tnc', locale), privacy: localizePath('/privacy-policy', locale) },
    ...(needsCountries ? { countries: countries(locale) } : {}),
    ...(page.next ? { next: page.next } : {}),
    ...(page.hidden ? { hidden: page.hidden } : {}),
    ...(page.sent ? { sent: true } : {}),
    ...(page.endpoint ? { endpoint: page.endpoint } : {}),
    ...(page.owner ? { resumeAs: ownerTag(page.owner) } : {}),
  };
}

/** An account's tag for the browser: tells two accounts apart, and says nothing of the account itself. */
function ownerTag(userId: string): string {
  return createHash('sha256').update(`resume:${userId}`).digest('base64url').slice(0, 16);
}
