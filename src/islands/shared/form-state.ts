import {
  get,
  set,
  type FieldErrors,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type UseFormReturn,
} from 'react-hook-form';
import { firstReason } from '../../i18n/sentences.ts';
import { draftStorageKey } from '../../stores/resume.ts';

/**
 * What every island form starts from, so that nothing a person typed is lost:
 * 1. the server's values (saved progress, or a refused plain-form post sent back with its errors);
 * 2. a draft carried across the language switch, a reload or Back (`keepDraftOnLanguageSwitch`, `keepDraftOnLeave`),
 *    over the server's; else one carried from another page of the same kind (`carriedKey`: the hold that lapsed);
 * 3. what was typed into the server-rendered form before the island hydrated, which wins over both.
 * Runs in the first client render (the hydration render), when the server's form is still in the document.
 */
export function startingValues<T extends FieldValues>(
  formId: string,
  server: T,
  draftKey: string,
  carriedKey?: string,
): T {
  if (typeof document === 'undefined') return server;
  const values = structuredClone(server);
  const carried = carriedKey ? takeDraft(carriedKey) : undefined;
  const draft = takeDraft(draftKey) ?? carried;
  const element = document.getElementById(formId);
  const typed = element instanceof HTMLFormElement ? new FormData(element) : undefined;
  forEachLeaf(server, (path, serverValue) => {
    const fromDraft: unknown = draft ? get(draft, path) : undefined;
    if (typeof fromDraft === 'string') set(values, path, fromDraft);
    const fromPage = typed?.get(path);
    if (typeof fromPage === 'string' && fromPage !== serverValue) set(values, path, fromPage);
  });
  return values;
}

/**
 * Puts the starting values into the fields once the island is mounted. The hydration render leaves the server's
 * DOM as it is (React does not patch a select's choice or an input's value on hydration), so a value that came
 * from a draft would otherwise be in the form's state but not on screen.
 */
export function showStartingValues(values: object, setValue: (path: string, value: string) => void): void {
  forEachLeaf(values, (path, value) => {
    setValue(path, value);
  });
}

function forEachLeaf(value: unknown, visit: (path: string, leaf: string) => void, prefix = ''): void {
  if (typeof value === 'string') {
    visit(prefix, value);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value))
    forEachLeaf(child, visit, prefix ? `${prefix}.${key}` : key);
}

/**
 * Keeps the form's values for the next page when the person switches language (a plain link to the same page in
 * the other language): written at the click, read and removed at once by the next page's island, and kept in
 * this tab only (sessionStorage), never sent anywhere. A control marked `data-carries-draft` (hold the same
 * sailings again) leads to a new page of the same kind: the draft goes under `carryKey`, for that page to take.
 */
export function keepDraftOnLanguageSwitch(
  draftKey: string,
  values: () => unknown,
  carryKey?: string,
): () => void {
  const onClick = (event: MouseEvent) => {
    // The language switch, or a control that reloads this page (e.g. "Keep my seats"): either way the page is
    // made again from the server, so what was typed and not yet saved rides along in the tab's storage.
    const control =
      event.target instanceof Element
        ? event.target.closest('[data-locale-switch], [data-keeps-draft], [data-carries-draft]')
        : null;
    if (!control) return;
    const carries = carryKey !== undefined && control.hasAttribute('data-carries-draft');
    writeDraft(carries ? carryKey : draftKey, values());
  };
  document.addEventListener('click', onClick);
  return () => {
    document.removeEventListener('click', onClick);
  };
}

/**
 * Keeps the form's values when the page goes away by any road (a reload, the phone's Back button, the tab put
 * away): written at `pagehide`, in this tab only, and taken by the island when the page is shown again. What the
 * tab keeps ends with the tab: a passport number typed into the booking flow never outlives the session.
 */
export function keepDraftOnLeave(draftKey: string, values: () => unknown): () => void {
  const onLeave = () => {
    writeDraft(draftKey, values());
  };
  window.addEventListener('pagehide', onLeave);
  return () => {
    window.removeEventListener('pagehide', onLeave);
  };
}

function writeDraft(draftKey: string, values: unknown): void {
  try {
    sessionStorage.setItem(draftStorageKey(draftKey), JSON.stringify(values));
  } catch {
    // Storage full or refused (private mode): the page still works, only the draft is not carried.
  }
}

// Taken drafts, for this page: React may render an island's first render twice (a hydration it redoes on the
// client), and the second must find the same draft.
const taken = new Map<string, unknown>();

function takeDraft(draftKey: string): unknown {
  if (taken.has(draftKey)) return taken.get(draftKey);
  let draft: unknown;
  try {
    const stored = sessionStorage.getItem(draftStorageKey(draftKey));
    sessionStorage.removeItem(draftStorageKey(draftKey));
    draft = stored ? (JSON.parse(stored) as unknown) : undefined;
  } catch {
    draft = undefined;
  }
  taken.set(draftKey, draft);
  return draft;
}

/** Several reasons for one field, kept apart in react-hook-form's one message string (`errorsAt` splits them). */
export const joinReasons = (reasons: readonly string[]) => reasons.join('\n');

/**
 * Errors keyed by full path (`contact.email`: the API's and the plain form's shape) as react-hook-form's nested
 * errors, so a refusal from the server shows at the same fields as one found in the browser.
 */
export function nestedErrors(byPath: Record<string, string[]> | undefined): FieldErrors | undefined {
  if (!byPath || Object.keys(byPath).length === 0) return undefined;
  const errors: FieldErrors = {};
  for (const [path, messages] of Object.entries(byPath))
    set(errors, path, { type: 'server', message: joinReasons(messages) });
  return errors;
}

/**
 * The reasons at a field, as a list for `Field` (`undefined` when the field is fine): the first alone
 * (`firstReason`), or `all` of them for a field that says them its own way (the phone's example, the password's
 * rules).
 */
export function errorsAt(
  errors: FieldErrors,
  path: string,
  text: (message: string) => string,
  all = false,
): string[] | undefined {
  const message: unknown = get(errors, `${path}.message`);
  if (typeof message !== 'string' || message === '') return undefined;
  const reasons = message.split('\n').map(text);
  return all ? reasons : firstReason(reasons);
}

/**
 * An input's props: registered with the form, showing its starting value in the server's HTML (react-hook-form
 * sets no value attribute), and focused on load when a refused plain-form post named it first.
 */
export function bindField<T extends FieldValues>(
  form: UseFormReturn<T>,
  path: Path<T>,
  startingValue: string,
  firstRefused: string | undefined,
  options?: RegisterOptions<T>,
) {
  return { ...form.register(path, options), defaultValue: startingValue, autoFocus: firstRefused === path };
}
