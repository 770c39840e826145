import { log } from './log.ts';
import { observeJob } from './metrics.ts';
import { currentRequestId, inScope, jobRunId } from './request-scope.ts';

/**
 * Runs one background job's work as a scope of its own (observability/request-scope.ts): its log lines say `job`,
 * and carry the id of the request that woke it (a mail sent at once after a booking) or a run id of their own (a
 * sweep). Counts the run, its time, and when it last succeeded (the sweeper-stalled alert, docs/operations.md);
 * a failure is logged here, in the job's scope, and thrown on to the caller, which says what happens next.
 */
export function runJob<T>(job: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  return inScope({ requestId: currentRequestId() ?? jobRunId(), job }, async () => {
    try {
      const result = await work();
      observeJob(job, true, seconds());
      return result;
    } catch (error) {
      observeJob(job, false, seconds());
      log.error({ err: error }, 'job failed');
      throw error;
    }
  });
}
