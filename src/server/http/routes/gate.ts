import { Hono } from 'hono';
import { portTime } from '../../../domain/port-time.ts';
import { boardingPassJwkSet, serverBoardingPassKeys } from '../../boarding-pass/keys.ts';
import { gateSailing, gateSailingsBetween } from '../../db/queries/gate-sailing.ts';
import type { AppDeps } from '../../deps.ts';
import type { Network } from '../../network.ts';
import { refuse } from '../../validation-errors.ts';
import { gateDeviceCaller } from '../credentials.ts';

const HOUR_MS = 3_600_000;

/** A sailing as a gate device lists it: the route's terminals, the operator, the departure in its own zone. */
function sailingLabel(network: Network, sailing: { routeId: string; operatorCode: string; departsAt: Date }) {
  const route = network.routeById(sailing.routeId);
  const ends = route && network.ends(route);
  const local = portTime(sailing.departsAt, network.zoneOf(ends?.from.id));
  return {
    from: ends?.from.name ?? { en: sailing.routeId, id: sailing.routeId },
    to: ends?.to.name ?? { en: sailing.routeId, id: sailing.routeId },
    operator: network.operatorName(sailing.operatorCode),
    departure: { at: sailing.departsAt.toISOString(), date: local.date, time: local.time, zone: local.zone },
  };
}

/**
 * What an enrolled gate device reads while online and keeps for offline use (docs/decisions/0014), with its device
 * token (`gateDeviceCaller`); the boardings it uploads are a use case (`gate-board`).
 * GET /api/gate/sailings: the sailings leaving from 2 hours ago to 26 hours ahead, to pick the one being boarded.
 * GET /api/gate/sailings/{id}: that sailing's manifest and revocations, with the published keys.
 */
export function gateRoutes(deps: AppDeps) {
  return new Hono()
    .get('/gate/sailings', async (c) => {
      await gateDeviceCaller(c, deps);
      const now = deps.clock().getTime();
      const rows = await gateSailingsBetween(
        await deps.database(),
        new Date(now - 2 * HOUR_MS),
        new Date(now + 26 * HOUR_MS),
      );
      c.header('Cache-Control', 'no-store');
      return c.json({
        sailings: rows.map((row) => ({
          id: row.id,
          cancelled: row.status === 'cancelled',
          ...sailingLabel(deps.network, row),
        })),
      });
    })
    .get('/gate/sailings/:id', async (c) => {
      await gateDeviceCaller(c, deps);
      const id = c.req.param('id');
      const sailing = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)
        ? await gateSailing(await deps.database(), id)
        : undefined;
      if (!sailing) throw refuse('sailing', 'gate_sailing_not_found');
      c.header('Cache-Control', 'no-store');
      return c.json({
        id: sailing.id,
        cancelled: sailing.cancelled,
        ...sailingLabel(deps.network, sailing),
        manifest: sailing.manifest,
        revoked: sailing.revoked.map((row) => ({
          ticketNumber: row.ticketNumber,
          reason: row.reason,
          ...(row.departure ? { departure: row.departure.toISOString() } : {}),
        })),
        keys: boardingPassJwkSet((deps.boardingPassKeys ?? serverBoardingPassKeys)()),
        readAt: deps.clock().toISOString(),
      });
    });
}
