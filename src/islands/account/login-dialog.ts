import type { Locale } from '../../i18n/locales.ts';
import { sessionHinted } from '../shared/session-hint.ts';

/**
 * Binds the header's login dialog (components/account/AccountDialog.astro) on a page that has it: a click on a link
 * to /login or /sign-up (not with a modifier key) opens the dialog on that form instead of leaving the page. Its
 * code is fetched only then. On a pre-rendered page (which cannot know the session) a logged-in browser's "Log in"
 * becomes "My account".
 */
export function bindLoginDialog(): void {
  const dialog = document.querySelector<HTMLDialogElement>('dialog#account-dialog');
  const body = dialog?.querySelector<HTMLElement>('[data-dialog-body]');
  const title = dialog?.querySelector<HTMLElement>('#account-dialog-title');
  if (!dialog || !body || !title || dialog.dataset.bound) return;
  dialog.dataset.bound = 'true';
  const data = dialog.dataset;
  const kinds = new Map([
    [data.login, 'login'],
    [data.signUp, 'sign-up'],
  ] as const);
  // A pre-rendered page says "Log in" to everyone: this browser is logged in (its readable account flag), so its
  // header leads to the account instead. The cookies still decide on the server.
  if (data.accountLabel && sessionHinted())
    for (const link of document.querySelectorAll<HTMLAnchorElement>(`header a[href="${data.login}"]`)) {
      link.href = data.accountPage ?? '/';
      link.textContent = data.accountLabel;
    }

  // Where the focus goes back on closing: the link that opened it, or the phone menu's button when the link was
  // in that menu (closed on opening, so its links are hidden).
  let opener: HTMLElement | undefined;
  const open = (kind: 'login' | 'sign-up', link: HTMLAnchorElement) => {
    const menu = document.querySelector<HTMLDetailsElement>('details[data-menu]');
    title.textContent = (kind === 'login' ? data.loginTitle : data.signUpTitle) ?? '';
    if (dialog.open) {
      title.focus(); // the link that switched forms goes: the focus waits on the heading for the new form
    } else {
      opener = menu?.contains(link) ? (menu.querySelector('summary') ?? undefined) : link;
      if (menu) menu.open = false;
      dialog.showModal();
    }
    const options = {
      locale: data.locale as Locale,
      loading: data.loading ?? '',
      accountPage: data.accountPage ?? '/',
      fallback: link.href,
      loggedIn: sessionHinted,
    };
    import('./AccountDialogForm.tsx')
      .then((module) => module.showAccountForm(dialog, body, kind, options))
      // Offline, say: the form's own page says what is wrong, or works.
      .catch(() => {
        if (dialog.open) location.assign(link.href);
      });
  };

  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest('a') : null;
    const kind = kinds.get(link?.getAttribute('href') ?? undefined);
    if (!link || !kind) return;
    event.preventDefault();
    open(kind, link);
  });
  dialog.addEventListener('close', () => {
    opener?.focus();
  });
  // A click on the backdrop (outside the box, which fills the dialog) closes it, as Escape and the button do; not
  // the second click of a double click that opened it, nor a text selection dragged out of a field.
  let pressedOnBackdrop = false;
  dialog.addEventListener('pointerdown', (event) => {
    pressedOnBackdrop = event.target === dialog;
  });
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog && pressedOnBackdrop && event.detail <= 1) dialog.close();
  });
}
