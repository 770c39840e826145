import { Hono } from 'hono';
import { z } from 'zod';
import contacts from '../../../content/contacts.json' with { type: 'json' };
import { contactSchema } from '../../../schemas/contacts.ts';
import { zoneAbbreviation } from '../../../domain/time-zones.ts';
import type { AppDeps } from '../../deps.ts';
import { requestLocale } from '../request-locale.ts';

const counters = z.array(contactSchema).parse(contacts);
const DAY = 'public, max-age=3600, stale-while-revalidate=86400';

/** Terminals with their valid destinations, and the counters' daily opening hours. */
export function networkRoutes(deps: AppDeps) {
  return new Hono()
    .get('/terminals', (c) => {
      const locale = requestLocale(c.req.raw);
      c.header('Cache-Control', DAY);
      c.header('Vary', 'Accept-Language');
      return c.json({
        terminals: deps.network.data.terminals.map((terminal) => ({
          ...deps.network.describeTerminal(terminal, locale),
          destinations: deps.network.destinations(terminal.id),
        })),
      });
    })
    .get('/terminals/:code/destinations', (c) => {
      const locale = requestLocale(c.req.raw);
      const code = c.req.param('code').toUpperCase();
      if (!deps.network.terminal(code)) return c.notFound();
      c.header('Cache-Control', DAY);
      c.header('Vary', 'Accept-Language');
      return c.json({
        destinations: deps.network.destinations(code).flatMap((to) => {
          const terminal = deps.network.terminal(to);
          return terminal ? [deps.network.describeTerminal(terminal, locale)] : [];
        }),
      });
    })
    .get('/operating-hours', (c) => {
      const locale = requestLocale(c.req.raw);
      c.header('Cache-Control', DAY);
      c.header('Vary', 'Accept-Language');
      return c.json({
        counters: counters
          .toSorted((a, b) => a.order - b.order)
          .map((counter) => ({
            id: counter.id,
            kind: counter.kind,
            name: counter.name[locale],
            place: counter.place[locale],
            days: counter.hours.days,
            open: counter.hours.open,
            close: counter.hours.close,
            timeZone: counter.timeZone,
            zone: zoneAbbreviation(counter.timeZone),
          })),
      });
    });
}
