import { afterEach, describe, expect, it, vi } from 'vitest';
import { localeTags } from '../../../../src/i18n/locales.ts';
import { failurePage } from '../../../../src/server/http/pages/unavailable-page.ts';
import { runJob } from '../../../../src/server/observability/job-run.ts';
import { log } from '../../../../src/server/observability/log.ts';
import {
  currentRequestId,
  currentScope,
  inScope,
  outsideScope,
} from '../../../../src/server/observability/request-scope.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the scope of a request', () => {
  it('is not inherited by a timer started outside it, as the jobs are when a request opens the database', async () => {
    const seen = await inScope({ requestId: 'first-request-0001' }, () =>
      outsideScope(
        () =>
          new Promise((resolve) =>
            setTimeout(() => {
              resolve(currentRequestId());
            }, 1),
          ),
      ),
    );
    expect(seen).toBeUndefined();
  });

  it('gives a job run no request woke an id of its own, and keeps the id of the request that woke one', async () => {
    const sweep = await runJob('sweep', () => Promise.resolve(currentScope()));
    expect(sweep?.job).toBe('sweep');
    expect(sweep?.requestId).toMatch(/^job-/);
    const woken = await inScope({ requestId: 'booking-request-01' }, () =>
      runJob('mail', () => Promise.resolve(currentScope())),
    );
    expect(woken).toEqual({ requestId: 'booking-request-01', job: 'mail' });
  });

  it('logs a job’s failure in the job’s scope and hands it on', async () => {
    const lines: unknown[] = [];
    vi.spyOn(log, 'error').mockImplementation(() => {
      lines.push(currentScope()?.job);
    });
    await expect(runJob('expire-bookings', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(lines).toEqual(['expire-bookings']);
  });
});

describe('the page of an unforeseen failure', () => {
  it.each([
    ['en', 'Something went wrong'],
    ['id', 'Terjadi kesalahan'],
  ] as const)('answers 500 in %s with the request id to quote, never cached', async (locale, title) => {
    const page = failurePage(locale, 'caddy-4f2a9c1e7b');
    expect(page.status).toBe(500);
    expect(page.headers.get('Cache-Control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain(`<html lang="${localeTags[locale]}">`);
    expect(html).toContain(`<h1>${title}</h1>`);
    expect(html).toContain('<code>caddy-4f2a9c1e7b</code>');
  });
});
