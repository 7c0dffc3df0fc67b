/**
 * The pause before trying again something that failed (a connection, a
 * process that died at its start): `first`, then twice the last one, up to
 * `max`, so a short outage is bridged at once and a long one is not hammered.
 */
export function nextPause(previous: number, { first, max }: { first: number; max: number }): number {
  return Math.min(Math.max(previous * 2, first), max);
}
