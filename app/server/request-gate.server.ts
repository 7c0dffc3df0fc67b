/**
 * At most `limit` requests are worked on at once; the others wait in the
 * order they came. Without it, Node and the database share their time among
 * every open request, and a page that needs several queries in a row waits
 * behind all the others at each of them. Measured with 100 connections on
 * PGlite: each turn of the event loop carried the work of all open requests,
 * new connections were accepted only a few per second, and the first
 * requests waited more than 10 s while the server's own timings looked fine.
 * In order, each request is done in about its own time once it is let in,
 * and the waiting is shared fairly.
 */
export interface RequestGate {
  /** Resolves once the caller may go ahead; it must call `leave()` exactly once afterwards. */
  enter(): Promise<void>;
  leave(): void;
  readonly active: number;
  readonly waiting: number;
}

export function createRequestGate(limit: number): RequestGate {
  let active = 0;
  const queue: Array<() => void> = [];
  return {
    enter() {
      if (active < limit) {
        active += 1;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => queue.push(resolve));
    },
    leave() {
      // The slot passes straight to the next in line, so nobody can overtake the queue.
      const next = queue.shift();
      if (next) next();
      else active -= 1;
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}
