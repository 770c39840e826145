import { useEffect, useRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { Locale } from '../../i18n/locales.ts';
import { callApi } from '../shared/api.ts';
import AccountForm, { type AccountFormProps } from './AccountForm.tsx';
import { GoogleLogo } from './GoogleLogo.tsx';

/** The header's dialog: log in, or sign up (the pages /login and /sign-up hold the same forms). */
export type AccountDialogKind = 'login' | 'sign-up';

/** What the server sends for the dialog (`GET /api/session/forms/{kind}`, server/pages/account-dialog.ts). */
export interface AccountDialogData {
  form: AccountFormProps;
  /** The ways on: forgot password and sign up, or log in instead. */
  links: { path: string; label: string; testid: string }[];
  /** This installation signs in with Google: its button waits on the login page (its own script policy). */
  google?: { path: string; label: string };
}

function AccountDialogForm({ data }: { data: AccountDialogData }) {
  const box = useRef<HTMLDivElement>(null);
  // The dialog opened with the focus on its close button: once the form is there, its first field takes it.
  useEffect(() => {
    box.current?.querySelector<HTMLElement>('input:not([type="hidden"]), select')?.focus();
  }, [data]);
  return (
    <div ref={box} className="grid gap-4">
      <AccountForm key={data.form.kind} {...data.form} />
      {data.google && (
        <a className="btn rounded-full btn-outline" href={data.google.path} data-testid="dialog-google">
          <GoogleLogo />
          {data.google.label}
        </a>
      )}
      <p className="flex flex-wrap justify-center gap-x-6 gap-y-2">
        {data.links.map((link) => (
          <a key={link.path} className="link font-semibold" href={link.path} data-testid={link.testid}>
            {link.label}
          </a>
        ))}
      </p>
    </div>
  );
}

let root: Root | undefined;
let latest = 0;

/**
 * Shows the dialog's form of `kind` in `body`: its words and (for sign-up) country list come from the server, which
 * also gives this browser its anti-forgery token. Already logged in (another tab): on to `accountPage`. Throws when
 * the server cannot be asked; the caller then opens the form's own page.
 */
export async function showAccountForm(
  body: HTMLElement,
  kind: AccountDialogKind,
  options: { locale: Locale; loading: string; accountPage: string },
): Promise<void> {
  const asked = ++latest;
  root?.render(<p role="status">{options.loading}</p>);
  const next = `${location.pathname}${location.search}`;
  const answer = await callApi(`/api/session/forms/${kind}?next=${encodeURIComponent(next)}`, {
    locale: options.locale,
  });
  if (asked !== latest) return; // the other form was asked for meanwhile
  if (!answer.ok) throw new Error(`The ${kind} form could not be loaded (${answer.status})`);
  if (answer.body.loggedIn) {
    location.assign(options.accountPage);
    return;
  }
  root ??= createRoot(body);
  root.render(<AccountDialogForm data={answer.body.data as AccountDialogData} />);
}
