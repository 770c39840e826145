import { useEffect, useMemo, useState, type SyntheticEvent } from 'react';
import { showNotification } from '../../stores/notifications.ts';
import { loadWithRecovery } from '../shared/load-failure.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import { ContactStep } from './ContactStep.tsx';
import { PassengerStep } from './PassengerStep.tsx';
import { SummaryStep } from './SummaryStep.tsx';
import { parseCountries } from './countries.ts';
import type { ContactValues, DetailsErrors, FlowProps, PassengerValues } from './types.ts';

type Step = 'contact' | 'passengers' | 'summary';
const steps: Step[] = ['contact', 'passengers', 'summary'];
const loadRules = () => loadWithRecovery(() => import('./validate.ts'));

/**
 * The booking flow: contact person -> passengers -> summary, then the payment page. Server-rendered as one plain
 * form with every field (it posts and saves without JavaScript); once hydrated it shows one step at a time, checks
 * each with the shared schema (loaded when first needed) and saves to the server, so a reload resumes there.
 */
export default function BookingFlow(props: FlowProps) {
  const { labels, party } = props;
  const countries = useMemo(() => parseCountries(props.countries), [props.countries]);
  const hydrated = useHydrated();
  // A plain-form post refused for a passenger's field comes back at the passengers step.
  const [step, setStep] = useState<Step>(() =>
    props.serverErrors && Object.keys(props.serverErrors).some((k) => k.startsWith('passengers'))
      ? 'passengers'
      : props.saved
        ? 'summary'
        : 'contact',
  );
  const [contact, setContact] = useState<ContactValues>(props.initialContact);
  const [passengers, setPassengers] = useState<PassengerValues[]>(props.initialPassengers);
  const [errors, setErrors] = useState<DetailsErrors>(props.serverErrors ?? {});
  const [busy, setBusy] = useState(false);
  const [phone, setPhone] = useState(props.initialContact.phone);

  const text = (keys: DetailsErrors): DetailsErrors =>
    Object.fromEntries(
      Object.entries(keys).map(([path, list]) => [path, list.map((k) => labels.errors[k] ?? labels.generic)]),
    );
  const changeContact = (field: keyof ContactValues, value: string) => {
    setContact((current) => ({ ...current, [field]: value }));
    if (field === 'phone' && value.trim().startsWith('+'))
      void loadRules().then(({ countryOfTyped }) => {
        const country = countryOfTyped(value);
        if (country) setContact((current) => ({ ...current, phoneCountry: country }));
      });
  };
  const changePassenger = (index: number, field: keyof PassengerValues, value: string) => {
    setPassengers((current) => current.map((p, i) => (i === index ? { ...p, [field]: value } : p)));
  };
  // After a step changes or is refused, keyboard and screen-reader users land where the work is: the first field
  // with an error, else the new step's first field.
  const [focusNext, setFocusNext] = useState(0);
  useEffect(() => {
    if (focusNext === 0) return;
    const form = document.getElementById('booking-flow');
    const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) {
      invalid.focus(); // scrolls to it, wherever it is in a long party
      return;
    }
    form
      ?.querySelector<HTMLElement>('fieldset input, fieldset select, [data-testid="booking-summary"] button')
      ?.focus({ preventScroll: true });
    form?.scrollIntoView({ block: 'start' });
  }, [focusNext]);
  const go = (next: Step) => {
    setStep(next);
    setFocusNext((n) => n + 1);
  };

  const save = async () => {
    const rules = await loadRules();
    const e164 = rules.toE164(contact);
    const response = await fetch(`/api/bookings/${props.bookingId}/details`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': props.locale },
      body: JSON.stringify({
        contact: { fullName: contact.fullName, email: contact.email, phone: e164 },
        passengers,
      }),
    });
    if (response.ok) {
      setPhone(e164);
      showNotification(labels.saved);
      go('summary');
      return;
    }
    const body = (await response.json().catch(() => ({}))) as { message?: string; errors?: DetailsErrors };
    if (response.status === 400 && body.errors) {
      setErrors(body.errors);
      go(Object.keys(body.errors).some((k) => k.startsWith('contact')) ? 'contact' : 'passengers');
    } else {
      showNotification(body.message ?? labels.generic, 'error', 5000);
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
        const rules = await loadRules();
        const found =
          step === 'contact'
            ? rules.contactErrors(contact)
            : rules.passengerErrors(passengers, props.today, props.lastTravel);
        setErrors(text(found));
        if (Object.keys(found).length > 0) {
          showNotification(labels.fixErrors, 'error');
          setFocusNext((n) => n + 1);
          return;
        }
        if (step === 'contact') go('passengers');
        else await save();
      } catch {
        showNotification(labels.generic, 'error');
      } finally {
        setBusy(false);
      }
    })();
  };

  const show = (name: Step) => !hydrated || step === name;
  const position = steps.indexOf(step) + 1;
  return (
    <form
      id="booking-flow"
      method="post"
      action={props.action}
      noValidate={hydrated}
      onSubmit={hydrated ? onSubmit : undefined}
      className="grid scroll-mt-4 gap-6 rounded-box bg-base-100 p-5"
    >
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
      {show('contact') && (
        <ContactStep
          values={contact}
          errors={errors}
          labels={labels}
          countries={countries}
          onChange={changeContact}
        />
      )}
      {show('passengers') && (
        <PassengerStep
          passengers={passengers}
          party={party}
          errors={errors}
          labels={labels}
          countries={countries}
          today={props.today}
          twoWay={props.twoWay}
          onChange={changePassenger}
        />
      )}
      {hydrated && step === 'summary' && (
        <SummaryStep
          contact={contact}
          phone={phone}
          passengers={passengers}
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
