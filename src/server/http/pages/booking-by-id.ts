import type { AstroCookies } from 'astro';
import { useCasePorts } from '../use-case-ports.ts';
import type { AccessAction } from '../../../domain/booking-access.ts';
import { BOOKING_ID_PATTERN } from '../../../domain/booking-code.ts';
import { linkSecretOf } from '../../auth/account-links.ts';
import { astroJar } from '../../auth/cookie-jars.ts';
import { bookingAccessFor, linkView } from '../../services/booking-access.ts';
import type { Actor, BookingAccess } from '../../use-cases/context.ts';
import { browserAccess, cookiesCount, verifyPath } from './booking-access-cookie.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { formOf, submitForm, type FormPage, type FormRefusal } from '../form-post.ts';
import type { AnyUseCase } from '../../use-cases/use-case.ts';
import type { AppDeps } from '../../deps.ts';
import { bookingView, type BookingView } from '../../services/booking-view.ts';

/**
 * The booking a page's address names (`/booking/{id}...`), in the page's language; undefined for an unknown or
 * malformed id. The unguessable id is what gives access, so pages showing it also send `noStoreHeaders`.
 */
export async function bookingById(
  deps: AppDeps,
  id: string | undefined,
  locale: Locale,
): Promise<BookingView | undefined> {
  if (!id || !BOOKING_ID_PATTERN.test(id)) return undefined;
  const view = await bookingView(await deps.database(), deps.network, id, locale);
  return view && linkView(view);
}

/** Never cached, and the id never leaves in a Referer to another site. */
export function keepPrivate(headers: Headers): void {
  headers.set('Cache-Control', 'no-store');
  headers.set('Referrer-Policy', 'no-referrer');
}

/**
 * A booking's task page (reschedule, cancel, claim) with its own form. Those change the booking's sailing or move
 * money, so the browser must prove the booking first (domain/booking-access.ts): its owner logged in, or a grant in
 * its cookie; otherwise it is sent to the booking's verify page (303), which comes back here. Then runs the use case
 * when the form was posted (success answers 303, returned as is), and reads the booking the address names, in the
 * page's language. Found, the answer is made private and carries the refused post's status; not found, `booking` is
 * undefined and the page answers its 404. Check-in passes no `action`: the link is enough for it.
 */
export async function bookingTaskPage(
  page: FormPage & {
    response: { status?: number; headers: Headers };
    cookies: AstroCookies;
    locals: { account?: { userId: string } | undefined; deps: AppDeps };
  },
  id: string,
  useCase: AnyUseCase,
  action?: AccessAction,
): Promise<
  Response | { booking: BookingView | undefined; posted: FormRefusal | undefined; choices: URLSearchParams }
> {
  const counted = cookiesCount(page.request);
  const access = counted ? browserAccess(astroJar(page.cookies)) : { grants: [] };
  const account = counted ? page.locals.account : undefined;
  const actor = account ? ({ kind: 'account', userId: account.userId } as const) : undefined;
  // An unknown booking is not found, as before: only a refusal goes to the verify page.
  if (
    action &&
    BOOKING_ID_PATTERN.test(id) &&
    (await browserBookingAccess(page.locals.deps, id, action, access, actor)) === 'refused'
  )
    return new Response(null, {
      status: 303,
      headers: { Location: verifyPath(id, action, page.locals.locale), 'Cache-Control': 'no-store' },
    });
  const form = { ...formOf(page), access, ...(actor ? { actor } : {}) };
  const posted = await submitForm(form, useCase, { params: { id } });
  if (posted instanceof Response) return posted;
  const booking = await bookingById(page.locals.deps, id, page.locals.locale);
  if (booking) {
    keepPrivate(page.response.headers);
    page.response.status = posted?.status ?? 200;
  }
  // What the form shows chosen: the refused post's fields, else the address (its GET steps, "Show ...").
  return { booking, posted, choices: posted?.form ?? new URL(page.request.url).searchParams };
}

/**
 * What this browser proves of a booking for `action` (services/booking-access.ts): its grants and its login, read
 * with the process's dependencies. The task pages and the verify page ask it.
 */
export async function browserBookingAccess(
  deps: AppDeps,
  id: string,
  action: AccessAction,
  access: BookingAccess,
  actor: Actor | undefined,
) {
  const ctx = {
    db: await deps.database(),
    clock: deps.clock,
    linkSecret: () => linkSecretOf(deps),
    access,
    actor: actor ?? { kind: 'guest' as const },
    auth: useCasePorts.auth,
  };
  return bookingAccessFor(ctx, id, action);
}

/**
 * The contact person of a booking this browser proved (a grant as strong as Manage booking asks: the code with the
 * contact e-mail, or the e-mailed code), for the sign-up that joins the booking to an account to start from.
 * Undefined for anyone else: a booking's link alone never tells its contact's address, nor does the hold cookie,
 * which is a plain id anyone can set.
 */
export async function contactProvenHere(
  deps: AppDeps,
  cookies: AstroCookies,
  request: Request,
  id: string,
): Promise<BookingView['contact']> {
  if (!BOOKING_ID_PATTERN.test(id) || !cookiesCount(request)) return undefined;
  const access = browserAccess(astroJar(cookies));
  if ((await browserBookingAccess(deps, id, 'manage', access, undefined)) !== 'granted') return undefined;
  return (await bookingView(await deps.database(), deps.network, id, 'en'))?.contact;
}
