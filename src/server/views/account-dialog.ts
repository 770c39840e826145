import { localizePath, type Locale } from '../../i18n/locales.ts';
import { translate } from '../../i18n/translate.ts';
import type { AccountDialogData, AccountDialogKind } from '../../islands/account/AccountDialogForm.tsx';
import { accountFormProps } from './account-form-props.ts';
import { afterLogin } from './after-login.ts';

/** The ways on from the login and sign-up forms, on their pages and in the dialog (paths without the locale). */
export function formLinks(kind: AccountDialogKind, locale: Locale) {
  const t = (key: Parameters<typeof translate>[0]) => translate(key, locale);
  return kind === 'login'
    ? [
        { path: '/forgot-password', label: t('account_forgot_link'), testid: 'forgot-link' },
        { path: '/sign-up', label: t('account_sign_up_link'), testid: 'sign-up-link' },
      ]
    : [{ path: '/login', label: t('account_login_link'), testid: 'login-link' }];
}

/**
 * What the header's login and sign-up dialog shows (island pages load it on the first open, so no page carries the
 * forms' words or the country list): the same account form as the /login and /sign-up pages, and the ways on from
 * it. `next`: the page the dialog was opened on, where a login returns. Google's button stays on the login page:
 * its library and popup need that page's own script policy and opener policy (google-button.ts).
 */
export async function accountDialogData(
  kind: AccountDialogKind,
  locale: Locale,
  page: { csrf: string; next: string | null; google: boolean; phoneCountry: () => Promise<string> },
): Promise<AccountDialogData> {
  const next = afterLogin(page.next, locale);
  const loginPage = `${localizePath('/login', locale)}?next=${encodeURIComponent(next)}`;
  const links = formLinks(kind, locale).map((link) => ({ ...link, path: localizePath(link.path, locale) }));
  if (kind === 'login')
    return {
      form: accountFormProps('login', locale, { action: loginPage, csrf: page.csrf, next }),
      links,
      ...(page.google
        ? { google: { path: loginPage, label: translate('account_google_continue', locale) } }
        : {}),
    };
  return {
    form: accountFormProps('signUp', locale, {
      action: localizePath('/sign-up', locale),
      csrf: page.csrf,
      values: { phoneCountry: await page.phoneCountry() },
    }),
    links,
  };
}
