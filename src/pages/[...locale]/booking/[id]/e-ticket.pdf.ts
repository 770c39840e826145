import type { APIRoute } from 'astro';
import { renderETicketPdf } from '../../../../server/documents/e-ticket.ts';
import { hasETickets } from '../../../../server/views/order-actions.ts';
import { bookingById } from '../../../../server/http/pages/booking-by-id.ts';

export const prerender = false;

/**
 * The e-tickets of a paid booking as one PDF (a page per passenger), in the language of the address it was asked
 * for (`/id/...` Indonesian), whatever language the booking was made in. 404 until the booking is paid, and once
 * every ticket is cancelled.
 */
export const GET: APIRoute = async ({ params, locals }) => {
  const { locale } = locals;
  const view = await bookingById(locals.deps, params.id, locale);
  if (view?.status !== 'paid') return new Response('Not found', { status: 404 });
  // Every ticket cancelled: nothing left to show at a gate.
  if (!hasETickets(view)) return new Response('Not found', { status: 404 });
  const pdf = await renderETicketPdf({ ...view, locale }, { siteUrl: locals.deps.siteUrl });
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="e-ticket-${view.code}.pdf"`,
      'Cache-Control': 'private, no-store',
      'Referrer-Policy': 'no-referrer',
    },
  });
};
