/**
 * Callers asking for the same key while it loads wait for that one load
 * instead of starting their own, as long as nothing changed in between: a
 * load begun before the latest change (an older generation) may not show it,
 * so a caller of a newer generation starts a fresh one. The guest page cache
 * and the members' shared lists both load this way.
 */
export class SingleFlight<V> {
  private readonly running = new Map<string, { generation: number; load: Promise<V> }>();

  /** The load of `key` running in `generation` (shared: true), or the one `start` begins. */
  run(key: string, generation: number, start: () => Promise<V>): { load: Promise<V>; shared: boolean } {
    const running = this.running.get(key);
    if (running?.generation === generation) return { load: running.load, shared: true };
    const load = start();
    this.running.set(key, { generation, load });
    const settled = () => {
      if (this.running.get(key)?.load === load) this.running.delete(key);
    };
    load.then(settled, settled);
    return { load, shared: false };
  }
}
