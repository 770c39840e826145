import type { PassengerCategory } from '../../domain/passengers.ts';
import type { DetailsForm, FlowLabels, FlowProps } from './types.ts';

interface Props {
  values: DetailsForm;
  phone: string;
  party: PassengerCategory[];
  legs: FlowProps['legs'];
  labels: FlowLabels;
  onEdit: (step: 'contact' | 'passengers') => void;
}

/** What will be ticketed: the contact person, and every passenger on every leg (the price is in its own panel). */
export function SummaryStep({ values, phone, party, legs, labels, onEdit }: Props) {
  const { contact, passengers } = values;
  return (
    <div className="grid gap-4" data-testid="booking-summary">
      <h2 className="text-xl font-bold">{labels.summaryTitle}</h2>
      <p className="text-sm">{labels.summaryHint}</p>
      <section className="rounded-box bg-base-200 p-4">
        <div className="flex items-center justify-between gap-3">
          <h3 className="font-bold">{labels.contactTitle}</h3>
          <button
            type="button"
            className="btn rounded-full btn-ghost shadow-none btn-sm"
            onClick={() => {
              onEdit('contact');
            }}
          >
            {labels.edit}
          </button>
        </div>
        <p>{contact.fullName}</p>
        <p className="text-sm">
          {contact.email} · {phone}
        </p>
      </section>
      {legs.map((leg) => (
        <section key={leg.title} className="rounded-box bg-base-200 p-4">
          <div className="flex items-center justify-between gap-3">
            <h3 className="font-bold">
              {leg.title}: {leg.route}
            </h3>
            <button
              type="button"
              className="btn rounded-full btn-ghost shadow-none btn-sm"
              onClick={() => {
                onEdit('passengers');
              }}
            >
              {labels.edit}
            </button>
          </div>
          <p className="text-sm">{leg.when}</p>
          <p className="mt-2 text-sm font-semibold">{labels.travellers}</p>
          <ul className="text-sm">
            {passengers.map((passenger, index) => (
              <li key={String(index)}>
                {passenger.fullName} · {labels.categories[party[index] ?? 'adult']} ·{' '}
                <span className="font-mono">{passenger.passportNumber.toUpperCase()}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
