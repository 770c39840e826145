import type { Locale } from '../../i18n/locales.ts';
import { translate } from '../../i18n/translate.ts';
import { phoneExample } from '../../schemas/phone-example.ts';
import { CSRF_FIELD, csrfMatches, type CookieJar } from '../auth/browser-session.ts';
import type { AstroCookies } from 'astro';
import type * as z from 'zod/mini';
import { formToInput } from '../../schemas/form-to-input.ts';
import { browserSession } from '../auth/browser-effects.ts';
import { astroJar } from '../auth/cookie-jars.ts';
import type { Actor, BookingAccess, UseCaseContext } from '../use-cases/context.ts';
import type { AnyUseCase, UseCase } from '../use-cases/use-case.ts';
import { runUseCase, useCaseContext } from './use-case-context.ts';
import { GatewayUnavailable } from '../payments/gateway.ts';
import { issuesToErrors, localizeErrors, refuse, Refused, type RefusalStatus } from '../validation-errors.ts';
import type { AppDeps } from '../deps.ts';
import { bodyTooLarge, PICTURE_TOO_LARGE, readForm, readPictureForm, takesPicture } from './body-limit.ts';
import { isCrossSite } from './same-origin.ts';
import { DEFAULT_PHONE_COUNTRY } from '../../domain/phone-country.ts';
import { log } from '../observability/log.ts';
import { countUnavailable } from '../observability/metrics.ts';

/** What a page hands over: Astro's request, locals and socket address (Astro's `Astro` has all three). */
export interface FormPage {
  request: Request;
  /** The page's language, and the process's dependencies (absent in tests, which pass theirs to `submitForm`). */
  locals: { locale: Locale; deps?: AppDeps };
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
  /** The browser's cookies, which the use case may change (`ctx.session`: log in or out, keep a hold or a grant). */
  jar?: CookieJar;
}

/**
 * A page's form part from Astro's page object (`{ ...formOf(Astro), access }`): Astro keeps its request and
 * address in getters, which a spread would drop; its cookies become the jar the use case may change.
 */
export function formOf(page: {
  request: Request;
  locals: { locale: Locale; deps?: AppDeps };
  clientAddress?: string;
  cookies?: AstroCookies;
}): FormPage {
  return {
    request: page.request,
    locals: page.locals,
    ...(page.clientAddress ? { clientAddress: page.clientAddress } : {}),
    ...(page.cookies ? { jar: astroJar(page.cookies) } : {}),
  };
}

/** A refused post: the page renders again with this status, the values as sent and the reasons at each field. */
export interface FormRefusal {
  status: RefusalStatus;
  /** Localized reasons by field path. */
  errors: Record<string, string[]>;
  /** What was sent, to fill the fields again: nothing typed is lost, and nothing goes into the address. */
  form: URLSearchParams;
}

/** What a page may say about its use of a use case's form door. */
export interface FormOptions<Input, Output> {
  /** The page's address parameters (`{ id }` of `/booking/{id}/...`), as the use case's `address` reads them. */
  params?: Record<string, string | undefined>;
  /** Where this page goes once it is done, when not the declaration's next page (a second page of one use case). */
  next?: (output: Output, ctx: UseCaseContext, input: Input) => string;
  /** Fields the page gives itself, whatever was posted (the holder's own address): never taken from the form. */
  fixed?: Record<string, unknown>;
}

/**
 * The form door of a declared use case (use-case.ts), the one way a page runs one from its own plain form (before
 * or without JavaScript): the form posts to the page it sits on, its fields are read through the use case's schema
 * (`formToInput`), and it runs as the JSON door runs it (`runUseCase`, with this browser's cookies as
 * `ctx.session`). Success answers 303 to the next page; a refusal comes back as `FormRefusal` for the page to render
 * with the values and errors (4xx, never in the URL). A GET is not a post: `undefined`. A cross-site post (403) or
 * an oversized body (413) answers at once.
 */
export async function submitForm<Schema extends z.ZodMiniType, Params, Output>(
  page: FormPage,
  useCase: UseCase<Schema, Params, Output>,
  options: FormOptions<z.output<Schema> & Params, Output> = {},
  deps: AppDeps | undefined = page.locals.deps,
): Promise<Response | FormRefusal | undefined> {
  if (!deps) throw new Error('submitForm needs the process dependencies (locals.deps)');
  const { request, locals } = page;
  if (request.method !== 'POST') return undefined;
  if (isCrossSite(request)) return new Response(null, { status: 403 });
  // A page that takes a picture reads its post as one, whichever of its forms it is (its file is then ignored).
  const picture = useCase.route?.picture ?? (takesPicture(new URL(request.url).pathname) || undefined);
  const posted = picture ? await readPictureForm(request) : await readForm(request);
  if (posted === 'tooLarge') return tooLargeRefusal(request, locals.locale, picture);
  const { fields: form, image } = posted instanceof URLSearchParams ? { fields: posted } : posted;
  if (page.csrf && !csrfMatches(page.csrf, form.get(CSRF_FIELD))) {
    // An old tab (its token renewed at login since) or another site's form: say to reload, keep what was typed.
    return { status: 403, errors: localizeErrors({ form: [{ key: 'api_forgery' }] }, locals.locale), form };
  }
  const fields = { ...(formToInput(useCase.input, form) as object), ...options.fixed };
  const parsed = useCase.input.safeParse(image ? { ...fields, image } : fields);
  if (!parsed.success) {
    const errors = issuesToErrors(parsed.error.issues, useCase.fullPaths);
    return {
      status: 400,
      errors: withPhoneExamples(localizeErrors(errors, locals.locale), form, locals.locale),
      form,
    };
  }
  try {
    const input = {
      ...(parsed.data as object),
      ...useCase.address?.(options.params ?? {}),
    } as z.output<Schema> & Params;
    const holder =
      page.holderIfCsrf && csrfMatches(page.holderIfCsrf.jar, form.get(CSRF_FIELD))
        ? page.holderIfCsrf.actor
        : undefined;
    const actor = page.actor ?? holder;
    const jar = page.jar ?? page.csrf;
    const ctx = await useCaseContext(deps, request, {
      locale: locals.locale,
      ...(actor ? { actor } : {}),
      ...(page.access ? { access: page.access } : {}),
      ...(page.clientAddress ? { socketAddress: page.clientAddress } : {}),
      ...(jar ? { session: browserSession(jar, deps, request) } : {}),
    });
    const output = await runUseCase(useCase, ctx, input);
    const next = options.next ?? useCase.form?.next;
    if (!next) throw new Error(`${useCase.name} has no form door`);
    return new Response(null, { status: 303, headers: { Location: next(output, ctx, input) } });
  } catch (failure) {
    // The bank could not answer just now: nothing changed, and the form says to try again.
    if (failure instanceof GatewayUnavailable) {
      countUnavailable('gateway');
      log.warn({ err: failure }, 'payment gateway unavailable');
    }
    const error =
      failure instanceof GatewayUnavailable ? refuse('gateway', 'payment_error_gateway') : failure;
    if (!(error instanceof Refused)) throw error;
    return { status: error.status, errors: localizeErrors(error.errors, locals.locale), form };
  }
}

/**
 * A page with several plain forms, each marked in its action's query (`/my-account?picture`): the use case of the
 * first mark the address carries runs, else `unmarked` (the page's main form). `which` names the one that ran.
 */
export async function submitMarkedForm(
  page: FormPage,
  marked: Record<string, AnyUseCase>,
  unmarked: AnyUseCase,
): Promise<{ which: string; posted: Response | FormRefusal | undefined }> {
  const query = new URL(page.request.url).searchParams;
  const which = Object.keys(marked).find((mark) => query.has(mark)) ?? '';
  return { which, posted: await submitForm(page, marked[which] ?? unmarked) };
}

/**
 * A refused phone number (`phone`, `contact.phone`) ends with an example of its country's numbers, as the phone
 * input adds it in the browser: a plain form has no script to add it. The country is the form's `{field}Country`.
 */
function withPhoneExamples(errors: Record<string, string[]>, form: URLSearchParams, locale: Locale) {
  for (const [field, reasons] of Object.entries(errors)) {
    if (field !== 'phone' && !field.endsWith('.phone')) continue;
    const country = form.get(`${field}Country`) ?? '';
    const example = phoneExample(country === '' ? DEFAULT_PHONE_COUNTRY : country); // no country sent: the form's default
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
