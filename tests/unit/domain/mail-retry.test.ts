import { describe, expect, it } from 'vitest';
import { MAX_MAIL_ATTEMPTS, mailRetryDelayMs } from '../../../src/domain/mail-retry.ts';

describe('how long a failed mail waits before its next try', () => {
  it.each([
    [1, 1],
    [2, 2],
    [3, 4],
    [6, 32],
    [7, 60],
    [20, 60],
  ])('after %i failed tries: %i minutes', (attempts, minutes) => {
    expect(mailRetryDelayMs(attempts)).toBe(minutes * 60_000);
  });

  it('spends its tries over about two hours, so a mail server down for a while still gets the mail', () => {
    const waits = Array.from({ length: MAX_MAIL_ATTEMPTS - 1 }, (_, i) => mailRetryDelayMs(i + 1));
    expect(waits.reduce((sum, wait) => sum + wait, 0) / 60_000).toBe(123);
  });
});
