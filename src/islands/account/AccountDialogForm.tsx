import { useEffect, useRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { Locale } from '../../i18n/locales.ts';
import { callApi } from '../shared/api.ts';
import AccountForm, { type AccountFormProps } from './AccountForm.tsx';
import { GoogleLogo } from './GoogleLogo.tsx';

/** The header's dialog: log in, or sign up (the pages /login and /sign-up hold the same forms). */
export type AccountDialogKind = 'login' | 'sign-up';

/** What the server sends for the dialog (`GET /api/session/forms/{kind}`, server/views/account-dialog.ts). */
export interface AccountDialogData {
  form: AccountFormProps;
  /** The ways on: forgot password and sign up, or log in instead. */
  links: { path: string; label: string; testid: string }[];
  /** This installation signs in with Google: its button waits on the login page (its own script policy). */
  google?: { path: string; label: string };
}

/** What is typed in each form, for its next opening or after the other form (never a password). */
const typed = new Map<string, Record<string, string>>();

function keepTyped(kind: string, values: Record<string, unknown>) {
  const kept = Object.entries(values).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && !/password/i.test(entry[0]),
  );
  typed.set(kind, Object.fromEntries(kept));
}

function AccountDialogForm({ data, opened }: { data: AccountDialogData; opened: number }) {
  const { kind } = data.form;
  const box = useRef<HTMLDivElement>(null);
  // The dialog opens with the focus on its heading or close button: at each opening, the form's first field takes it.
  useEffect(() => {
    box.current?.querySelector<HTMLElement>('input:not([type="hidden"]), select')?.focus();
  }, [opened]);
  return (
    <div ref={box} className="grid gap-4">
      {/* A new form at each opening (no alert or "sent" left from before), starting from what was typed. */}
      <AccountForm
        key={`${kind}-${String(opened)}`}
        {...data.form}
        values={{ ...data.form.values, ...typed.get(kind) }}
        onValues={(values) => {
          keepTyped(kind, values);
        }}
        inDialog
      />
      {data.google && (
        <a className="btn rounded-full btn-outline" href={data.google.path} data-testid="dialog-google">
          <GoogleLogo />
          {data.google.label}
        </a>
      )}
      <p className="flex flex-wrap justify-center gap-x-6 gap-y-2">
        {data.links.map((link) => (
          <a key={link.path} className="text-link font-semibold" href={link.path} data-testid={link.testid}>
            {link.label}
          </a>
        ))}
      </p>
    </div>
  );
}

let root: Root | undefined;
let latest = 0;
/** Each form as the server gave it: opened again, it shows at once. */
const loaded = new Map<AccountDialogKind, AccountDialogData>();

/**
 * Shows the dialog's form of `kind` in its `body`: its words and (for sign-up) country list come from the server
 * once, which also gives this browser its anti-forgery token. Already logged in (another tab): on to `accountPage`.
 * The server cannot be asked: the form's own page (`fallback`). An answer that comes after the dialog was closed, or
 * after the other form was asked for, does nothing.
 */
export async function showAccountForm(
  dialog: HTMLDialogElement,
  body: HTMLElement,
  kind: AccountDialogKind,
  options: {
    locale: Locale;
    loading: string;
    accountPage: string;
    fallback: string;
    /** Whether this browser is logged in now (given by the caller: a shared import would be a request of its own). */
    loggedIn: () => boolean;
  },
): Promise<void> {
  const asked = ++latest;
  const current = () => asked === latest && dialog.open;
  root ??= createRoot(body);
  const known = loaded.get(kind);
  // Logged in since the form was fetched (another tab, a page's own login link): the account, not the form again.
  if (known && options.loggedIn()) {
    location.assign(options.accountPage);
    return;
  }
  if (known) {
    root.render(<AccountDialogForm data={known} opened={asked} />);
    return;
  }
  root.render(<p role="status">{options.loading}</p>);
  const next = `${location.pathname}${location.search}`;
  const answer = await callApi(`/api/session/forms/${kind}?next=${encodeURIComponent(next)}`, {
    locale: options.locale,
  }).catch(() => undefined);
  if (!current()) return;
  if (answer?.body.loggedIn) location.assign(options.accountPage);
  else if (!answer?.ok) location.assign(options.fallback);
  else {
    const data = answer.body.data as AccountDialogData;
    loaded.set(kind, data);
    root.render(<AccountDialogForm data={data} opened={asked} />);
  }
}
