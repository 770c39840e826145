import type { APIRoute } from 'astro';
import { renderBoardingPassPdf } from '../../../../../server/documents/boarding-pass.ts';
import { checkedInPass } from '../../../../../server/http/pages/checked-in-pass.ts';

export const prerender = false;

/**
 * One checked-in passenger's boarding pass as a PDF, in the language of the address (`/id/...` Indonesian). The
 * booking's unguessable id gives access, as for the e-ticket; 404 until that ticket is checked in.
 */
export const GET: APIRoute = async ({ params, locals }) => {
  const pass = await checkedInPass(locals.deps, params, locals.locale);
  if (!pass) return new Response('Not found', { status: 404 });
  const ticket = pass.ticketNumber;
  return new Response(new Uint8Array(await renderBoardingPassPdf(pass)), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="boarding-pass-${ticket}.pdf"`,
      'Cache-Control': 'private, no-store',
      'Referrer-Policy': 'no-referrer',
    },
  });
};
