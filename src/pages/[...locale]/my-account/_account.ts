import * as m from '../../../paraglide/messages.js';
import { localizePath, type Locale } from '../../../i18n/locales.ts';
import { submitMarkedForm } from '../../../server/http/form-post.ts';
import { accountFormProps } from '../../../server/views/account-form-props.ts';
import { accountPage } from '../../../server/http/pages/account-page.ts';
import { phoneForForm } from '../../../server/views/countries.ts';
import type { PageAstro } from '../../../server/http/pages/page-astro.ts';
import { pictureProps } from '../../../server/views/picture-form.ts';
import { addressIsProven, profileOf } from '../../../server/services/profile.ts';
import { removeAvatar } from '../../../server/use-cases/remove-avatar.ts';
import { sendAddressProof } from '../../../server/use-cases/send-address-proof.ts';
import { setAvatar } from '../../../server/use-cases/set-avatar.ts';
import { updateProfile } from '../../../server/use-cases/update-profile.ts';

/** What the page says after a form sent it back here (`?saved`, ...), the first mark the address carries. */
function noticeOf(query: URLSearchParams, profile: { fullName: string; email: string }, locale: Locale) {
  const t = { locale };
  return query.has('welcome')
    ? m.account_welcome({ name: profile.fullName }, t)
    : query.has('saved')
      ? m.account_profile_saved({}, t)
      : query.has('password-changed')
        ? m.account_password_changed({}, t)
        : query.has('password-reset')
          ? m.account_password_reset({}, t)
          : query.has('address-link-sent')
            ? m.account_address_link_sent({ email: profile.email }, t)
            : query.has('picture-saved')
              ? m.avatar_saved({}, t)
              : query.has('picture-removed')
                ? m.avatar_removed({}, t)
                : undefined;
}

/**
 * /my-account: full name, phone, e-mail (shown), gender, date of birth, nationality, and the profile picture.
 * Protected (the middleware sends a logged-out visitor home). The islands save through the API; without JavaScript
 * four plain forms post here: the picture (multipart, to `?picture`) and its removal (`?picture-remove`), the
 * address proof's "send again" (`?address-proof`) and the profile.
 */
export async function serveMyAccount(astro: PageAstro) {
  const { locale, account } = astro.locals;
  const self = localizePath('/my-account', locale);
  const page = accountPage(astro);
  const { which, posted: refused } = await submitMarkedForm(
    page.form,
    { picture: setAvatar, 'picture-remove': removeAvatar, 'address-proof': sendAddressProof },
    updateProfile,
  );
  if (refused instanceof Response) return refused;
  if (refused) astro.response.status = refused.status;
  const db = await astro.locals.deps.database();
  const profile = account && (await profileOf(db, account.userId));
  if (!account || !profile) return astro.redirect(localizePath('/', locale));
  const proven = await addressIsProven(db, account.userId);
  const phone = phoneForForm(profile.phone);
  const props = accountFormProps('profile', locale, {
    action: self,
    owner: account.userId,
    csrf: page.csrf,
    posted: which === '' ? refused : undefined,
    values: {
      fullName: profile.fullName,
      email: profile.email,
      phoneCountry: phone.country,
      phone: phone.national,
      gender: profile.gender,
      dateOfBirth: profile.dateOfBirth,
      nationality: profile.nationality,
    },
  });
  const picture = pictureProps(
    locale,
    {
      action: self,
      csrf: page.csrf,
      home: localizePath('/', locale),
      avatarUrl: profile.avatarUrl,
      fullName: profile.fullName,
    },
    which.startsWith('picture') ? refused : undefined,
  );
  return {
    csrf: page.csrf,
    email: profile.email,
    proven,
    // The address proof's "send again" refused: its reason at that form.
    proofErrors: which === 'address-proof' ? (refused?.errors ?? {}) : {},
    props,
    picture,
    notice: noticeOf(astro.url.searchParams, profile, locale),
  };
}
