import { messageFromData } from '../i18n/translate.ts';
import type { Locale } from '../i18n/locales.ts';

/** Refusals per field as message keys (with parameters), before they are put in the reader's language. */
export type ErrorKeys = Record<string, { key: string; params?: Record<string, unknown> }[]>;

/**
 * Zod issues (messages are keys) grouped by their first path segment, or by the whole path (`passengers.0.fullName`)
 * for nested payloads whose forms show each error at its own field.
 */
export function issuesToErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fullPath = false,
): ErrorKeys {
  const errors: ErrorKeys = {};
  for (const issue of issues) {
    const field = (fullPath ? issue.path.map(String).join('.') : String(issue.path[0] ?? '')) || 'query';
    (errors[field] ??= []).push({ key: issue.message });
  }
  return errors;
}

/** The same map with every key written out in `locale`: what the API and the pages show. */
export function localizeErrors(errors: ErrorKeys, locale: Locale): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, list]) => [
      field,
      list.map((e) => messageFromData(e.key, locale, e.params)),
    ]),
  );
}

/**
 * How a refusal answers over HTTP: bad input, no (or an ended) session, a forged request, unknown, conflict with the current state, too late/closed, too many
 * attempts, or a service behind us (the payment gateway) that could not answer just now.
 */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 503;

/**
 * A use case said no for a reason the person can act on: an HTTP status plus the message keys per field. Services
 * throw it; routes and pages turn it into a localized answer (never a 500).
 */
export class Refused extends Error {
  readonly status: RefusalStatus;
  readonly errors: ErrorKeys;
  /** When to come back, in seconds (a limit that lifts): the API says it as `Retry-After`. */
  readonly retryAfter: number | undefined;
  /** Its one reason is the answer's message too (a failed login), not the general "check the fields". */
  readonly said: boolean;
  constructor(
    status: RefusalStatus,
    errors: ErrorKeys,
    options: { retryAfter?: number; said?: boolean } = {},
  ) {
    super(`refused (${String(status)})`);
    this.status = status;
    this.errors = errors;
    this.retryAfter = options.retryAfter;
    this.said = options.said ?? false;
  }
}

/**
 * Every refusal a use case can give, by its code (also its message key in both catalogues), with the one HTTP
 * status it answers: the one place that maps domain refusals to statuses. Bad input found by a schema is 400 with
 * the schema's own keys (`Refused(400, errors)`).
 */
export const refusalStatuses = {
  api_booking_not_found: 404,
  check_order_not_found: 404,
  booking_error_not_editable: 409,
  booking_error_hold_expired: 409,
  hold_error_extended_once: 409,
  payment_error_details_missing: 409,
  hold_error_sold_out: 409,
  hold_error_closed: 422,
  hold_error_out: 400,
  hold_error_ret: 400,
  hold_error_operator: 400,
  search_error_route: 400,
  results_return_after: 400,
  payment_error_method: 400,
  payment_error_no_qr: 409,
  booking_error_passenger_count: 400,
  checkin_error_not_paid: 409,
  checkin_error_ticket: 404,
  checkin_error_not_open: 422,
  checkin_error_closed: 422,
  checkin_error_not_active: 409,
  checkin_error_passport: 422,
  checkin_error_sailing_cancelled: 409,
  reschedule_error_not_paid: 409,
  reschedule_error_ticket: 404,
  reschedule_error_one_leg: 422,
  reschedule_error_closed: 422,
  reschedule_error_cancelled_closed: 422,
  reschedule_error_checked_in: 409,
  reschedule_error_already: 409,
  reschedule_error_not_active: 409,
  reschedule_error_sailing: 422,
  reschedule_error_same_sailing: 422,
  reschedule_error_too_soon: 422,
  reschedule_error_sold_out: 409,
  reschedule_error_after_return: 422,
  reschedule_error_before_outbound: 422,
  reschedule_error_minors: 422,
  reschedule_error_payment: 422,
  cancel_error_not_paid: 409,
  cancel_error_ticket: 404,
  cancel_error_closed: 422,
  cancel_error_claim_closed: 422,
  cancel_error_checked_in: 409,
  cancel_error_not_active: 409,
  cancel_error_minors: 422,
  claim_error_not_paid: 409,
  claim_error_not_open: 409,
  claim_error_operator: 422,
  claim_error_expired: 422,
  claim_error_closed_online: 422,
  claim_error_not_active: 409,
  claim_error_sold_out: 409,
  booking_access_required: 403,
  booking_access_wrong_email: 422,
  booking_access_code_wrong: 422,
  booking_access_no_contact: 409,
  api_body_too_large: 413,
  api_rate_limited: 429,
  api_busy: 503,
  session_expired: 401,
  api_client_required: 401,
  api_forgery: 403,
  account_link_invalid: 422,
  account_login_failed: 400,
  account_verify_password: 422,
  api_passenger_not_found: 404,
  passenger_list_full: 422,
  account_password_common: 400,
  account_error_current_password: 422,
  account_error_birth_date_future: 422,
  avatar_error_too_large: 413,
  avatar_error_unreadable: 422,
  avatar_error_pixels: 422,
  avatar_error_missing: 400,
  avatar_not_found: 404,
  account_google_unavailable: 404,
  account_google_failed: 422,
  account_google_unverified: 422,
  account_google_unreachable: 503,
  account_google_use_password: 409,
  account_google_other_account: 409,
  payment_error_gateway: 503,
  staff_sign_in_required: 401,
  staff_role_required: 403,
  staff_error_email_taken: 409,
  staff_error_link: 422,
  staff_error_sign_in: 400,
  staff_error_session: 401,
  staff_error_code: 422,
  staff_error_not_found: 404,
  staff_error_self: 422,
  announcement_error_not_found: 404,
  announcement_error_route: 422,
  announcement_error_times: 422,
  announcement_error_too_long: 422,
  announcement_error_time: 422,
  announcement_error_text_en: 422,
  announcement_error_text_id: 422,
  announcement_error_ended: 422,
  staff_resend_not_paid: 409,
  staff_resend_not_checked_in: 409,
  staff_resend_cancelled: 409,
  staff_refund_not_found: 404,
  staff_passenger_not_found: 404,
  staff_correct_checked_in: 409,
  staff_contact_unchanged: 422,
  staff_contact_none: 409,
  staff_extend_not_awaiting: 409,
  staff_extend_already_extended: 409,
  staff_extend_too_close: 409,
  data_request_not_found: 404,
  data_request_answered: 409,
  data_request_error_received: 422,
  staff_refund_already_paid: 409,
  staff_refund_at_gateway: 409,
  staff_sailing_not_found: 404,
  staff_sailing_departed: 409,
  staff_sailing_already_cancelled: 409,
  staff_sailing_cancelled: 409,
  staff_capacity_below_sold: 409,
  staff_capacity_not_whole: 422,
  checkin_error_sex_of: 422,
  staff_delay_sailing_cancelled: 409,
  staff_delay_departed: 409,
  staff_delay_not_later: 422,
  staff_delay_too_long: 422,
  staff_delay_clash: 409,
  staff_operator_stale: 409,
  staff_delay_moved: 409,
  gate_error_code: 422,
  gate_device_required: 401,
  gate_device_not_found: 404,
  gate_device_revoked: 409,
  gate_sailing_not_found: 404,
} as const satisfies Record<string, RefusalStatus>;
export type RefusalCode = keyof typeof refusalStatuses;

/** A one-field refusal: `refuse('booking', 'booking_error_not_editable')`, its status from `refusalStatuses`. */
export function refuse(field: string, code: RefusalCode, params?: Record<string, unknown>) {
  return new Refused(refusalStatuses[code], { [field]: [params ? { key: code, params } : { key: code }] });
}
