// The drills' printed result: one line per phase, what was acknowledged and found, and each kind of wrong answer.
import type { Findings } from './verify-nothing-lost.ts';
import type { Acknowledged, Tally } from './traveller-load.ts';

interface Phase {
  name: string;
  seconds: number;
  journeys: number;
  tally: Tally;
  events: Record<string, unknown>;
}

export function printPhases(phases: Phase[], acknowledged: Acknowledged, findings: Findings): void {
  const report = phases.map((r) => ({
    phase: r.name,
    seconds: Math.round(r.seconds),
    journeys: r.journeys,
    requests: r.tally.sent,
    ok: r.tally.ok,
    soldOut409: r.tally.soldOut,
    unavailable503: r.tally.unavailable,
    slowestMs: r.tally.slowestMs,
    wrong: r.tally.wrong.length,
    failed: r.tally.failed.length,
    ...r.events,
  }));
  const counts = {
    holds: acknowledged.holds.size,
    payments: acknowledged.payments.size,
    paid: acknowledged.paid.size,
    cancellations: acknowledged.cancellations.size,
  };
  console.log(JSON.stringify({ phases: report, acknowledged: counts, findings }, null, 2));
  for (const r of phases) {
    const kinds = new Map<string, number>();
    const count = (kind: string) => kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    for (const w of r.tally.wrong) count(`${w.step} ${String(w.status)}`);
    for (const f of r.tally.failed) count(`${f.step} ${f.error}`);
    for (const [kind, n] of kinds) console.log(`${r.name}: ${String(n)} x ${kind}`);
    for (const w of r.tally.wrong.slice(0, 3)) console.log(r.name, w);
  }
}
