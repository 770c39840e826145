import { useState, type SyntheticEvent } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { logOut } from '../../stores/session.ts';
import { useHydrated } from '../shared/use-hydrated.ts';

interface Props {
  locale: Locale;
  /** The plain form's address (`/logout`): without JavaScript, or when the call cannot be made, it posts there. */
  action: string;
  csrf: string;
  home: string;
  label: string;
}

/**
 * "Log out" in the account navigation: a plain form that ends the session on the server; with JavaScript, the
 * session store says "logging out" at once (nothing shows the holder as logged in meanwhile), `POST /api/logout`
 * ends it, and the cached profile goes even when that call fails.
 */
export default function LogoutButton(props: Props) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const form = event.currentTarget;
    void logOut(props.locale, props.home).then((ended) => {
      // Not ended (no answer, or a refusal): the plain form tries once more to end the session and clear its cookies.
      if (!ended) form.submit();
    });
  };
  return (
    <form method="post" action={props.action} onSubmit={hydrated ? onSubmit : undefined}>
      <input type="hidden" name="csrf" value={props.csrf} />
      <button
        type="submit"
        className="w-full rounded-full border border-base-300 px-3 py-2 text-start text-sm text-error hover:bg-base-200 md:rounded-xl md:border-0 md:px-4 md:py-3 md:text-base"
        disabled={busy}
        data-testid="logout"
      >
        {props.label}
      </button>
    </form>
  );
}
