import { z } from 'zod';
import { terminalTimeZones } from '../domain/time-zones.ts';
import { paymentMethods } from '../domain/payment-methods.ts';

/** The sample network (src/content/network/*.json): validated here, read by Astro pages and by the seed step. */
const localized = z.object({ en: z.string().min(1), id: z.string().min(1) });
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM, 24-hour clock');
const rupiah = z.number().int().nonnegative();
export const terminalCode = z.string().regex(/^[A-Z]{3}$/);
export const operatorCode = z.string().regex(/^[A-Z]{2,4}$/);
export const routeSlug = z.string().regex(/^[a-z]{3}-[a-z]{3}$/);

export const terminalSchema = z.object({
  id: terminalCode,
  /** The terminal's part of a route page's address: `/schedule/batam-centre-harbourfront`. */
  slug: z.string().regex(/^[a-z]+(-[a-z]+)*$/),
  name: localized,
  city: localized,
  country: z.enum(['ID', 'SG', 'MY']),
  timeZone: z.enum(terminalTimeZones),
  /** The street address travellers are sent to (trip card, calendar file, map search); not translated. */
  address: z.string().min(1),
  /** Per passenger departing from this terminal (e.g. Batam passenger pass, Singapore departure fee). */
  terminalFee: z.object({ adult: rupiah, child: rupiah, infant: rupiah }),
  /** Fuel surcharge per passenger departing from this terminal. */
  surcharge: z.object({ adult: rupiah, child: rupiah, infant: rupiah }),
});

export const operatorSchema = z.object({ id: operatorCode, name: z.string().min(1) });

export const routeSchema = z.object({
  id: routeSlug,
  from: terminalCode,
  to: terminalCode,
  region: z.enum(['singapore', 'johor']),
});

export const timetableSchema = z.object({
  id: z.string().min(1),
  route: routeSlug,
  operator: operatorCode,
  /** Local departure times at the departure terminal. */
  departures: z.array(clock).min(1),
  /** ISO weekdays it sails: 1 = Monday ... 7 = Sunday. */
  days: z.array(z.number().int().min(1).max(7)).min(1),
  durationMinutes: z.number().int().min(30).max(240),
  capacity: z.number().int().min(150).max(300),
});

export const fareSchema = z.object({
  id: z.string().min(1),
  route: routeSlug,
  operator: operatorCode,
  /** Ticket price per passenger and leg, by category. */
  adult: rupiah,
  child: rupiah,
  infant: rupiah,
});

export const paymentChannelSchema = z.object({
  id: z.enum(paymentMethods),
  name: z.string().min(1),
  /** Charged once per booking. */
  transactionFee: rupiah,
});

export type Terminal = z.infer<typeof terminalSchema>;
export type Operator = z.infer<typeof operatorSchema>;
export type Route = z.infer<typeof routeSchema>;
export type TimetableEntry = z.infer<typeof timetableSchema>;
export type Fare = z.infer<typeof fareSchema>;
export type PaymentChannel = z.infer<typeof paymentChannelSchema>;
