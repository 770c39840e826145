import { atom } from 'nanostores';

/** Colours a notification can take (daisyUI alert variants). */
export type NotificationColor = 'success' | 'info' | 'warning' | 'error';

export interface NotificationState {
  visible: boolean;
  message: string;
  color: NotificationColor;
  /** Milliseconds before it hides by itself; -1 keeps it until closed; undefined uses the component default. */
  timeout: number | undefined;
}

/** The notification timeouts (docs/product-rules.md, Interface). */
export const INITIAL_TIMEOUT_MS = 3000;
export const HELPER_TIMEOUT_MS = 2000;
export const COMPONENT_DEFAULT_TIMEOUT_MS = 5000;
export const SESSION_EXPIRED_TIMEOUT_MS = 4000;
export const NEVER = -1;
export const SWIPE_DISMISS_PX = 50;

const hidden: NotificationState = {
  visible: false,
  message: '',
  color: 'success',
  timeout: INITIAL_TIMEOUT_MS,
};

/** The notification on screen now. One global snackbar at the top of the screen. */
export const $notification = atom<NotificationState>(hidden);

/** Notifications waiting their turn: several errors from one response are shown one after another. */
const queue: Omit<NotificationState, 'visible'>[] = [];

/**
 * Shows a notification now, or after the one on screen goes. A success takes the place of the errors on screen and
 * waiting: what failed has now worked, and an error that stays until closed must not hold it back.
 */
export function setNotification(next: Omit<NotificationState, 'visible'>): void {
  if (next.color === 'success') {
    for (let index = queue.length - 1; index >= 0; index -= 1)
      if (queue[index]?.color === 'error') queue.splice(index, 1);
    if ($notification.get().color === 'error') {
      $notification.set({ ...next, visible: true });
      return;
    }
  }
  if ($notification.get().visible) queue.push(next);
  else $notification.set({ ...next, visible: true });
}

/**
 * The helper most code calls: a message in a colour, hidden after 2 s unless told otherwise; an error stays until
 * it is closed (or its cause is gone, `dismissNotification`), so it can be read however slowly.
 */
export function showNotification(
  message: string,
  color: NotificationColor = 'success',
  timeout: number = color === 'error' ? NEVER : HELPER_TIMEOUT_MS,
): void {
  setNotification({ message, color, timeout });
}

/** Hides the current notification and brings the next queued one, if any. */
export function hideNotification(): void {
  const next = queue.shift();
  $notification.set(next ? { ...next, visible: true } : { ...$notification.get(), visible: false });
}

/**
 * Takes one message off the screen and out of the queue: a warning whose cause is gone (the fields it asked to
 * correct are fixed) must not linger, nor keep a success waiting behind it.
 */
export function dismissNotification(message: string): void {
  for (let index = queue.length - 1; index >= 0; index -= 1)
    if (queue[index]?.message === message) queue.splice(index, 1);
  const current = $notification.get();
  if (current.visible && current.message === message) hideNotification();
}

/** Drops everything (used when a page is left or in tests). */
export function clearNotifications(): void {
  queue.length = 0;
  $notification.set(hidden);
}

/** The error body every API answers with: `{ message, errors?: { field: [message] } }`. */
export interface ApiErrorBody {
  message?: unknown;
  errors?: unknown;
}

/**
 * The API error rule (docs/product-rules.md, Interface): a field map gives one notification per message,
 * "field: message"; any other failure shows the server's message, or the generic text when there is none.
 */
export function notifyApiError(
  body: ApiErrorBody | null | undefined,
  texts: { generic: string; fieldMessage: (field: string, message: string) => string },
): void {
  for (const message of apiErrorMessages(body, texts)) showNotification(message, 'error');
}

/** What `notifyApiError` says, one line per notification: for a form that shows them itself (in a dialog). */
export function apiErrorMessages(
  body: ApiErrorBody | null | undefined,
  texts: { generic: string; fieldMessage: (field: string, message: string) => string },
): string[] {
  const fieldMessages = collectFieldMessages(body?.errors);
  if (fieldMessages.length > 0)
    return fieldMessages.map(([field, message]) => texts.fieldMessage(field, message));
  const message =
    typeof body?.message === 'string' && body.message.trim() !== '' ? body.message : texts.generic;
  return [message];
}

function collectFieldMessages(errors: unknown): [string, string][] {
  if (typeof errors !== 'object' || errors === null) return [];
  return Object.entries(errors).flatMap(([field, messages]) =>
    (Array.isArray(messages) ? messages : [messages])
      .filter((message): message is string => typeof message === 'string' && message !== '')
      .map((message): [string, string] => [field, message]),
  );
}

const noticeKey = 'segara:notice';

/** A notice for the next page this tab shows (the session-ended message after going home). */
export function noticeForNextPage(message: string, timeout: number): void {
  try {
    sessionStorage.setItem(noticeKey, JSON.stringify({ message, timeout }));
  } catch {
    // Storage refused: the person still lands on the home page, logged out.
  }
}

/** The notice a previous page left, once. */
export function takeNotice(): { message: string; timeout: number } | undefined {
  try {
    const stored = sessionStorage.getItem(noticeKey);
    sessionStorage.removeItem(noticeKey);
    const notice = stored ? (JSON.parse(stored) as { message?: unknown; timeout?: unknown }) : undefined;
    return typeof notice?.message === 'string'
      ? { message: notice.message, timeout: typeof notice.timeout === 'number' ? notice.timeout : 4000 }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Shows what the previous page left for this one (the session-ended message after going home), as info. */
export function showNoticeLeftForThisPage(): void {
  const notice = takeNotice();
  if (notice) setNotification({ message: notice.message, color: 'info', timeout: notice.timeout });
}
