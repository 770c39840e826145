import client, { Counter, Gauge, Histogram, type Metric } from 'prom-client';

/**
 * The numbers an operator watches (`/metrics`, Prometheus's text format, served on its own port: metrics-server.ts).
 * What happens in this process is counted as it happens (requests, use cases, mails, jobs, 503s, lock conflicts);
 * what waits in the database (holds, queues, refunds, anomalies) is read from it at each scrape (backlog.ts), so
 * every process reports the same, true figure. docs/operations.md says which alerts to set on them, and why.
 *
 * One registry per process, prom-client's own: the Node server (main.ts) and the built bundle each import this
 * module, and a metric is made by whichever comes first and found by name by the other.
 */
export const registry = client.register;

/** The metric of that name: made here, or found when the other copy of this module made it first. */
export function once<M extends Metric>(name: string, make: (name: string) => M): M {
  return (registry.getSingleMetric(name) as M | undefined) ?? make(name);
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const httpRequests = once(
  'http_requests_total',
  (name) =>
    new Counter({
      name,
      help: 'Requests answered, by method, route pattern and status (`aborted`: the client left before the answer).',
      labelNames: ['method', 'route', 'status'],
    }),
);
const httpDuration = once(
  'http_request_duration_seconds',
  (name) =>
    new Histogram({
      name,
      help: 'Time to answer a request, by method and route pattern.',
      labelNames: ['method', 'route'],
      buckets: SECONDS,
    }),
);

/** One answered request: its route is a pattern (`/api/bookings/:id`), never a path, so the labels stay few. */
export function observeRequest(method: string, route: string, status: string, seconds: number): void {
  httpRequests.inc({ method, route, status });
  httpDuration.observe({ method, route }, seconds);
}

const useCaseRuns = once(
  'segara_use_case_runs_total',
  (name) =>
    new Counter({
      name,
      help: 'Use cases run, by name and outcome (ok, refused, failed): holds are hold-seats, payments record-payment.',
      labelNames: ['use_case', 'outcome'],
    }),
);
const useCaseDuration = once(
  'segara_use_case_duration_seconds',
  (name) =>
    new Histogram({
      name,
      help: 'Time a use case took, by name.',
      labelNames: ['use_case'],
      buckets: SECONDS,
    }),
);

export type UseCaseOutcome = 'ok' | 'refused' | 'failed';
export function observeUseCase(useCase: string, outcome: UseCaseOutcome, seconds: number): void {
  useCaseRuns.inc({ use_case: useCase, outcome });
  useCaseDuration.observe({ use_case: useCase }, seconds);
}

const unavailable = once(
  'segara_unavailable_total',
  (name) =>
    new Counter({
      name,
      help: 'Answers 503 with Retry-After, by reason: database (away), gateway (the bank). Rows busy: lock conflicts.',
      labelNames: ['reason'],
    }),
);
export function countUnavailable(reason: 'database' | 'gateway'): void {
  unavailable.inc({ reason });
}

const lockConflicts = once(
  'segara_lock_conflicts_total',
  (name) =>
    new Counter({
      name,
      help: 'Transactions that collided: run again (a deadlock or serialization victim) or given up (busy, a 503).',
      labelNames: ['outcome'],
    }),
);
export function countLockConflict(outcome: 'retried' | 'busy'): void {
  lockConflicts.inc({ outcome });
}

const mails = once(
  'segara_mails_total',
  (name) =>
    new Counter({
      name,
      help: 'Mails the mail jobs handled, by queue and outcome (sent, nothing_to_send, failed, lease_lost).',
      labelNames: ['queue', 'outcome'],
    }),
);
export function countMail(
  queue: string,
  outcome: 'sent' | 'nothing_to_send' | 'failed' | 'lease_lost',
): void {
  mails.inc({ queue, outcome });
}

const jobRuns = once(
  'segara_job_runs_total',
  (name) =>
    new Counter({
      name,
      help: 'Background job runs in this process, by job and outcome (ok, failed).',
      labelNames: ['job', 'outcome'],
    }),
);
const jobDuration = once(
  'segara_job_duration_seconds',
  (name) =>
    new Histogram({
      name,
      help: 'Time a background job run took, by job.',
      labelNames: ['job'],
      buckets: [0.01, 0.05, 0.25, 1, 5, 15, 60],
    }),
);
const jobLastSuccess = once(
  'segara_job_last_success_timestamp_seconds',
  (name) =>
    new Gauge({
      name,
      help: 'When this process last finished a job run without error (Unix seconds), by job.',
      labelNames: ['job'],
    }),
);
export function observeJob(job: string, ok: boolean, seconds: number): void {
  jobRuns.inc({ job, outcome: ok ? 'ok' : 'failed' });
  jobDuration.observe({ job }, seconds);
  if (ok) jobLastSuccess.set({ job }, Date.now() / 1000);
}

const paymentsFoundByAsking = once(
  'segara_payments_found_by_asking_total',
  (name) =>
    new Counter({
      name,
      help: 'Payments the sweep found by asking the gateway about a VA due to expire: their callbacks never came.',
    }),
);
export function countPaymentFoundByAsking(): void {
  paymentsFoundByAsking.inc();
}

/**
 * The label values alerts look for exist from the start at 0: `increase()` cannot see a first failure of a series
 * that did not exist before it.
 */
for (const reason of ['database', 'gateway'] as const) unavailable.inc({ reason }, 0);
for (const outcome of ['retried', 'busy'] as const) lockConflicts.inc({ outcome }, 0);
for (const queue of ['sent_mails', 'account_mails'])
  for (const outcome of ['sent', 'nothing_to_send', 'failed', 'lease_lost'] as const)
    mails.inc({ queue, outcome }, 0);

/** What the database reports at a scrape, registered by the bundle once it opens the database (runtime.ts). */
export interface MetricSources {
  pool?: () => { total: number; idle: number; waiting: number };
  /** The backlog (db/queries/backlog.ts): each figure by name. */
  backlog?: () => Promise<Record<string, number>>;
}
const SOURCES = Symbol.for('segara.metric-sources');
const shared = globalThis as typeof globalThis & { [SOURCES]?: MetricSources };
const sources = shared[SOURCES] ?? (shared[SOURCES] = {});

export function provideMetricSources(given: MetricSources): void {
  Object.assign(sources, given);
}

/** The sources the database's gauges read at a scrape (observability/backlog.ts). */
export function metricSources(): Readonly<MetricSources> {
  return sources;
}

once(
  'segara_db_pool_connections',
  (name) =>
    new Gauge({
      name,
      help: 'The PostgreSQL pool of this process: connections open (total), idle, and requests waiting for one.',
      labelNames: ['state'],
      collect() {
        const stats = sources.pool?.();
        if (!stats) return;
        for (const [state, value] of Object.entries(stats)) this.set({ state }, value);
      },
    }),
);

/** The process's own: CPU, memory, event loop lag, garbage collection, open handles (once per registry). */
if (!registry.getSingleMetric('process_cpu_seconds_total'))
  client.collectDefaultMetrics({ register: registry });
