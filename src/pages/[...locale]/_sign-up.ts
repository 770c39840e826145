import { BOOKING_ID_PATTERN } from '../../domain/booking-code.ts';
import { DEFAULT_PHONE_COUNTRY } from '../../domain/phone-country.ts';
import { localizePath } from '../../i18n/locales.ts';
import { submitForm } from '../../server/http/form-post.ts';
import { accountFormProps } from '../../server/views/account-form-props.ts';
import { phoneForForm } from '../../server/views/countries.ts';
import { accountPage } from '../../server/http/pages/account-page.ts';
import { contactProvenHere } from '../../server/http/pages/booking-by-id.ts';
import { visitorPhoneCountry } from '../../server/http/pages/country-guess.ts';
import { googleButton } from '../../server/http/pages/google-button.ts';
import type { PageAstro } from '../../server/http/pages/page-astro.ts';
import { register } from '../../server/use-cases/register.ts';

/**
 * /sign-up: full name, e-mail, phone, password twice, the terms. The answer is "check your e-mail" whatever the
 * address (its link opens the account); the island sends the same to POST /api/auth/register. A logged-in visitor
 * goes on to My booking. From a guest booking's prompt (`?attach={id}`), that booking joins the account once its
 * address is confirmed: then the e-mail sign-up alone, as its link is what attaches the booking (no Google button),
 * starting from the booking's contact person when this browser made or proved the booking.
 */
export async function serveSignUp(astro: PageAstro) {
  const { locale } = astro.locals;
  if (astro.locals.account) return astro.redirect(localizePath('/my-booking', locale));
  const page = accountPage(astro);
  const posted = await submitForm(page.form, register);
  if (posted instanceof Response) return posted;
  if (posted) astro.response.status = posted.status;
  const attach = astro.url.searchParams.get('attach') ?? '';
  // From the booking's own prompt, in the browser that booked: the sign-up starts from its contact person.
  const contact = posted
    ? undefined
    : await contactProvenHere(astro.locals.deps, astro.cookies, astro.request, attach);
  const phone = contact && phoneForForm(contact.phone);
  const props = accountFormProps('signUp', locale, {
    action: `${localizePath('/sign-up', locale)}${astro.url.search}`,
    csrf: page.csrf,
    posted,
    sent: astro.url.searchParams.has('sent'),
    ...(BOOKING_ID_PATTERN.test(attach) ? { hidden: { attach } } : {}),
    // A refused post shows what was sent: no guess needed.
    values:
      contact && phone
        ? {
            fullName: contact.fullName,
            email: contact.email,
            phoneCountry: phone.country,
            phone: phone.national,
          }
        : {
            phoneCountry: posted
              ? DEFAULT_PHONE_COUNTRY
              : await visitorPhoneCountry(astro.request, astro.clientAddress, astro.locals.deps),
          },
  });
  const google = BOOKING_ID_PATTERN.test(attach)
    ? undefined
    : googleButton(astro, locale, localizePath('/my-account', locale));
  return { props, google };
}
