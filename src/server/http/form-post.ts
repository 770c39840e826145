import type { Locale } from '../../i18n/locales.ts';
import { translate } from '../../i18n/translate.ts';
import { phoneExample } from '../../schemas/phone-example.ts';
import { runtimeDeps } from '../runtime.ts';
import { CSRF_FIELD, csrfMatches, type CookieJar } from '../auth/browser-session.ts';
import { useCaseContext, type Actor, type BookingAccess, type UseCaseContext } from '../use-cases/context.ts';
import { GatewayUnavailable } from '../payments/gateway.ts';
import { issuesToErrors, localizeErrors, refuse, Refused, type RefusalStatus } from '../validation-errors.ts';
import type { AppDeps } from './app.ts';
import { bodyTooLarge, PICTURE_TOO_LARGE, readForm, readPictureForm } from './body-limit.ts';
import { isCrossSite } from './same-origin.ts';

/** What a page hands over: Astro's request, locals and socket address (Astro's `Astro` has all three). */
export interface FormPage {
  request: Request;
  locals: { locale: Locale };
  clientAddress?: string;
  /**
   * The account pages' forms (log in, sign up, profile, ...) carry the browser's anti-forgery token in a hidden
   * field: given this browser's cookies, a post without the matching token is refused (403) before anything runs.
   */
  csrf?: CookieJar;
  /** Who the use case acts for (the account holder on their pages); a guest otherwise. */
  actor?: Actor;
  /**
   * A form a guest may post too (the booking flow's details): it acts for this logged-in holder only when it
   * carries their anti-forgery token, else as a guest (nothing is refused for lacking it).
   */
  holderIfCsrf?: { actor: Actor; jar: CookieJar };
  /** What the browser proves of bookings (its grant cookie, its hold): pages/booking-access-cookie.ts. */
  access?: BookingAccess;
}

/**
 * The form's part of a page, to add to (`{ ...formOf(Astro), access }`): Astro's page object keeps its request and
 * address in getters, which a spread would drop.
 */
export function formOf(page: FormPage): FormPage {
  return {
    request: page.request,
    locals: page.locals,
    ...(page.clientAddress ? { clientAddress: page.clientAddress } : {}),
  };
}

/** A use case as a form runs it: the form's fields as its input, and where to go once it is done. */
export interface FormUseCase<Input, Output> {
  schema: {
    safeParse(
      value: unknown,
    ):
      | { success: true; data: Input }
      | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
  };
  /** The form's fields (`contact.fullName`, `passengers.0.passportNumber`) as the use case's input. */
  fromForm(form: URLSearchParams, picture?: Uint8Array): unknown;
  /** A multipart form carrying a picture (up to 2 MB): its file is read too and given to `fromForm`. */
  takesPicture?: true;
  run(ctx: UseCaseContext, input: Input): Promise<Output>;
  /** The page to show next (303, so a reload does not post again). */
  next(output: Output): string;
  /** Errors keyed by their whole path (nested forms) rather than by top-level field. */
  fullPaths?: boolean;
}

/** A refused post: the page renders again with this status, the values as sent and the reasons at each field. */
export interface FormRefusal {
  status: RefusalStatus;
  /** Localized reasons by field path. */
  errors: Record<string, string[]>;
  /** What was sent, to fill the fields again: nothing typed is lost, and nothing goes into the address. */
  form: URLSearchParams;
}

/**
 * The one way a page runs a use case from its own plain form (before or without JavaScript): the form posts to
 * the page it sits on; success answers 303 to the next page; a refusal comes back as `FormRefusal` for the page to
 * render with the values and errors (4xx, never in the URL). A GET is not a post: `undefined`. A cross-site post
 * (403) or an oversized body (413) answers at once.
 */
export async function submitForm<Input, Output>(
  page: FormPage,
  useCase: FormUseCase<Input, Output>,
  deps: AppDeps = runtimeDeps(),
): Promise<Response | FormRefusal | undefined> {
  const { request, locals } = page;
  if (request.method !== 'POST') return undefined;
  if (isCrossSite(request)) return new Response(null, { status: 403 });
  const posted = useCase.takesPicture ? await readPictureForm(request) : await readForm(request);
  if (posted === 'tooLarge') return tooLargeRefusal(request, locals.locale, useCase.takesPicture);
  const { fields: form, image } = posted instanceof URLSearchParams ? { fields: posted } : posted;
  if (page.csrf && !csrfMatches(page.csrf, form.get(CSRF_FIELD))) {
    // An old tab (its token renewed at login since) or another site's form: say to reload, keep what was typed.
    return { status: 403, errors: localizeErrors({ form: [{ key: 'api_forgery' }] }, locals.locale), form };
  }
  const parsed = useCase.schema.safeParse(useCase.fromForm(form, image));
  if (!parsed.success) {
    const errors = issuesToErrors(parsed.error.issues, useCase.fullPaths);
    return {
      status: 400,
      errors: withPhoneExamples(localizeErrors(errors, locals.locale), form, locals.locale),
      form,
    };
  }
  try {
    const holder =
      page.holderIfCsrf && csrfMatches(page.holderIfCsrf.jar, form.get(CSRF_FIELD))
        ? page.holderIfCsrf.actor
        : undefined;
    const actor = page.actor ?? holder;
    const ctx = await useCaseContext(deps, request, {
      locale: locals.locale,
      ...(actor ? { actor } : {}),
      ...(page.access ? { access: page.access } : {}),
      ...(page.clientAddress ? { socketAddress: page.clientAddress } : {}),
    });
    const output = await useCase.run(ctx, parsed.data).finally(() => {
      // Whatever the use case queued (an e-ticket, a boarding pass, a link; a refusal may have queued one too, such
      // as an expiry) goes out now, not at the next sweep: every form post wakes the mail job.
      deps.mailQueued?.();
    });
    return new Response(null, { status: 303, headers: { Location: useCase.next(output) } });
  } catch (failure) {
    // The bank could not answer just now: nothing changed, and the form says to try again.
    if (failure instanceof GatewayUnavailable) console.error(failure.message);
    const error =
      failure instanceof GatewayUnavailable ? refuse('gateway', 'payment_error_gateway') : failure;
    if (!(error instanceof Refused)) throw error;
    return { status: error.status, errors: localizeErrors(error.errors, locals.locale), form };
  }
}

/**
 * A refused phone number (`phone`, `contact.phone`) ends with an example of its country's numbers, as the phone
 * input adds it in the browser: a plain form has no script to add it. The country is the form's `{field}Country`.
 */
function withPhoneExamples(errors: Record<string, string[]>, form: URLSearchParams, locale: Locale) {
  for (const [field, reasons] of Object.entries(errors)) {
    if (field !== 'phone' && !field.endsWith('.phone')) continue;
    const country = form.get(`${field}Country`) ?? '';
    const example = phoneExample(country === '' ? 'ID' : country); // no country sent: the form's default
    if (example) errors[field] = [...reasons, translate('phone_example', locale, { example })];
  }
  return errors;
}

/**
 * A body over the limit: a picture's form shows it at the picture's field (a phone photo too big is an everyday
 * mistake, not an attack); any other form answers the plain 413.
 */
function tooLargeRefusal(request: Request, locale: Locale, picture?: true): Response | FormRefusal {
  if (!picture) return bodyTooLarge(request);
  const errors = { image: [PICTURE_TOO_LARGE] };
  return { status: 413, errors: localizeErrors(errors, locale), form: new URLSearchParams() };
}
