import type { Locale } from '../../i18n/locales.ts';
import { translate } from '../../i18n/translate.ts';
import { LINK_LIFETIME_MINUTES } from '../auth/account-links.ts';
import { siteLink, translator, type MailLinks } from './booking-mails.ts';
import { renderMail, type Block } from './mail-layout.ts';

/** Who an account mail is for: the account's address, name and language. */
export interface AccountAddressee {
  email: string;
  fullName: string;
  locale: Locale;
}

/** Account mails end like booking mails, without pointing to a booking code. */
function footer(locale: Locale): Block[] {
  return [
    { kind: 'paragraph', text: translate('mail_sign_off', locale) },
    { kind: 'paragraph', text: translate('mail_automatic_account', locale) },
  ];
}

function greeting(to: AccountAddressee): Block {
  const text = to.fullName
    ? translate('mail_greeting', to.locale, { name: to.fullName })
    : translate('mail_greeting_plain', to.locale);
  return { kind: 'paragraph', text };
}

/** A sign-up's link: open it to confirm the address and log in (a day to do so). */
export function verifyEmailMail(to: AccountAddressee, links: MailLinks, token: string) {
  const t = translator(to.locale);
  const blocks: Block[] = [
    greeting(to),
    { kind: 'paragraph', text: t('mail_verify_intro') },
    { kind: 'link', label: t('mail_verify_link'), url: linkUrl(links, '/verify-email', to.locale, token) },
    {
      kind: 'paragraph',
      text: t('mail_link_lifetime_hours', { hours: String(LINK_LIFETIME_MINUTES.verify_email / 60) }),
    },
    { kind: 'paragraph', text: t('mail_not_you') },
    ...footer(to.locale),
  ];
  return renderMail(to.locale, t('mail_verify_subject'), blocks);
}

/** Someone signed up with an address that has an account: how to get in, and that nothing changed. */
export function accountExistsMail(to: AccountAddressee, links: MailLinks) {
  const t = translator(to.locale);
  const blocks: Block[] = [
    greeting(to),
    { kind: 'paragraph', text: t('mail_account_exists_intro') },
    { kind: 'link', label: t('mail_account_exists_login'), url: siteLink(links, '/login', to.locale) },
    {
      kind: 'link',
      label: t('mail_account_exists_reset'),
      url: siteLink(links, '/forgot-password', to.locale),
    },
    { kind: 'paragraph', text: t('mail_not_you') },
    ...footer(to.locale),
  ];
  return renderMail(to.locale, t('mail_account_exists_subject'), blocks);
}

/** The link to set a new password: 60 minutes, once. */
export function passwordResetMail(to: AccountAddressee, links: MailLinks, token: string) {
  const t = translator(to.locale);
  const blocks: Block[] = [
    greeting(to),
    { kind: 'paragraph', text: t('mail_reset_intro') },
    { kind: 'link', label: t('mail_reset_link'), url: linkUrl(links, '/new-password', to.locale, token) },
    {
      kind: 'paragraph',
      text: t('mail_link_lifetime_minutes', { minutes: String(LINK_LIFETIME_MINUTES.reset_password) }),
    },
    { kind: 'paragraph', text: t('mail_reset_not_you') },
    ...footer(to.locale),
  ];
  return renderMail(to.locale, t('mail_reset_subject'), blocks);
}

/** The password was changed (reset or changed in My account): every other session has ended. */
export function passwordChangedMail(to: AccountAddressee, links: MailLinks) {
  const t = translator(to.locale);
  const blocks: Block[] = [
    greeting(to),
    { kind: 'paragraph', text: t('mail_password_changed_intro') },
    { kind: 'paragraph', text: t('mail_password_changed_not_you') },
    { kind: 'link', label: t('mail_reset_link'), url: siteLink(links, '/forgot-password', to.locale) },
    ...footer(to.locale),
  ];
  return renderMail(to.locale, t('mail_password_changed_subject'), blocks);
}

/**
 * An account Google opened for an address Google is not the authority for: open the link (a day) to prove the
 * address is the holder's, so bookings made with it show in My booking. The mailbox's owner may not be the one who
 * signed in, so the mail says not to open it then.
 */
export function proveAddressMail(to: AccountAddressee, links: MailLinks, token: string) {
  const t = translator(to.locale);
  const blocks: Block[] = [
    greeting(to),
    { kind: 'paragraph', text: t('mail_prove_intro') },
    { kind: 'link', label: t('mail_prove_link'), url: linkUrl(links, '/confirm-address', to.locale, token) },
    {
      kind: 'paragraph',
      text: t('mail_link_lifetime_hours', { hours: String(LINK_LIFETIME_MINUTES.prove_address / 60) }),
    },
    { kind: 'paragraph', text: t('mail_prove_not_you') },
    ...footer(to.locale),
  ];
  return renderMail(to.locale, t('mail_prove_subject'), blocks);
}

function linkUrl(links: MailLinks, path: string, locale: Locale, token: string): string {
  return `${siteLink(links, path, locale)}?token=${encodeURIComponent(token)}`;
}
