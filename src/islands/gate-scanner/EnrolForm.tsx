import { useState, type SyntheticEvent } from 'react';
import { useForm } from 'react-hook-form';
import * as m from '../../paraglide/messages.js';
import type { Locale } from '../../i18n/locales.ts';
import type { GateDevice } from '../../stores/gate-scanner.ts';
import { callApi } from '../shared/api.ts';
import { Field, inputClass } from '../shared/Field.tsx';

interface Props {
  locale: Locale;
  /** This phone's earlier enrolment was refused by the server: say so above the form. */
  revoked: boolean;
  /** Boardings this phone scanned and could not send before it was revoked: they go with the next enrolment. */
  unsent: number;
  onEnrolled: (device: GateDevice) => void;
}

/**
 * Enrols this phone with the one-use set-up code an admin made in the console; the agent signed in on it is who the
 * server records as having enrolled it. The token in the answer is kept on the phone alone.
 */
export default function EnrolForm({ locale, revoked, unsent, onEnrolled }: Props) {
  const t = { locale };
  const { register, getValues, setError, formState } = useForm({ defaultValues: { code: '' } });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');

  const submit = async () => {
    const answer = await callApi('/api/gate/enrolment', {
      method: 'POST',
      json: { code: getValues('code') },
      locale,
    });
    const enrolled = answer.body as { deviceId?: string; name?: string; token?: string };
    if (answer.ok && enrolled.deviceId && enrolled.name && enrolled.token) {
      onEnrolled({ id: enrolled.deviceId, name: enrolled.name, token: enrolled.token });
      return;
    }
    const reasons = answer.body.errors?.code ?? Object.values(answer.body.errors ?? {}).flat();
    if (reasons.length > 0)
      setError('code', { type: 'server', message: reasons.join(' ') }, { shouldFocus: true });
    else setFailure(answer.body.message ?? m.notification_generic_error({}, t));
  };
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure('');
    submit()
      .catch(() => {
        setFailure(m.gate_enrol_unreachable({}, t));
      })
      .finally(() => {
        setBusy(false);
      });
  };

  const error = formState.errors.code?.message;
  return (
    <form
      className="grid gap-4 rounded-box bg-base-100 p-5"
      noValidate
      onSubmit={onSubmit}
      data-testid="gate-enrol"
    >
      <h2 className="text-xl font-bold">{m.gate_enrol_heading({}, t)}</h2>
      {revoked && (
        <p role="alert" className="text-error">
          {m.gate_enrol_revoked({}, t)}
        </p>
      )}
      {unsent > 0 && <p role="status">{m.gate_unsent({ count: unsent }, t)}</p>}
      <p>{m.gate_enrol_intro({}, t)}</p>
      <Field id="gate-code" label={m.gate_enrol_code({}, t)} errors={error ? [error] : undefined}>
        <input
          {...register('code')}
          className={`${inputClass} font-mono tracking-widest uppercase`}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
        />
      </Field>
      {failure && (
        <p role="alert" className="text-error">
          {failure}
        </p>
      )}
      <button type="submit" className="btn rounded-full shadow-none btn-lg btn-primary" disabled={busy}>
        {m.gate_enrol_submit({}, t)}
      </button>
    </form>
  );
}
