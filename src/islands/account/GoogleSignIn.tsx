import { useState } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { sessionStarted, type CachedProfile } from '../../stores/session.ts';
import { callApi } from '../shared/api.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import { GoogleLogo } from './GoogleLogo.tsx';
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
        <GoogleLogo />
        {t('account_google_continue')}
      </button>
      <p id="google-error" role="alert" className="text-error empty:hidden" data-testid="google-error">
        {error}
      </p>
    </div>
  );
}
