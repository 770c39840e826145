import type { APIRoute } from 'astro';
import { checkedInPass } from '../../../../../../server/http/pages/checked-in-pass.ts';
import { googleWalletSaveUrl } from '../../../../../../server/wallets/google-wallet.ts';

export const prerender = false;

/**
 * "Add to Google Wallet" for one checked-in passenger's boarding pass: on to Google's save page with the signed pass
 * (server/wallets/google-wallet.ts), in the address's language. The booking's unguessable id gives access, as for the
 * PDF; 404 until that ticket is checked in, or when this installation has no Google Wallet issuer.
 */
export const GET: APIRoute = async ({ params, locals }) => {
  const { deps, locale } = locals;
  const wallet = deps.googleWallet;
  const pass = wallet && (await checkedInPass(deps, params, locale));
  if (!wallet || !pass) return new Response('Not found', { status: 404 });
  return new Response(null, {
    status: 303,
    headers: {
      Location: await googleWalletSaveUrl(pass, wallet, deps.siteUrl, deps.clock()),
      'Cache-Control': 'private, no-store',
      'Referrer-Policy': 'no-referrer',
    },
  });
};
