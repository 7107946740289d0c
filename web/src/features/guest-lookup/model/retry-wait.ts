/**
 * How long a rate-limited guest has to wait (the server's Retry-After, in seconds), in the unit a person
 * would say: seconds under a minute, else whole minutes, rounded up so the shopper never comes back too
 * early ("889 seconds" is "15 minutes"). The message writes the words with the language's plural rules.
 */
export function retryWait(seconds: number): { unit: 'minute' | 'second'; count: number } {
  const whole = Math.max(1, Math.ceil(seconds));
  return whole < 60 ? { unit: 'second', count: whole } : { unit: 'minute', count: Math.ceil(whole / 60) };
}
