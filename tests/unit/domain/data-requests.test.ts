import { describe, expect, it } from 'vitest';
import { dataRequestDue, dataRequestKinds, dataRequestStateOf } from '../../../src/domain/data-requests.ts';

describe('personal-data requests', () => {
  const received = new Date('2026-11-26T01:30:00Z');

  it.each([
    ['access', '2026-11-29T01:30:00.000Z'],
    ['correction', '2026-11-29T01:30:00.000Z'],
    ['restriction', '2026-11-29T01:30:00.000Z'],
    ['export', '2026-12-10T01:30:00.000Z'],
    ['deletion', '2026-12-10T01:30:00.000Z'],
  ] as const)('answers %s by the due date the privacy policy promises', (kind, due) => {
    expect(dataRequestDue(kind, received).toISOString()).toBe(due);
  });

  it('names every kind it has a deadline for', () => {
    for (const kind of dataRequestKinds) expect(dataRequestDue(kind, received) > received).toBe(true);
  });

  it('reads a request as open, overdue past its due instant, or as answered', () => {
    const dueAt = new Date('2026-11-29T01:30:00Z');
    expect(dataRequestStateOf({ outcome: null, dueAt }, dueAt)).toBe('open');
    expect(dataRequestStateOf({ outcome: null, dueAt }, new Date(dueAt.getTime() + 1))).toBe('overdue');
    expect(dataRequestStateOf({ outcome: 'refused', dueAt }, new Date('2027-01-01'))).toBe('refused');
    expect(dataRequestStateOf({ outcome: 'done', dueAt }, new Date('2027-01-01'))).toBe('done');
  });
});
