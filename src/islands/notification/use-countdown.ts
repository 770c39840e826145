import { useCallback, useEffect, useRef } from 'react';

/**
 * Calls `onDone` after `duration` ms (null = never). The countdown restarts whenever `key` changes (a new
 * notification) and can be paused and resumed, keeping the time that was left.
 */
export function useCountdown(duration: number | null, onDone: () => void, key: unknown) {
  const remaining = useRef<number | null>(duration);
  const startedAt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const done = useRef(onDone);
  done.current = onDone;

  const stop = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  const start = useCallback(() => {
    stop();
    if (remaining.current === null) return;
    startedAt.current = Date.now();
    timer.current = setTimeout(() => {
      done.current();
    }, remaining.current);
  }, [stop]);

  useEffect(() => {
    remaining.current = duration;
    start();
    return stop;
  }, [duration, key, start, stop]);

  const pause = useCallback(() => {
    if (timer.current === undefined || remaining.current === null) return;
    stop();
    remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt.current));
  }, [stop]);

  return { pause, resume: start };
}
