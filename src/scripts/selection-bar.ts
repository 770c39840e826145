import { formatRupiah } from '../i18n/format.ts';
import type { Locale } from '../i18n/locales.ts';
import { returnLeavesInTime } from '../domain/trip-dates.ts';

/**
 * The schedule page's selection bar, following the radios: the chosen sailing of each leg, the total to pay once
 * every leg is chosen, and, in a two way search, returns that leave before the chosen outbound arrives cannot be
 * chosen (the server refuses that pair anyway; here the traveller sees it before pressing Continue).
 */
export function followSelection(): void {
  const bar = document.querySelector<HTMLElement>('[data-selection-bar]');
  const form = bar?.closest('form');
  if (!bar || !form) return;
  const locale: Locale = bar.dataset.locale === 'id' ? 'id' : 'en';
  const fee = Number(bar.dataset.transactionFee ?? 0);
  const radios = (name: string) => [
    ...form.querySelectorAll<HTMLInputElement>(`input[type=radio][name=${name}]`),
  ];
  const chosen = (name: string) => radios(name).find((radio) => radio.checked && !radio.disabled);
  const hasReturn = bar.querySelector('[data-bar-leg=ret]') !== null;

  function blockEarlyReturns(outbound: HTMLInputElement | undefined) {
    const arrives = new Date(outbound?.dataset.arrivesAt ?? 0);
    for (const radio of radios('ret')) {
      const tooEarly =
        outbound !== undefined && !returnLeavesInTime(arrives, new Date(radio.dataset.departsAt ?? 0));
      radio.disabled = tooEarly;
      if (tooEarly) radio.checked = false;
      const note = radio.closest('li')?.querySelector<HTMLElement>('[data-too-early]');
      if (note) note.hidden = !tooEarly;
    }
  }

  /** Writes a cell only when its text changes, so nothing is re-read to a screen reader for no reason. */
  function write(cell: HTMLElement | null | undefined, text: string) {
    if (cell && cell.textContent !== text) cell.textContent = text;
  }

  function show(announce: boolean) {
    const outbound = chosen('out');
    if (hasReturn) blockEarlyReturns(outbound);
    const legs = hasReturn ? [outbound, chosen('ret')] : [outbound];
    for (const [index, name] of ['out', 'ret'].entries()) {
      const cell = bar?.querySelector<HTMLElement>(`[data-bar-leg=${name}]`);
      write(cell, legs[index]?.dataset.summary ?? cell?.dataset.empty ?? '');
    }
    const total = bar?.querySelector<HTMLElement>('[data-bar-total]');
    const complete = legs.every((radio) => radio !== undefined);
    const sum = legs.reduce((amount, radio) => amount + Number(radio?.dataset.subtotal ?? 0), fee);
    write(total, complete ? formatRupiah(sum, locale) : (total?.dataset.empty ?? ''));
    if (!announce) return;
    // The whole choice in one sentence ("Departure: 08:00 WIB → ... . Total: IDR 990,000."), said once.
    const terms = [...(bar?.querySelectorAll('dt') ?? [])].map(
      (term) => `${term.textContent}: ${term.nextElementSibling?.textContent ?? ''}.`,
    );
    write(bar?.querySelector<HTMLElement>('[data-bar-announce]'), terms.join(' '));
  }

  form.addEventListener('change', (event) => {
    if (event.target instanceof HTMLInputElement && event.target.type === 'radio') show(true);
  });
  show(false);
}
