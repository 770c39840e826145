import { addMonths, toLocal } from './port-time.ts';

/** Open and fixed tickets expire 3 months after issue (docs/product-rules.md, Tickets). */
export const TICKET_VALID_MONTHS = 3;

/** The agency's own clock: a ticket's issue date (and so its expiry) is a Batam date, whatever the route. */
const AGENCY_ZONE = 'Asia/Jakarta';

/** The Batam calendar date a ticket paid at `paidAt` was issued on: `2026-11-20`. */
export function ticketIssuedOn(paidAt: Date): string {
  return toLocal(paidAt, AGENCY_ZONE).date;
}

/** The last calendar date a ticket issued on `issuedOn` can be used: `2026-11-20` -> `2027-02-20`. */
export function ticketValidUntil(issuedOn: string): string {
  return addMonths(issuedOn, TICKET_VALID_MONTHS);
}

/** An open ticket's validity as the after-sales rules read it at `now`: its last day and Batam's today. */
export function openTicketValidity(issuedAt: Date, now: Date): { validUntil: string; today: string } {
  return { validUntil: ticketValidUntil(ticketIssuedOn(issuedAt)), today: toLocal(now, AGENCY_ZONE).date };
}
