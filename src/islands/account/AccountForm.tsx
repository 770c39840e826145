import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { useForm } from 'react-hook-form';
import { DEFAULT_PHONE_COUNTRY } from '../../domain/phone-country.ts';
import type { Locale } from '../../i18n/locales.ts';
import { asSentences } from '../../i18n/sentences.ts';
import {
  COMPONENT_DEFAULT_TIMEOUT_MS,
  dismissNotification,
  noticeForNextPage,
  apiErrorMessages,
  showNotification,
} from '../../stores/notifications.ts';
import { forgetResumePoint, keepResumePoint } from '../../stores/resume.ts';
import { forgetSession, sessionEnded, sessionStarted, type CachedProfile } from '../../stores/session.ts';
import { parseCountries } from '../booking-flow/countries.ts';
import { callApi } from '../shared/api.ts';
import { joinReasons, showStartingValues, startingValues } from '../shared/form-state.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import { AccountField } from './AccountField.tsx';
import { accountForms, type AccountFormKind } from '../../schemas/account-fields.ts';

export interface AccountFormProps {
  kind: AccountFormKind;
  locale: Locale;
  /** The page itself: without JavaScript the form posts there. */
  action: string;
  /** This browser's anti-forgery token, for the plain form's hidden field (the island sends it as a header). */
  csrf: string;
  /** Where to go once logged in (login, new password) or done (change password). */
  next?: string;
  /** The home page in this language: where an ended session leads. */
  home: string;
  values: Record<string, string>;
  /** A refused plain-form post's reasons, localized, by field. */
  errors: Record<string, string[]>;
  /** The longest value each field's schema takes (its `maxlength`). */
  limits: Record<string, number>;
  /** Fields the form carries unseen (the e-mailed link's token). */
  hidden?: Record<string, string>;
  /** Labels and messages in the page's language, by key (account-fields.ts lists them). */
  messages: Record<string, string>;
  /** Packed country list (phone and nationality pickers). */
  countries?: string;
  links: { terms: string; privacy: string };
  /** The e-mail was sent (a plain post earlier, or this island's): the notice replaces the form. */
  sent?: boolean;
  /** Where the island sends the form, when the address depends on what it edits (a saved passenger). */
  endpoint?: { path: string; method: 'POST' | 'PUT' | 'DELETE' };
  /**
   * The form sits in a modal dialog (the header's login), above the notifications: what is not a field's shows in
   * the form itself.
   */
  inDialog?: boolean;
  /**
   * The logged-in account, as an opaque tag, on a form that needs the session: if the session ends while it is
   * open, what was typed waits for that account's next login ("Continue where you were", stores/resume.ts).
   */
  resumeAs?: string;
  /** Called with the form's values as they change (the dialog keeps what was typed for its next opening). */
  onValues?: (values: Record<string, unknown>) => void;
}

const endpoints: Record<AccountFormKind, { path: string; method: 'POST' | 'PUT' | 'DELETE' }> = {
  login: { path: '/api/session', method: 'POST' },
  signUp: { path: '/api/auth/register', method: 'POST' },
  forgot: { path: '/api/recovery/forgot-password', method: 'POST' },
  reset: { path: '/api/recovery/reset-password', method: 'POST' },
  profile: { path: '/api/profile', method: 'PUT' },
  changePassword: { path: '/api/profile/change-password', method: 'PUT' },
  passenger: { path: '/api/passengers', method: 'POST' },
  deleteAccount: { path: '/api/profile', method: 'DELETE' },
};

const submitKey: Record<AccountFormKind, string> = {
  login: 'account_login_submit',
  signUp: 'account_sign_up_submit',
  forgot: 'account_forgot_submit',
  reset: 'account_reset_submit',
  profile: 'account_profile_submit',
  changePassword: 'account_change_password_submit',
  passenger: 'passenger_save',
  deleteAccount: 'account_delete_submit',
};

const sentKey: Partial<Record<AccountFormKind, string>> = {
  signUp: 'account_check_email_plain',
  forgot: 'account_reset_sent_plain',
};

/**
 * Every account form (log in, sign up, forgot and new password, profile, change password): rendered on the server
 * as a plain form that works without JavaScript, then checked in the browser with the shared schema and sent as
 * JSON to the API, the session staying in HttpOnly cookies. Refusals show at their fields; other failures as the
 * notifications (stores/notifications.ts); a 401 ends the session (home, "Login session has ended").
 */
export default function AccountForm(props: AccountFormProps) {
  const { kind, messages } = props;
  const t = (key: string) => messages[key] ?? key;
  const formId = `account-${kind}`;
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(props.sent ?? false);
  const [alert, setAlert] = useState<string[]>([]);
  const fail = (messages: string[]) => {
    if (props.inDialog) setAlert(messages);
    else for (const message of messages) showNotification(message, 'error');
  };
  const resumeKey = props.resumeAs ? `resume:${props.resumeAs}:${props.action}` : undefined;
  // Every field of the form, so that a draft finds its place in an empty form (a new saved passenger) too.
  const [defaults] = useState(() => {
    const blank = Object.fromEntries(accountForms[kind].map((spec) => [spec.name, '']));
    return startingValues(formId, { ...blank, ...props.values }, formId, resumeKey);
  });
  const form = useForm({ defaultValues: defaults });
  const { formState, setError, clearErrors, getValues } = form;
  const onValues = useRef(props.onValues);
  const { subscribe } = form;
  // Back on the page after a session ended here: its draft is taken (by whichever account logged in; another
  // account's key never matches), so the tab forgets it.
  useEffect(() => {
    forgetResumePoint(props.action);
  }, [props.action]);
  // A draft's values are in the form's state; the server's HTML still shows its own until they are put there.
  const { setValue } = form;
  useEffect(() => {
    showStartingValues(defaults, (path, value) => {
      setValue(path, value);
    });
  }, [defaults, setValue]);
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values }) => onValues.current?.(values),
      }),
    [subscribe],
  );
  // A refused plain-form post's reasons stay at their fields until the person changes them.
  const [serverErrors] = useState(props.errors);
  useEffect(() => {
    for (const [field, list] of Object.entries(serverErrors))
      setError(field, { type: 'server', message: joinReasons(list) });
  }, [serverErrors, setError]);
  const browserErrors = formState.errors;
  // The server's HTML (and the hydration render) shows the refused post's reasons; then the form's own state does.
  const errors = hydrated
    ? browserErrors
    : Object.fromEntries(
        Object.entries(serverErrors).map(([field, list]) => [
          field,
          { type: 'server', message: joinReasons(list) },
        ]),
      );
  const countries = props.countries ? parseCountries(props.countries) : [];
  const general = [
    ...(props.errors.form ?? []),
    ...(props.errors.limit ?? []),
    ...(props.errors.token ?? []),
    ...alert,
  ];

  const succeed = (data: unknown) => {
    const profile = data as CachedProfile | undefined;
    if (profile?.email) sessionStarted(profile);
    if (kind === 'deleteAccount') {
      forgetSession();
      noticeForNextPage(t('account_deleted'), COMPONENT_DEFAULT_TIMEOUT_MS);
      window.location.assign(props.home);
    } else if (sentKey[kind]) setSent(true);
    else if (kind === 'profile') showNotification(t('account_profile_saved'));
    else if (props.next) window.location.assign(props.next);
  };

  const submit = async () => {
    const rules = await import('./account-rules.ts');
    const payload = { ...rules.payloadOf(kind, getValues()), ...props.hidden };
    const problems = rules.problemsOf(kind, payload);
    dismissNotification(t('flow_fix_errors'));
    clearErrors();
    setAlert([]);
    if (Object.keys(problems).length > 0) {
      for (const [field, keys] of Object.entries(problems))
        setError(field, { type: 'schema', message: joinReasons(keys.map(t)) }, { shouldFocus: true });
      // In a dialog the fields say it, the first one focused.
      if (!props.inDialog) showNotification(t('flow_fix_errors'), 'error');
      return;
    }
    const endpoint = props.endpoint ?? endpoints[kind];
    const answer = await callApi(endpoint.path, {
      method: endpoint.method,
      json: payload,
      locale: props.locale,
    });
    if (answer.ok) {
      succeed(answer.body.data);
      return;
    }
    if ((answer.status === 401 || answer.status === 402) && kind !== 'login' && kind !== 'signUp') {
      if (resumeKey) keepResumePoint({ path: props.action, draftKey: resumeKey }, getValues());
      sessionEnded(t('session_expired'), props.home);
      return;
    }
    const fields = Object.entries(answer.body.errors ?? {}).filter(([field]) =>
      accountForms[kind].some((spec) => spec.name === field),
    );
    for (const [field, list] of fields)
      setError(field, { type: 'server', message: joinReasons(list) }, { shouldFocus: true });
    if (fields.length === 0)
      fail(
        apiErrorMessages(answer.body, {
          generic: t('notification_generic_error'),
          fieldMessage: (_field, message) => message,
        }),
      );
  };

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    submit()
      .catch(() => {
        fail([t('notification_generic_error')]);
      })
      .finally(() => {
        setBusy(false);
      });
  };

  if (sent && sentKey[kind])
    return (
      <p
        role="status"
        className="rounded-box border-2 border-success bg-base-100 p-4"
        data-testid="account-sent"
      >
        {t(sentKey[kind])}
      </p>
    );

  const firstRefused = Object.keys(props.errors)[0];
  return (
    <form
      id={formId}
      method="post"
      action={props.action}
      // The product's own messages, in the page's language, with or without script: never the browser's bubble.
      noValidate
      onSubmit={hydrated ? onSubmit : undefined}
      className="grid gap-4"
      data-testid={formId}
    >
      <input type="hidden" name="csrf" value={props.csrf} />
      {Object.entries(props.hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {general.length > 0 && (
        <p
          role="alert"
          className="rounded-box border-2 border-error bg-base-100 p-3 font-semibold text-error"
        >
          {asSentences(general)}
        </p>
      )}
      {accountForms[kind].map((spec) => (
        <AccountField
          key={spec.name}
          spec={spec}
          form={form}
          errors={errors}
          t={t}
          countries={countries}
          links={props.links}
          value={props.values[spec.name] ?? ''}
          limit={props.limits[spec.name]}
          country={props.values.phoneCountry ?? DEFAULT_PHONE_COUNTRY}
          autoFocus={firstRefused === spec.name}
        />
      ))}
      <button
        type="submit"
        className="btn rounded-full shadow-none btn-lg btn-primary"
        disabled={busy}
        data-testid={`${formId}-submit`}
      >
        {busy ? t('account_sending') : t(submitKey[kind])}
      </button>
    </form>
  );
}
