import { clockText, useTimeLeft } from '../shared/time-left.ts';

export interface HoldTimerProps {
  /** The hold's expiry and the server's clock when the page was made (ISO). */
  expiresAt: string;
  serverNow: string;
  /** How long before the expiry the warning shows (ms). */
  warnMs: number;
  /** "Keep my seats" is still possible (once per booking). */
  canKeep: boolean;
  /** Where "Keep my seats" posts (the booking page, which extends and answers 303 back). */
  keepAction: string;
  /** The same sailings and party, posted to the schedule page's hold form: a new hold if the seats are free. */
  holdAgain: { action: string; fields: Record<string, string> };
  /** The same search, when the traveller would rather choose again. */
  searchAgain: string;
  /** "Keep my seats" was just refused (the page shows why, with the focus on it): keep the warning open. */
  refused?: boolean;
  labels: {
    timeLeft: string;
    warning: string;
    keep: string;
    lapsed: string;
    holdAgain: string;
    searchAgain: string;
  };
}

/**
 * The hold's live countdown on the booking page, by the server's clock. In its last minutes it warns and offers
 * "Keep my seats" (a plain form: it works before and without script too, as the server renders the same state);
 * once the time is up it says so and offers to hold the same sailings again or to search again.
 */
export default function HoldTimer(props: HoldTimerProps) {
  const { labels } = props;
  const left = useTimeLeft(props.expiresAt, props.serverNow);
  if (left <= 0)
    return (
      <div
        role="alert"
        className="grid gap-3 rounded-box border-2 border-warning bg-base-100 p-4"
        data-testid="hold-lapsed"
      >
        <p className="font-semibold">{labels.lapsed}</p>
        <form method="post" action={props.holdAgain.action} className="flex flex-wrap gap-3">
          {Object.entries(props.holdAgain.fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button
            type="submit"
            className="btn rounded-full shadow-none btn-primary"
            data-testid="hold-again"
            data-carries-draft
          >
            {labels.holdAgain}
          </button>
          <a className="btn rounded-full btn-ghost" href={props.searchAgain} data-carries-draft>
            {labels.searchAgain}
          </a>
        </form>
      </div>
    );
  const warn = left <= props.warnMs || props.refused === true;
  return (
    <div
      className={`grid gap-3 rounded-box p-4 ${warn ? 'border-2 border-warning bg-base-100' : 'bg-base-100'}`}
      data-testid="hold-timer"
    >
      <p>
        {labels.timeLeft}{' '}
        <strong className="font-mono text-xl tabular-nums" role="timer" aria-live="off">
          {clockText(left)}
        </strong>
      </p>
      {warn && (
        <div role="alert" className="grid gap-2" data-testid="hold-warning">
          <p className="font-semibold">{labels.warning}</p>
          {props.canKeep && (
            <form method="post" action={props.keepAction}>
              <button
                type="submit"
                className="btn rounded-full shadow-none btn-primary"
                data-testid="keep-seats"
                data-keeps-draft
              >
                {labels.keep}
              </button>
            </form>
          )}
        </div>
      )}
    </div>
  );
}
