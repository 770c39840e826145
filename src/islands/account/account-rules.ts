// Loaded on the first submit: the shared schemas and the phone metadata are the island's largest parts, and
// nothing needs them before the person presses the button.
import { formToInput } from '../../schemas/form-to-input.ts';
import { accountFormSchemas as schemas } from '../../schemas/account.ts';
import type { AccountFormKind } from '../../schemas/account-fields.ts';

export { countryOfTyped } from '../../schemas/phone.ts';

/**
 * The form's values as the API takes them: read through the form's schema exactly as the server reads the plain
 * form's post (`formToInput`: a ticked box, a phone typed beside its country, an empty optional field left out).
 */
export function payloadOf(
  kind: AccountFormKind,
  values: Record<string, string | boolean>,
): Record<string, unknown> {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(values))
    if (value !== false) form.append(name, value === true ? 'on' : value);
  return formToInput(schemas[kind], form) as Record<string, unknown>;
}

/** Checks the payload with the form's shared schema: its problems as message keys by field, or none. */
export function problemsOf(
  kind: AccountFormKind,
  payload: Record<string, unknown>,
): Record<string, string[]> {
  const parsed = schemas[kind].safeParse(payload);
  if (parsed.success) return {};
  const problems: Record<string, string[]> = {};
  for (const issue of parsed.error.issues)
    (problems[String(issue.path[0] ?? 'form')] ??= []).push(issue.message);
  return problems;
}
