import type { Locale } from '../../i18n/locales.ts';
import { translate, type MessageKey } from '../../i18n/translate.ts';
import { formatClock, type TripCard, type TripCardLeg } from '../views/trip-card.ts';
import type { Block, Row } from './mail-layout.ts';

/**
 * The trip card as mail blocks, the same data the pages render (src/components/booking/TripCard.astro): per leg its
 * times at the departure terminal, the check-in and gate deadlines, where to go and links to a map and a calendar
 * file; then the e-tickets. Links are absolute from `siteUrl`, since a mail has no page to be relative to.
 */
export function tripCardBlocks(card: TripCard, locale: Locale, siteUrl: string): Block[] {
  const t = (key: MessageKey, params: Record<string, string> = {}) => translate(key, locale, params);
  const site = siteUrl.replace(/\/+$/, '');

  const terminalRows = (leg: TripCardLeg): Row[] => {
    const { terminal } = leg;
    const rows: Row[] = [[t('trip_terminal'), `${terminal.name}, ${terminal.address}`]];
    if (terminal.counter) {
      rows.push([t('trip_counter'), terminal.counter.address]);
      rows.push([t('trip_counter_phone'), terminal.counter.phone]);
    } else {
      rows.push(['', t('trip_operator_counter', { operator: leg.operator })]);
    }
    return rows;
  };

  const legBlocks = (leg: TripCardLeg): Block[] => {
    const { sailing } = leg;
    const heading: Block = {
      kind: 'subheading',
      text: `${leg.title}: ${t('mail_route', { from: leg.from, to: leg.to })}`,
    };
    const mapLink = { label: t('trip_map_link', { terminal: leg.terminal.name }), url: leg.terminal.mapUrl };
    if (!sailing) {
      const rows: Row[] = [[t('route_col_operator'), leg.operator]];
      if (leg.validUntil) rows.push([t('trip_valid_until'), leg.validUntil, true]);
      return [
        heading,
        { kind: 'rows', rows: [...rows, ...terminalRows(leg)] },
        { kind: 'paragraph', text: t('trip_open_note') },
        { kind: 'links', links: [mapLink] },
      ];
    }
    const departure = t('mail_local_time', {
      date: sailing.date,
      time: sailing.departure.time,
      zone: sailing.departure.zone,
    });
    return [
      heading,
      {
        kind: 'rows',
        rows: [
          [t('trip_departure'), departure, true],
          [t('trip_arrival'), formatClock(sailing.arrival)],
          [t('trip_check_in_closes'), formatClock(sailing.checkInCloses), true],
          [t('trip_gate_closes'), formatClock(sailing.gateCloses), true],
          [t('route_col_operator'), leg.operator],
          ...terminalRows(leg),
        ],
      },
      {
        kind: 'links',
        links: [mapLink, { label: t('trip_calendar_link'), url: `${site}${sailing.calendarPath}` }],
      },
    ];
  };

  return [
    { kind: 'heading', text: t('trip_card_title') },
    ...card.legs.flatMap(legBlocks),
    { kind: 'paragraph', text: t('trip_times_local') },
    { kind: 'link', label: t('payment_download_tickets'), url: `${site}${card.eTicketPath}` },
  ];
}
