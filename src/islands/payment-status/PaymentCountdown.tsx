import { useEffect } from 'react';
import { clockText, useTimeLeft } from '../shared/time-left.ts';

interface Props {
  bookingId: string;
  /** The payment deadline (ISO). */
  deadline: string;
  /** The server's clock when the page was made, so a phone with a wrong clock still counts down right. */
  serverNow: string;
  labels: { timeLeft: string; expired: string };
  /** How often to ask whether the payment arrived (ms). */
  pollMs?: number;
}

/**
 * The live countdown to the payment deadline. It also asks the server every few seconds whether the booking is
 * still awaiting payment, and reloads the page when it changed (paid, or expired), so the traveller who paid in
 * the bank app sees the tickets without touching anything.
 */
export default function PaymentCountdown({ bookingId, deadline, serverNow, labels, pollMs = 10_000 }: Props) {
  const left = useTimeLeft(deadline, serverNow);

  useEffect(() => {
    const poll = setInterval(() => {
      if (document.visibilityState === 'hidden') return;
      void fetch(`/api/bookings/${bookingId}/status`, { headers: { Accept: 'application/json' } })
        .then(async (response) =>
          response.ok ? ((await response.json()) as { status?: string }) : undefined,
        )
        .then((booking) => {
          if (booking?.status && booking.status !== 'awaiting_payment') window.location.reload();
        })
        .catch(() => undefined); // a dropped poll on a weak network is retried at the next tick
    }, pollMs);
    return () => {
      clearInterval(poll);
    };
  }, [bookingId, pollMs]);

  const over = left <= 0;
  useEffect(() => {
    if (over) window.location.reload(); // the server shows what happened at the deadline
  }, [over]);

  return (
    <p className="text-lg" data-testid="payment-countdown">
      {left > 0 ? labels.timeLeft : labels.expired}{' '}
      {left > 0 && (
        <strong className="font-mono text-2xl tabular-nums" role="timer" aria-live="off">
          {clockText(left)}
        </strong>
      )}
    </p>
  );
}
