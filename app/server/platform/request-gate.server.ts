import { AsyncLocalStorage } from "node:async_hooks";
import { isIPv6 } from "node:net";

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
 *
 * A slot is for work, not for waiting (decision 0020): a request enters only
 * once its body is read, and a deliberate pause (the sign-in slow-down, the
 * sign-up's time floor) gives its slot up meanwhile (`outsideGate`). One
 * client (address) holds at most `perClient` slots, so a single address
 * cannot fill them all; its further requests wait behind its own, and others
 * pass them.
 */
export interface GateOptions {
  /** Requests worked on at once. */
  limit: number;
  /** Slots one client may hold at once; 0: no limit per client (nor on its waiting requests). */
  perClient: number;
  /** Requests of one client that may wait at once (reading their body or in line); more are refused. */
  waitingPerClient: number;
  /** Body bytes one client's waiting requests may hold in memory together; more are refused. */
  waitingBytesPerClient: number;
  /**
   * Milliseconds a request may wait (body read, not yet let in), counted from its arrival (`enter`'s `waitedMs`);
   * then it leaves the line unserved and `timedOut` says so, for a quick 503 instead of an answer after the client
   * has given up. Checked by a timer and again whenever a slot is given: a timer comes late when the event loop is
   * busy, and a request that waited longer than the bound is never let in. 0: no bound.
   */
  maxWaitMs?: number;
  /** Milliseconds on a steady clock; tests pass their own. */
  now?: () => number;
}

/** One request's way through the gate. */
export interface Visit {
  /**
   * Joins the line; true once inside, false when the visit ended while waiting (the client went away, or it waited
   * longer than `maxWaitMs`). `waitedMs`: how long the request has waited already since it arrived at the server.
   */
  enter(waitedMs?: number): Promise<boolean>;
  /** Runs `work` with the slot given up, and lines up for one again after, behind those who came meanwhile. */
  outside<T>(work: () => Promise<T>): Promise<T>;
  /** Done, in whatever state: the slot passes on. Safe to call more than once. */
  leave(): void;
  /** It waited in line longer than `maxWaitMs` and was turned away (`enter` answered false). */
  readonly timedOut: boolean;
}

export interface RequestGate {
  /** A request of `client` has arrived (its body still to be read); null when that client has too much waiting already. */
  arrive(client: string, bodyBytes?: number): Visit | null;
  readonly active: number;
  readonly waiting: number;
}

/** The client went away while its request was waiting outside: nobody is left to answer. */
export class VisitEndedError extends Error {
  constructor() {
    super("request ended while waiting outside the gate");
    this.name = "VisitEndedError";
  }
}

type State = "arrived" | "queued" | "inside" | "outside" | "returning" | "left";

interface Client {
  key: string;
  active: number;
  waiting: number;
  waitingBytes: number;
  /** Entries in the order they lined up (`seq`). */
  line: Entry[];
}

interface Entry {
  seq: number;
  /** When its wait began, on the gate's clock; null: unbounded (a visit coming back from a deliberate pause). */
  since: number | null;
  admit: () => void;
  /** Leaves the line unserved: it waited too long. */
  expire: () => void;
}

export function createRequestGate(options: GateOptions | number): RequestGate {
  const {
    limit,
    perClient,
    waitingPerClient,
    waitingBytesPerClient,
    maxWaitMs = 0,
    now = () => performance.now(),
  } = typeof options === "number" ? { limit: options, perClient: 0, waitingPerClient: 0, waitingBytesPerClient: 0 } : options;
  const capPerClient = perClient > 0 ? perClient : Number.POSITIVE_INFINITY;
  const clients = new Map<string, Client>();
  /** Clients with someone in line. */
  const lined = new Set<Client>();
  let active = 0;
  let waiting = 0;
  let nextSeq = 0;

  const clientOf = (key: string): Client => {
    let client = clients.get(key);
    if (!client) clients.set(key, (client = { key, active: 0, waiting: 0, waitingBytes: 0, line: [] }));
    return client;
  };
  const forgetIfIdle = (client: Client) => {
    if (client.active === 0 && client.waiting === 0 && client.line.length === 0) clients.delete(client.key);
  };

  /**
   * Free slots go to the longest waiting request whose client is below its own limit; one that has waited past the
   * bound is turned away instead (its timer may not have run yet: the event loop was busy).
   */
  const dispatch = () => {
    while (active < limit) {
      let next: Client | undefined;
      for (const client of lined) {
        if (client.active < capPerClient && (!next || client.line[0]!.seq < next.line[0]!.seq)) next = client;
      }
      if (!next) return;
      const first = next.line[0]!;
      if (maxWaitMs > 0 && first.since !== null && now() - first.since >= maxWaitMs) {
        first.expire();
        continue;
      }
      const entry = next.line.shift()!;
      if (next.line.length === 0) lined.delete(next);
      active += 1;
      next.active += 1;
      entry.admit();
    }
  };

  const join = (client: Client, entry: Entry) => {
    const at = client.line.findIndex((other) => other.seq > entry.seq);
    if (at === -1) client.line.push(entry);
    else client.line.splice(at, 0, entry);
    lined.add(client);
  };
  const unjoin = (client: Client, entry: Entry) => {
    const at = client.line.indexOf(entry);
    if (at !== -1) client.line.splice(at, 1);
    if (client.line.length === 0) lined.delete(client);
  };

  return {
    arrive(key, bodyBytes = 0) {
      const client = clientOf(key);
      if (perClient > 0 && (client.waiting >= waitingPerClient || client.waitingBytes + bodyBytes > waitingBytesPerClient)) {
        forgetIfIdle(client);
        return null;
      }
      let state: State = "arrived";
      const current = (): State => state;
      let seq = 0;
      let entry: Entry | null = null;
      let settle: ((inside: boolean) => void) | null = null;
      let timedOut = false;
      let waitTimer: NodeJS.Timeout | null = null;
      client.waiting += 1;
      client.waitingBytes += bodyBytes;
      waiting += 1;
      const stopWaiting = () => {
        client.waiting -= 1;
        client.waitingBytes -= bodyBytes;
        waiting -= 1;
      };
      const release = () => {
        active -= 1;
        client.active -= 1;
        dispatch();
      };
      const expire = () => {
        if (waitTimer) clearTimeout(waitTimer);
        waitTimer = null;
        timedOut = true;
        visit.leave();
      };
      /** Into the line; resolves true once admitted, false when the visit ends first. `waitedMs`: waited before it. */
      const line = (waitedMs = 0): Promise<boolean> =>
        new Promise<boolean>((resolve) => {
          settle = resolve;
          // Only a first wait is bounded: one coming back from a deliberate pause already has its answer under way.
          const bounded = maxWaitMs > 0 && state === "queued";
          if (bounded) {
            waitTimer = setTimeout(expire, Math.max(0, maxWaitMs - waitedMs));
            waitTimer.unref();
          }
          entry = {
            seq,
            since: bounded ? now() - waitedMs : null,
            expire,
            admit: () => {
              if (waitTimer) clearTimeout(waitTimer);
              waitTimer = null;
              entry = null;
              settle = null;
              if (state === "queued") stopWaiting();
              state = "inside";
              resolve(true);
            },
          };
          join(client, entry);
          dispatch();
          // It had waited the whole bound before it came to the line: no slot was free for it, and none will be.
          if (bounded && current() === "queued" && waitedMs >= maxWaitMs) expire();
        });

      const visit: Visit = {
        enter(waitedMs = 0) {
          if (state !== "arrived") return Promise.resolve(state === "inside");
          state = "queued";
          seq = nextSeq++;
          return line(Math.max(0, waitedMs));
        },
        async outside<T>(work: () => Promise<T>): Promise<T> {
          if (state !== "inside") return work();
          state = "outside";
          release();
          let outcome: { ok: true; value: T } | { ok: false; error: unknown };
          try {
            outcome = { ok: true, value: await work() };
          } catch (error) {
            outcome = { ok: false, error };
          }
          // leave() may have run meanwhile (the client went away).
          if (current() !== "outside") throw new VisitEndedError();
          // Back in line at its end: the wait was on purpose, those who came meanwhile go first. It no longer
          // counts as one of the client's waiting requests.
          state = "returning";
          seq = nextSeq++;
          if (!(await line())) throw new VisitEndedError();
          if (!outcome.ok) throw outcome.error;
          return outcome.value;
        },
        get timedOut() {
          return timedOut;
        },
        leave() {
          if (waitTimer) clearTimeout(waitTimer);
          waitTimer = null;
          const was = state;
          state = "left";
          if (was === "arrived") stopWaiting();
          else if (was === "queued" || was === "returning") {
            if (was === "queued") stopWaiting();
            if (entry) unjoin(client, entry);
            entry = null;
            settle?.(false);
            settle = null;
          } else if (was === "inside") release();
          forgetIfIdle(client);
        },
      };
      return visit;
    },
    get active() {
      return active;
    },
    get waiting() {
      return waiting;
    },
  };
}

/**
 * At most `limit` runs of `work` at once, the others waiting in the order
 * they came: a line of its own for one kind of work (password hashes, the
 * live streams' setups), so a flood of it waits there and not among the
 * pages in the request gate.
 */
export function createWorkLine(limit: number): <T>(work: () => Promise<T>) => Promise<T> {
  const line = createRequestGate(limit);
  return async (work) => {
    const visit = line.arrive("")!;
    await visit.enter();
    try {
      return await work();
    } finally {
      visit.leave();
    }
  };
}

/**
 * Which client a request counts for: its address, as Express resolved it
 * with TRUST_PROXY. An IPv6 client usually has a whole /64 to itself, so the
 * first 64 bits are the client; IPv4 addresses in IPv6 form are IPv4.
 */
export function clientKeyOf(ip: string | undefined): string {
  if (!ip) return "unknown";
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = "", tail = ""] = ip.split("::", 2);
  const front = head ? head.split(":") : [];
  const back = tail ? tail.split(":") : [];
  const groups = ip.includes("::") ? [...front, ...Array<string>(8 - front.length - back.length).fill("0"), ...back] : front;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || "0", 16).toString(16))
    .join(":")}::/64`;
}

/**
 * The network a client address belongs to, where one person can easily hold many addresses: an IPv4 /24 (an
 * office, a household's changing address, a small hosting block) or an IPv6 /64 (one subscriber's). A burst of
 * writes from one network counts as one voice (reports, decision 0030).
 */
export function clientNetworkOf(ip: string | undefined): string {
  const key = clientKeyOf(ip);
  const ipv4 = /^(\d+\.\d+\.\d+)\.\d+$/.exec(key);
  return ipv4 ? `${ipv4[1]}.0/24` : key;
}

const currentVisit = new AsyncLocalStorage<Visit>();

/** Runs the rest of a request with its visit at hand, for `outsideGate` further down. */
export function withinVisit<T>(visit: Visit, run: () => T): T {
  return currentVisit.run(visit, run);
}

/**
 * Runs `work` without holding a request slot: for waits that are there on
 * purpose (a slow-down, a time floor, the line for password hashes), which
 * would otherwise keep pages of other visitors waiting. Outside a request
 * (tests, scripts) it just runs.
 *
 * Never within a database transaction: the request would wait for a slot
 * again while holding the database, and with PGlite's one connection the
 * requests in the slots would wait for it in turn.
 */
export function outsideGate<T>(work: () => Promise<T>): Promise<T> {
  const visit = currentVisit.getStore();
  return visit ? visit.outside(work) : work();
}

/** A deliberate pause of `ms` that holds no request slot. */
export function waitOutsideGate(ms: number): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return outsideGate(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));
}
