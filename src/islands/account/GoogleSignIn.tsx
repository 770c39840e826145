import { useState } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { sessionStarted, type CachedProfile } from '../../stores/session.ts';
import { callApi } from '../shared/api.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import { loadGoogleLibrary } from './google-library.ts';

export interface GoogleSignInProps {
  locale: Locale;
  clientId: string;
  scriptUrl: string;
  /** Where to go once logged in. */
  next: string;
  messages: Record<string, string>;
}

/**
 * "Continue with Google" (login and sign-up): Google's library loaded on demand, an authorization code asked for
 * in its popup (`openid email profile`), and the code sent to `POST /api/auth/google`, which exchanges and verifies
 * it on the server and logs this browser in. Shown only once the page runs JavaScript (the popup needs it).
 */
export default function GoogleSignIn(props: GoogleSignInProps) {
  const t = (key: string) => props.messages[key] ?? key;
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  if (!hydrated) return null;

  const prefetch = () => {
    loadGoogleLibrary(props.scriptUrl).catch(() => undefined);
  };

  const signIn = async (code: string) => {
    const answer = await callApi('/api/auth/google', {
      method: 'POST',
      json: { code },
      locale: props.locale,
    });
    if (answer.ok) {
      sessionStarted(answer.body.data as CachedProfile);
      window.location.assign(props.next);
      return;
    }
    setBusy(false);
    setError(answer.body.errors?.google?.join(' ') ?? answer.body.message ?? t('account_google_failed'));
  };

  const start = () => {
    if (busy) return;
    setBusy(true);
    setError('');
    loadGoogleLibrary(props.scriptUrl)
      .then((library) => {
        library
          .initCodeClient({
            client_id: props.clientId,
            scope: 'openid email profile',
            ux_mode: 'popup',
            callback: (response) => {
              if (!response.code) {
                setBusy(false);
                setError(t('account_google_failed'));
                return;
              }
              signIn(response.code).catch(() => {
                setBusy(false);
                setError(t('notification_generic_error'));
              });
            },
            // Closed by the person: nothing happened, the button is ready again. Blocked: say how to let it open.
            error_callback: (failure) => {
              setBusy(false);
              if (failure.type === 'popup_failed_to_open') setError(t('account_google_popup_blocked'));
            },
          })
          .requestCode();
      })
      .catch(() => {
        setBusy(false);
        setError(t('account_google_script_failed'));
      });
  };

  return (
    <div className="grid gap-2" data-testid="google-sign-in">
      <p className="divider text-sm">{t('account_google_or')}</p>
      <button
        type="button"
        className="btn rounded-full btn-outline"
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onTouchStart={prefetch}
        onClick={start}
        disabled={busy}
        aria-describedby="google-error"
      >
        <svg aria-hidden="true" viewBox="0 0 48 48" className="size-5">
          <path
            fill="#EA4335"
            d="M24 9.5c3.5 0 6.6 1.2 9 3.5l6.7-6.7C35.6 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.8 6C12.4 13.7 17.7 9.5 24 9.5z"
          />
          <path
            fill="#4285F4"
            d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.5 5.8c4.4-4 6.8-10 6.8-17.2z"
          />
          <path
            fill="#FBBC05"
            d="M10.5 28.7c-.5-1.4-.8-3-.8-4.7s.3-3.2.8-4.7l-7.8-6C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.8-6z"
          />
          <path
            fill="#34A853"
            d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.5-5.8c-2.1 1.4-4.8 2.3-8.4 2.3-6.3 0-11.6-4.2-13.5-9.9l-7.8 6C6.6 42.6 14.6 48 24 48z"
          />
        </svg>
        {t('account_google_continue')}
      </button>
      <p id="google-error" role="alert" className="text-error empty:hidden" data-testid="google-error">
        {error}
      </p>
    </div>
  );
}
