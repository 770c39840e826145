import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOSAVE_DELAY_MS, debouncedSaver } from '../../../src/islands/announcement-editor/autosave.ts';

describe("the announcement editor's saves", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves 300 ms after the last change, the latest value once', async () => {
    const saved: string[] = [];
    const saver = debouncedSaver<string>((value) => {
      saved.push(value);
      return Promise.resolve();
    });
    saver.change('R');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 1);
    saver.change('Ro');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 1);
    expect(saved).toEqual([]);
    saver.change('Rough');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(AUTOSAVE_DELAY_MS).toBe(300);
    expect(saved).toEqual(['Rough']);
  });

  it('never runs two saves at once, and ends on the newest value (one overtaken while a save ran is skipped)', async () => {
    const saved: string[] = [];
    let running = 0;
    let most = 0;
    const saver = debouncedSaver<string>(async (value) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      saved.push(value);
      running -= 1;
    });
    saver.change('first');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    saver.change('second');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    saver.change('third');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(most).toBe(1);
    expect(saved).toEqual(['first', 'third']);
  });

  it('saves what waits at once when flushed (before Publish)', async () => {
    const saved: string[] = [];
    const saver = debouncedSaver<string>((value) => {
      saved.push(value);
      return Promise.resolve();
    });
    saver.change('typed just now');
    expect(saver.pending()).toBe(true);
    await saver.flush();
    expect(saved).toEqual(['typed just now']);
    expect(saver.pending()).toBe(false);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(saved).toHaveLength(1);
  });
});
