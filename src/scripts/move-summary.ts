/**
 * Keeps a reschedule's summary (components/booking/MoveSummary.astro) in step with the sailing chosen above it:
 * each passenger's "New" names the checked radio button's sailing (its `data-summary`), so the traveller sees old
 * and new side by side before pressing "Reschedule". The server names it too once the address carries it.
 */
export function followChosenSailing(): void {
  document.addEventListener('change', (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.name !== 'sailing' || !input.checked) return;
    const summary = input.dataset.summary;
    if (!summary) return;
    for (const cell of document.querySelectorAll<HTMLElement>('[data-new-sailing]'))
      cell.textContent = summary;
  });
}
