/** How long after the last change a draft is saved (the editor's data changes, debounced). */
export const AUTOSAVE_DELAY_MS = 300;

/**
 * Saves the latest value `delay` ms after the last change, one save at a time: a change while a save runs waits for
 * it and then saves the newest value, so saves never overtake each other and the server ends on the last one.
 * `flush` saves now what is waiting (before Publish, or as the page is left) and resolves when all is saved.
 */
export function debouncedSaver<T>(save: (value: T) => Promise<void>, delay = AUTOSAVE_DELAY_MS) {
  let waiting: { value: T } | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();
  let inFlight = 0;

  const run = (): Promise<void> => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    running = running.then(async () => {
      const next = waiting;
      waiting = undefined;
      if (!next) return;
      inFlight += 1;
      try {
        await save(next.value);
      } finally {
        inFlight -= 1;
      }
    });
    return running;
  };

  return {
    change(value: T): void {
      waiting = { value };
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => void run(), delay);
    },
    flush: run,
    /** A change waits for its save. */
    pending: (): boolean => waiting !== undefined,
    /** A save is on its way. */
    saving: (): boolean => inFlight > 0,
  };
}
