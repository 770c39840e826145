import { useEffect, useMemo, useRef, useState, type SyntheticEvent } from 'react';
import { useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { dismissNotification, showNotification } from '../../stores/notifications.ts';
import {
  joinReasons,
  keepDraftOnLanguageSwitch,
  keepDraftOnLeave,
  nestedErrors,
  showStartingValues,
  startingValues,
} from '../shared/form-state.ts';
import { loadWithRecovery } from '../shared/load-failure.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import { ContactStep } from './ContactStep.tsx';
import { PassengerStep } from './PassengerStep.tsx';
import { SummaryStep } from './SummaryStep.tsx';
import { parseCountries } from './countries.ts';
import type { DetailsForm, FlowProps } from './types.ts';

type Step = 'contact' | 'passengers' | 'summary';
const steps: Step[] = ['contact', 'passengers', 'summary'];
const contactFields = ['contact.fullName', 'contact.email', 'contact.phone'] as const;
const loadRules = () => loadWithRecovery(() => import('./validate.ts'));
const FORM_ID = 'booking-flow';

/**
 * The booking flow: contact person -> passengers -> summary, then the payment page. Server-rendered as one plain
 * form with every field (it posts to its own page and saves without JavaScript); once hydrated, react-hook-form
 * holds the fields (adopting whatever was typed before), shows one step at a time, checks each with the shared
 * schemas (loaded when first needed) and saves to the server, so a reload resumes there.
 */
export default function BookingFlow(props: FlowProps) {
  const { labels, party } = props;
  const countries = useMemo(() => parseCountries(props.countries), [props.countries]);
  const hydrated = useHydrated();
  const draftKey = `booking:${props.bookingId}`;
  // What was typed on a hold that lapsed comes to the new hold of the same party ("Hold the same sailings again").
  const carryKey = `booking:carried:${party.join(',')}`;
  const [defaults] = useState(() =>
    startingValues<DetailsForm>(
      FORM_ID,
      { contact: props.initialContact, passengers: props.initialPassengers },
      draftKey,
      carryKey,
    ),
  );
  // Stable for the island's life: react-hook-form applies it once, then its own checks take over.
  const [serverErrors] = useState(() => nestedErrors(props.serverErrors));
  const resolver = useMemo<Resolver<DetailsForm>>(
    () => async (values, context, options) =>
      (await loadRules()).detailsResolver(props)(values, context, options),
    [props],
  );
  const form = useForm<DetailsForm>({
    defaultValues: defaults,
    resolver,
    ...(serverErrors ? { errors: serverErrors } : {}),
  });
  const { formState, getFieldState, getValues, setError, setValue, subscribe, trigger } = form;
  useEffect(() => {
    showStartingValues(defaults, (path, value) => {
      setValue(path as FieldPath<DetailsForm>, value);
    });
    const stopSwitch = keepDraftOnLanguageSwitch(draftKey, getValues, carryKey);
    const stopLeave = keepDraftOnLeave(draftKey, getValues);
    return () => {
      stopSwitch();
      stopLeave();
    };
  }, [defaults, draftKey, carryKey, getValues, setValue]);

  // A plain-form post refused for a passenger's field comes back at the passengers step; otherwise the step this
  // tab's history entry names (a reload stays where it was), else the summary once saved.
  const saved = useRef(props.saved);
  const [firstStep] = useState<Step>(() =>
    props.serverErrors && Object.keys(props.serverErrors).some((k) => k.startsWith('passengers'))
      ? 'passengers'
      : (stepInHistory(props.saved) ?? (props.saved ? 'summary' : 'contact')),
  );
  const [step, setStep] = useState<Step>(firstStep);
  // "Please correct the highlighted fields" goes once the step's fields are fixed or the step succeeds: an edited
  // field that has an error is checked again at once, and the banner leaves with the step's last error.
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name, type }) => {
          const path = name as FieldPath<DetailsForm> | undefined;
          if (type === 'change' && path && getFieldState(path).invalid) void trigger(path);
        },
      }),
    [subscribe, getFieldState, trigger],
  );
  const stepHasErrors =
    step === 'contact' ? formState.errors.contact !== undefined : formState.errors.passengers !== undefined;
  useEffect(() => {
    if (!stepHasErrors) dismissNotification(labels.fixErrors);
  }, [stepHasErrors, labels.fixErrors]);
  const [busy, setBusy] = useState(false);
  const [phone, setPhone] = useState(props.initialContact.phone);
  const text = (message: string) => (labels.errors as Record<string, string>)[message] ?? message;

  // After a step changes or is refused, keyboard and screen-reader users land where the work is: the first field
  // with an error, else the new step's first field.
  const [focusNext, setFocusNext] = useState(0);
  useEffect(() => {
    if (focusNext === 0) return;
    const element = document.getElementById(FORM_ID);
    const invalid = element?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) {
      invalid.focus(); // scrolls to it, wherever it is in a long party
      return;
    }
    element
      ?.querySelector<HTMLElement>('fieldset input, fieldset select, [data-testid="booking-summary"] button')
      ?.focus({ preventScroll: true });
    element?.scrollIntoView({ block: 'start' });
  }, [focusNext]);
  // Each step is an entry in the tab's history: the phone's Back button goes back one step, not out of the flow.
  useEffect(() => {
    // The entry the page opened on names its first step; later steps are pushed by `go`.
    history.replaceState({ ...historyState(), flowStep: firstStep }, '');
    const onPop = () => {
      setStep(stepInHistory(saved.current) ?? 'contact');
      setFocusNext((n) => n + 1);
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
    };
  }, [firstStep]);
  const go = (next: Step) => {
    setStep(next);
    if (stepInHistory(true) !== next) history.pushState({ ...historyState(), flowStep: next }, '');
    setFocusNext((n) => n + 1);
  };

  const save = async (values: DetailsForm) => {
    const payload = (await loadRules()).detailsPayload(values);
    const response = await fetch(`/api/bookings/${props.bookingId}/details`, {
      method: 'PUT',
      headers: {
        'Content-Type': 'application/json',
        'Accept-Language': props.locale,
        ...(props.csrf ? { 'X-CSRF-Token': props.csrf } : {}),
      },
      body: JSON.stringify(payload),
    });
    if (response.ok) {
      saved.current = true;
      setPhone(payload.contact.phone);
      showNotification(labels.saved);
      go('summary');
      return;
    }
    const body = (await response.json().catch(() => ({}))) as {
      message?: string;
      errors?: Record<string, string[]>;
    };
    if (response.status === 400 && body.errors) {
      for (const [path, messages] of Object.entries(body.errors))
        setError(path as FieldPath<DetailsForm>, { type: 'server', message: joinReasons(messages) });
      go(Object.keys(body.errors).some((k) => k.startsWith('contact')) ? 'contact' : 'passengers');
    } else {
      showNotification(body.message ?? labels.generic, 'error');
      if (response.status === 409) window.location.reload(); // expired or already paying: the page says which
    }
  };

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    void (async () => {
      try {
        if (step === 'summary') {
          window.location.assign(props.paymentUrl);
          return;
        }
        const valid = await trigger(step === 'contact' ? [...contactFields] : 'passengers');
        // Said once, not queued again on every press.
        dismissNotification(labels.fixErrors);
        if (!valid) {
          showNotification(labels.fixErrors, 'error');
          setFocusNext((n) => n + 1);
          return;
        }
        if (step === 'contact') go('passengers');
        else await save(getValues());
      } catch {
        showNotification(labels.generic, 'error');
      } finally {
        setBusy(false);
      }
    })();
  };

  const show = (name: Step) => !hydrated || step === name;
  const position = steps.indexOf(step) + 1;
  // Without JavaScript a refused post reopens the page on the first field to fix (no script needed to focus it).
  const firstRefused = props.serverErrors ? Object.keys(props.serverErrors)[0] : undefined;
  const fields = { form, defaults, errors: formState.errors, text, labels, countries, firstRefused };
  return (
    <form
      id={FORM_ID}
      method="post"
      action={props.action}
      // The product's own messages, in the page's language, with or without script: never the browser's bubble.
      noValidate
      onSubmit={hydrated ? onSubmit : undefined}
      className="grid scroll-mt-4 gap-6 rounded-box bg-base-100 p-5"
    >
      {props.csrf && <input type="hidden" name="csrf" value={props.csrf} />}
      {hydrated && (
        <ol className="flex flex-wrap gap-2 text-sm" aria-label={labels.stepOf}>
          {steps.map((name, index) => (
            <li
              key={name}
              aria-current={name === step ? 'step' : undefined}
              className={`rounded-full px-3 py-1 ${name === step ? 'bg-primary text-primary-content' : 'bg-base-200'}`}
            >
              {index + 1}. {labels.steps[name]}
            </li>
          ))}
        </ol>
      )}
      {show('contact') && <ContactStep {...fields} />}
      {show('passengers') && (
        <PassengerStep
          {...fields}
          party={party}
          today={props.today}
          travelDate={props.travelDates[0] ?? props.today}
          twoWay={props.twoWay}
          saved={hydrated ? (props.savedPassengers ?? []) : []}
          offerSaving={props.csrf !== undefined}
        />
      )}
      {hydrated && step === 'summary' && (
        <SummaryStep
          values={getValues()}
          phone={phone}
          party={party}
          legs={props.legs}
          labels={labels}
          onEdit={go}
        />
      )}
      <div className="flex flex-wrap justify-between gap-3">
        {hydrated && position > 1 && (
          <button
            type="button"
            className="btn rounded-full btn-ghost shadow-none btn-lg"
            onClick={() => {
              go(steps[position - 2] ?? 'contact');
            }}
          >
            {labels.back}
          </button>
        )}
        <button
          type="submit"
          className="btn ml-auto rounded-full shadow-none btn-lg btn-primary"
          disabled={busy}
          data-testid="flow-next"
        >
          {busy
            ? labels.saving
            : !hydrated
              ? labels.saveAndContinue
              : step === 'contact'
                ? labels.next
                : step === 'passengers'
                  ? labels.saveAndContinue
                  : labels.continueToPayment}
        </button>
      </div>
    </form>
  );
}

const historyState = (): Record<string, unknown> => (history.state as Record<string, unknown> | null) ?? {};

/** The step this tab's history entry names, if it is one the flow can show now (the summary once saved). */
function stepInHistory(saved: boolean): Step | undefined {
  if (typeof history === 'undefined') return undefined;
  const named = historyState().flowStep;
  return named === 'contact' || named === 'passengers' || (named === 'summary' && saved) ? named : undefined;
}
