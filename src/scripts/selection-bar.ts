import { formatRupiah } from '../i18n/format.ts';
import type { Locale } from '../i18n/locales.ts';

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
    const arrives = outbound ? Date.parse(outbound.dataset.arrivesAt ?? '') : Number.NEGATIVE_INFINITY;
    for (const radio of radios('ret')) {
      const tooEarly = Date.parse(radio.dataset.departsAt ?? '') <= arrives;
      radio.disabled = tooEarly;
      if (tooEarly) radio.checked = false;
      const note = radio.closest('li')?.querySelector<HTMLElement>('[data-too-early]');
      if (note) note.hidden = !tooEarly;
    }
  }

  function show() {
    const outbound = chosen('out');
    if (hasReturn) blockEarlyReturns(outbound);
    const legs = hasReturn ? [outbound, chosen('ret')] : [outbound];
    for (const [index, name] of ['out', 'ret'].entries()) {
      const cell = bar?.querySelector<HTMLElement>(`[data-bar-leg=${name}]`);
      if (cell) cell.textContent = legs[index]?.dataset.summary ?? cell.dataset.empty ?? '';
    }
    const total = bar?.querySelector<HTMLElement>('[data-bar-total]');
    if (!total) return;
    const complete = legs.every((radio) => radio !== undefined);
    const sum = legs.reduce((amount, radio) => amount + Number(radio?.dataset.subtotal ?? 0), fee);
    total.textContent = complete ? formatRupiah(sum, locale) : '–';
  }

  form.addEventListener('change', (event) => {
    if (event.target instanceof HTMLInputElement && event.target.type === 'radio') show();
  });
  show();
}
