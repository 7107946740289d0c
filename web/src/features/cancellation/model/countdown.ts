import { useEffect, useState } from 'react';

/** Milliseconds left until `until` (RFC 3339) at `now`; 0 once passed, null without a deadline. */
export function remainingMs(until: string | null | undefined, now: number): number | null {
  if (!until) return null;
  const end = Date.parse(until);
  if (Number.isNaN(end)) return null;
  return Math.max(0, end - now);
}

/** "29:59" (minutes:seconds), rounded up so that the last second reads 0:01, never 0:00 while open. */
export function formatRemaining(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The time left until `until`, updated every second and exactly at the deadline, so that what depends
 * on it (the cancel button) goes away by itself, without a reload. The server decides; this only shows.
 */
export function useCountdown(until: string | null | undefined): number | null {
  const [now, setNow] = useState(() => Date.now());
  const left = remainingMs(until, now);
  useEffect(() => {
    if (left === null || left <= 0) return undefined;
    const step = left % 1000 || 1000;
    const timer = setTimeout(
      () => {
        setNow(Date.now());
      },
      Math.min(step, left),
    );
    return () => {
      clearTimeout(timer);
    };
  }, [left]);
  return left;
}
