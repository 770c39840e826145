/**
 * A traveller's request under Indonesia's personal data protection law (UU PDP, Law 27 of 2022), as the privacy
 * policy promises to answer it: access, correction and restriction within 3 x 24 hours (Art. 6, 7, 11 and the
 * deadlines of Art. 30-32), a copy in a machine-readable format (portability, Art. 13) and deletion (Art. 8) within
 * 14 days. Pure: the server records them (use-cases/staff-data-request-*.ts).
 */
export const dataRequestKinds = ['access', 'correction', 'restriction', 'export', 'deletion'] as const;
export type DataRequestKind = (typeof dataRequestKinds)[number];

const HOUR_MS = 3_600_000;
/** How long each kind may take from the moment the request was received. */
const ANSWER_WITHIN_MS: Record<DataRequestKind, number> = {
  access: 72 * HOUR_MS,
  correction: 72 * HOUR_MS,
  restriction: 72 * HOUR_MS,
  export: 14 * 24 * HOUR_MS,
  deletion: 14 * 24 * HOUR_MS,
};

/** The instant a request must be answered by (its legal due date, to the minute). */
export function dataRequestDue(kind: DataRequestKind, receivedAt: Date): Date {
  return new Date(receivedAt.getTime() + ANSWER_WITHIN_MS[kind]);
}

/** Answered (done, or refused with the reason the law allows), still open, or open past its due instant. */
export type DataRequestState = 'done' | 'refused' | 'open' | 'overdue';

export function dataRequestStateOf(
  request: { outcome: 'done' | 'refused' | null; dueAt: Date },
  now: Date,
): DataRequestState {
  if (request.outcome) return request.outcome;
  return request.dueAt < now ? 'overdue' : 'open';
}
