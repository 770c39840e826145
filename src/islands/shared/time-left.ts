import { useEffect, useState } from 'react';

/** "mm:ss", or "h:mm:ss" from an hour up; never negative. */
export function clockText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const mm = String(Math.floor((total % 3600) / 60)).padStart(2, '0');
  const ss = String(total % 60).padStart(2, '0');
  return h > 0 ? `${String(h)}:${mm}:${ss}` : `${mm}:${ss}`;
}

/**
 * Milliseconds left until `deadline` by the server's clock (`serverNow`: when the page was made), ticking each
 * second, so a phone with a wrong clock still counts right. The first render uses the server's time, matching the
 * page the server rendered.
 */
export function useTimeLeft(deadline: string, serverNow: string): number {
  const [skew] = useState(() => Date.parse(serverNow) - Date.now());
  const [left, setLeft] = useState(() => Date.parse(deadline) - Date.parse(serverNow));
  useEffect(() => {
    const tick = setInterval(() => {
      setLeft(Date.parse(deadline) - (Date.now() + skew));
    }, 1000);
    return () => {
      clearInterval(tick);
    };
  }, [deadline, skew]);
  return left;
}
