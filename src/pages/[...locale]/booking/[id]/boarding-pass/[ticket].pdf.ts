import type { APIRoute } from 'astro';
import { serverBoardingPassKeys } from '../../../../../server/boarding-pass/keys.ts';
import { renderBoardingPassPdf } from '../../../../../server/documents/boarding-pass.ts';
import { bookingById } from '../../../../../server/http/pages/booking-by-id.ts';
import { boardingPassOf } from '../../../../../server/documents/boarding-pass-of.ts';

export const prerender = false;

/**
 * One checked-in passenger's boarding pass as a PDF, in the language of the address (`/id/...` Indonesian). The
 * booking's unguessable id gives access, as for the e-ticket; 404 until that ticket is checked in.
 */
export const GET: APIRoute = async ({ params, locals }) => {
  const view = await bookingById(locals.deps, params.id, locals.locale);
  const ticket = params.ticket ?? '';
  if (!view || !/^[A-Z0-9-]{6,16}$/.test(ticket)) return new Response('Not found', { status: 404 });
  const deps = locals.deps;
  const pass = await boardingPassOf(
    await deps.database(),
    deps.network,
    { ...view, locale: locals.locale },
    ticket,
    serverBoardingPassKeys().signer,
  );
  if (!pass) return new Response('Not found', { status: 404 });
  return new Response(new Uint8Array(await renderBoardingPassPdf(pass)), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="boarding-pass-${ticket}.pdf"`,
      'Cache-Control': 'private, no-store',
      'Referrer-Policy': 'no-referrer',
    },
  });
};
