import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { refusalStatuses, refuse, type RefusalCode } from '../../../src/server/validation-errors.ts';

const catalogue = (locale: string) =>
  JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')) as Record<string, string>;

describe('refusals', () => {
  it('says every refusal in both languages', () => {
    for (const locale of ['en', 'id'])
      for (const code of Object.keys(refusalStatuses))
        expect(catalogue(locale)[code], `${locale}: ${code}`).toBeTruthy();
  });

  it('answers each code with its one status', () => {
    const refused = refuse('booking', 'booking_error_hold_expired');
    expect(refused.status).toBe(409);
    expect(refused.errors).toEqual({ booking: [{ key: 'booking_error_hold_expired' }] });
    const statuses = new Set(Object.values(refusalStatuses));
    expect([...statuses].every((s) => s >= 400 && s < 600)).toBe(true);
    const limited: RefusalCode = 'api_rate_limited';
    expect(refuse('limit', limited, { minutes: 5 }).errors.limit).toEqual([
      { key: limited, params: { minutes: 5 } },
    ]);
  });
});
