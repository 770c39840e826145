import type { AstroCookies } from 'astro';
import { eq } from 'drizzle-orm';
import { accessNeeded, maskedEmail, type AccessAction } from '../../../domain/booking-access.ts';
import { BOOKING_ID_PATTERN } from '../../../domain/booking-code.ts';
import { localizePath } from '../../../i18n/locales.ts';
import { astroJar } from '../../auth/cookie-jars.ts';
import { bookings } from '../../db/schema/bookings.ts';
import type { AppDeps } from '../../deps.ts';
import { formOf, submitForm, type FormPage, type FormRefusal } from '../form-post.ts';
import { attachBooking } from '../../services/attach-booking.ts';
import { confirmBookingAccess } from '../../use-cases/confirm-booking-access.ts';
import { sendAccessCode } from '../../use-cases/send-access-code.ts';
import { browserAccess, cookiesCount, taskPath } from './booking-access-cookie.ts';
import { browserBookingAccess, keepPrivate } from './booking-by-id.ts';

type Step = 'send' | 'code' | 'email';

export interface VerifyPage {
  code: string;
  /** Where the code goes, masked; undefined for a booking without contact (no code can be sent). */
  sentTo: string | undefined;
  action: AccessAction;
  /** A code was just sent (back from "Email me a code"). */
  sent: boolean;
  /** "Log in", coming back to the task; undefined when logged in. */
  login: string | undefined;
  /** A refused post: its reasons by field, and what was typed. */
  refused?: FormRefusal;
  /** The address each form posts to, its step named: `…/verify?for=cancel&step=code`. */
  postTo: (step: Step) => string;
}

type Page = FormPage & {
  url: URL;
  cookies: AstroCookies;
  locals: { account?: { userId: string } | undefined; deps: AppDeps };
  response: { status?: number; headers: Headers };
};

const seeOther = (location: string) =>
  new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });

/**
 * /booking/{id}/verify?for=cancel|reschedule|claim|attach: proves a booking opened by its link before it is changed
 * (domain/booking-access.ts). Three plain forms post back here (`step`): "Email me a code" (back with `sent`), the
 * code, or (not to attach) the contact e-mail; a proof lands in the browser's grant cookie and goes on (303) to the
 * task page, or to My booking once attached. Attaching asks for a login first; a browser that proves the booking
 * already goes straight on. Undefined: no such booking (404).
 */
export async function verifyPage(page: Page, id: string): Promise<Response | VerifyPage | undefined> {
  if (!BOOKING_ID_PATTERN.test(id)) return undefined;
  const { locale } = page.locals;
  const asked = page.url.searchParams.get('for') ?? '';
  const action: AccessAction = Object.hasOwn(accessNeeded, asked) ? (asked as AccessAction) : 'cancel';
  const self = (extra = '') => `${localizePath(`/booking/${id}/verify`, locale)}?for=${action}${extra}`;
  const account = cookiesCount(page.request) ? page.locals.account : undefined;
  const actor = account ? ({ kind: 'account', userId: account.userId } as const) : undefined;
  if (action === 'attach' && !account) return seeOther(`${localizePath('/login', locale)}?attach=${id}`);
  const db = await page.locals.deps.database();
  const [booking] = await db
    .select({ code: bookings.code, contactEmail: bookings.contactEmail })
    .from(bookings)
    .where(eq(bookings.id, id));
  if (!booking) return undefined;
  if (page.request.method === 'GET') {
    // Proven already (a grant, or its owner logged in; for attaching, the account's address is the booking's).
    const proven =
      action === 'attach'
        ? account !== undefined && (await attachBooking(db, account.userId, id))
        : (await browserBookingAccess(
            page.locals.deps,
            id,
            action,
            browserAccess(astroJar(page.cookies)),
            actor,
          )) === 'granted';
    if (proven) return seeOther(taskPath(id, action, locale));
  }

  const step = page.url.searchParams.get('step');
  const form = { ...formOf(page), ...(actor ? { actor } : {}) };
  let refused: FormRefusal | undefined;
  if (step === 'send') {
    const posted = await submitForm(form, sendAccessCode, { params: { id }, next: () => self('&sent') });
    if (posted instanceof Response) return posted;
    refused = posted;
  } else if (step === 'code' || (step === 'email' && action !== 'attach')) {
    // The code's form also says whether the booking should join the account (`attach`, a hidden field).
    const posted = await submitForm(form, confirmBookingAccess, {
      params: { id },
      next: (confirmed) =>
        action !== 'attach' || confirmed.attached
          ? taskPath(id, action, locale)
          : localizePath(`/booking/${id}`, locale), // another account's already
    });
    if (posted instanceof Response) return posted;
    refused = posted;
  }
  keepPrivate(page.response.headers);
  if (refused) page.response.status = refused.status;
  const sent = page.url.searchParams.has('sent') || step === 'code';
  return {
    code: booking.code,
    sentTo: booking.contactEmail ? maskedEmail(booking.contactEmail) : undefined,
    action,
    sent,
    login: page.locals.account
      ? undefined
      : `${localizePath('/login', locale)}?next=${encodeURIComponent(taskPath(id, action, locale))}`,
    ...(refused ? { refused } : {}),
    postTo: (to) => self(`${sent ? '&sent' : ''}&step=${to}`),
  };
}
