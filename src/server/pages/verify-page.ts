import type { AstroCookies } from 'astro';
import { eq } from 'drizzle-orm';
import { accessNeeded, maskedEmail, type AccessAction } from '../../domain/booking-access.ts';
import { BOOKING_ID_PATTERN } from '../../domain/booking-code.ts';
import { localizePath } from '../../i18n/locales.ts';
import { astroJar } from '../auth/cookie-jars.ts';
import { bookings } from '../db/schema/bookings.ts';
import { formOf, submitForm, type FormPage, type FormRefusal } from '../http/form-post.ts';
import { runtimeDeps } from '../runtime.ts';
import { confirmBookingAccess } from '../use-cases/confirm-booking-access.ts';
import { sendAccessCode } from '../use-cases/send-access-code.ts';
import { attachBooking } from '../services/attach-booking.ts';
import { keepGrant } from './booking-access-cookie.ts';
import { keepPrivate } from './booking-by-id.ts';

/** Where each action is done, once the booking is proven: its task page, or My booking for an attached one. */
const taskPages = { cancel: 'cancellation', reschedule: 'reschedule', claim: 'claim' } as const;

export interface VerifyPage {
  code: string;
  /** Where the code goes, masked; undefined for a booking without contact (no code can be sent). */
  sentTo: string | undefined;
  action: AccessAction;
  /** A code was just sent (back from "Email me a code"). */
  sent: boolean;
  loggedIn: boolean;
  /** A refused post, with the step it came from. */
  refused?: FormRefusal & { step: 'send' | 'code' | 'email' };
  /** The address the page's forms post to, with the step added: `…/verify?for=cancel&step=code`. */
  postTo: (step: 'send' | 'code' | 'email') => string;
}

type Page = FormPage & {
  url: URL;
  cookies: AstroCookies;
  locals: { account?: { userId: string } | undefined };
  response: { status?: number; headers: Headers };
};

/**
 * /booking/{id}/verify?for=cancel|reschedule|claim|attach: proves a booking opened by its link before it is changed
 * (domain/booking-access.ts). Three plain forms post back here (`step`): "Email me a code" (back with `sent`), the
 * code, or (not to attach) the contact e-mail; a proof lands in the browser's grant cookie and goes on (303) to the
 * task page, or to My booking once attached. Attaching asks for a login first. Undefined: no such booking (404).
 */
export async function verifyPage(page: Page, id: string): Promise<Response | VerifyPage | undefined> {
  if (!BOOKING_ID_PATTERN.test(id)) return undefined;
  const { locale } = page.locals;
  const asked = page.url.searchParams.get('for') ?? '';
  const action: AccessAction = asked in accessNeeded ? (asked as AccessAction) : 'cancel';
  const self = (extra = '') => `${localizePath(`/booking/${id}/verify`, locale)}?for=${action}${extra}`;
  const account = page.locals.account;
  if (action === 'attach' && !account)
    return new Response(null, {
      status: 303,
      headers: { Location: `${localizePath('/login', locale)}?attach=${id}` },
    });
  const db = await runtimeDeps().database();
  const [booking] = await db
    .select({ code: bookings.code, contactEmail: bookings.contactEmail })
    .from(bookings)
    .where(eq(bookings.id, id));
  if (!booking) return undefined;
  // An account whose proven address is the booking's has it already: pinned to it, on to My booking.
  if (action === 'attach' && account && (await attachBooking(db, account.userId, id)))
    return new Response(null, {
      status: 303,
      headers: { Location: localizePath(`/my-booking/${id}`, locale) },
    });

  const step = page.url.searchParams.get('step');
  const form = {
    ...formOf(page),
    access: { grants: [] },
    ...(account ? { actor: { kind: 'account' as const, userId: account.userId } } : {}),
  };
  let refused: FormRefusal | undefined;
  if (step === 'send') {
    const posted = await submitForm(form, {
      schema: sendAccessCode.input,
      fromForm: () => ({}),
      run: (ctx) => sendAccessCode.run(ctx, { bookingId: id }),
      next: () => self('&sent'),
    });
    if (posted instanceof Response) return posted;
    refused = posted;
  } else if (step === 'code' || (step === 'email' && action !== 'attach')) {
    const posted = await submitForm(form, {
      schema: confirmBookingAccess.input,
      fromForm: (fields) =>
        step === 'code'
          ? { code: fields.get('code') ?? '', attach: action === 'attach' }
          : { email: fields.get('email') ?? '' },
      run: (ctx, input) => confirmBookingAccess.run(ctx, { ...input, bookingId: id }),
      next: (confirmed) => {
        keepGrant(astroJar(page.cookies), confirmed.grant);
        if (action !== 'attach') return localizePath(`/booking/${id}/${taskPages[action]}`, locale);
        return localizePath(confirmed.attached ? `/my-booking/${id}` : `/booking/check-order/${id}`, locale);
      },
    });
    if (posted instanceof Response) return posted;
    refused = posted;
  }
  keepPrivate(page.response.headers);
  if (refused) page.response.status = refused.status;
  return {
    code: booking.code,
    sentTo: booking.contactEmail ? maskedEmail(booking.contactEmail) : undefined,
    action,
    sent: page.url.searchParams.has('sent') || step === 'code',
    loggedIn: account !== undefined,
    ...(refused && (step === 'send' || step === 'code' || step === 'email')
      ? { refused: { ...refused, step } }
      : {}),
    postTo: (to) => self(`${page.url.searchParams.has('sent') ? '&sent' : ''}&step=${to}`),
  };
}
