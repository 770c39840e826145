import type { AstroGlobal } from 'astro';
import type { Locale } from '../../../i18n/locales.ts';
import { messagesFor, type MessageKey } from '../../../i18n/translate.ts';
import type { GoogleSignInProps } from '../../../islands/account/GoogleSignIn.tsx';

const buttonKeys: MessageKey[] = [
  'account_google_continue',
  'account_google_or',
  'account_google_failed',
  'account_google_script_failed',
  'account_google_popup_blocked',
  'notification_generic_error',
];

/**
 * The "Continue with Google" island's props for a page (login, sign-up), or undefined when this installation has no
 * Google client (config.ts): then no button, and no Google address in the page's policy. With one, the page's CSP
 * allows Google's library, and its opener policy lets Google's popup answer the page that opened it.
 */
export function googleButton(
  astro: Pick<AstroGlobal, 'csp' | 'response' | 'locals'>,
  locale: Locale,
  next: string,
): GoogleSignInProps | undefined {
  const google = astro.locals.deps.google;
  if (!google) return undefined;
  // A named source replaces Astro's default 'self' (the site's own modules), so both are given.
  astro.csp?.insertScriptResource("'self'");
  astro.csp?.insertScriptResource(new URL(google.scriptUrl).origin);
  astro.response.headers.set('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
  return {
    locale,
    clientId: google.clientId,
    scriptUrl: google.scriptUrl,
    next,
    messages: messagesFor(buttonKeys, locale),
  };
}
