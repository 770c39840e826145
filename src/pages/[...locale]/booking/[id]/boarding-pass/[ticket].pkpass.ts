import type { APIRoute } from 'astro';
import { checkedInPass } from '../../../../../server/http/pages/checked-in-pass.ts';
import {
  appleWalletPass,
  PKPASS_MEDIA_TYPE,
  walletImagesFrom,
} from '../../../../../server/wallets/apple-wallet.ts';

export const prerender = false;

/**
 * "Add to Apple Wallet": one checked-in passenger's boarding pass as a signed `.pkpass`, which Safari on an iPhone
 * hands to Wallet by its media type (server/wallets/apple-wallet.ts), in the address's language. The booking's
 * unguessable id gives access, as for the PDF; 404 until that ticket is checked in, or without Apple's certificates.
 */
export const GET: APIRoute = async ({ params, locals }) => {
  const { deps, locale } = locals;
  const wallet = deps.appleWallet;
  const pass = wallet && (await checkedInPass(deps, params, locale));
  if (!wallet || !pass) return new Response('Not found', { status: 404 });
  const bundle = appleWalletPass(pass, wallet, await walletImagesFrom());
  return new Response(new Uint8Array(bundle), {
    headers: {
      'Content-Type': PKPASS_MEDIA_TYPE,
      'Content-Disposition': `attachment; filename="boarding-pass-${pass.ticketNumber}.pkpass"`,
      'Cache-Control': 'private, no-store',
      'Referrer-Policy': 'no-referrer',
    },
  });
};
