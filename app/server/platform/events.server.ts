import type { Transaction } from "./db-connection.server";

/**
 * Side effects a lower domain sets off in a higher one without importing it
 * (decision 0021): a new comment is written in `discussions`, and
 * `notifications` fans it out, `seo` queues IndexNow, `moderation` writes the
 * audit log. Listeners run one after the other inside the writer's
 * transaction, so a failing listener rolls the write back, as a direct call did.
 *
 * Each event names the domains that must listen. app/server/listeners/
 * registers them all and then calls `checkEventListeners()`, so a forgotten
 * listener stops the process at start; a process that never loaded that file
 * refuses its first write instead of silently skipping the side effects.
 */
type Listener<Payload> = (tx: Transaction, payload: Payload) => Promise<void>;

interface Registration {
  readonly source: string;
  readonly expected: Readonly<Record<string, readonly string[]>>;
  readonly listeners: Map<string, Array<{ domain: string; listener: Listener<never> }>>;
}

const registrations: Registration[] = [];
let checked = false;

export interface EventHook<Events extends Record<string, object>> {
  on<E extends keyof Events & string>(event: E, domain: string, listener: Listener<Events[E]>): void;
  emit<E extends keyof Events & string>(tx: Transaction, event: E, payload: Events[E]): Promise<void>;
}

/** The events a domain announces, each with the domains that must listen to it. */
export function defineEvents<Events extends Record<string, object>>(
  source: string,
  expected: { readonly [E in keyof Events]: readonly string[] },
): EventHook<Events> {
  const registration: Registration = { source, expected: expected as Registration["expected"], listeners: new Map() };
  registrations.push(registration);
  return {
    on(event, domain, listener) {
      // Every listener is known before the first write: one registered later would miss some writes' side effects.
      if (checked) throw new Error(`${domain} hört auf ${source}:${event} erst nach dem Start: app/server/listeners/${source}.server.ts`);
      if (!registration.expected[event]?.includes(domain))
        throw new Error(`${domain} hört auf ${source}:${event}, ohne dort genannt zu sein`);
      const list = registration.listeners.get(event) ?? [];
      list.push({ domain, listener: listener as Listener<never> });
      registration.listeners.set(event, list);
    },
    async emit(tx, event, payload) {
      if (!checked) throw new Error(`${source}:${event} ohne Zuhörer: app/server/listeners wurde in diesem Prozess nicht geladen`);
      for (const { listener } of registration.listeners.get(event) ?? []) await (listener as Listener<Events[typeof event]>)(tx, payload);
    },
  };
}

/** Throws unless every event has each of its named listeners; called once the listeners are registered. */
export function checkEventListeners(): void {
  const missing = registrations.flatMap(({ source, expected, listeners }) =>
    Object.entries(expected).flatMap(([event, domains]) =>
      domains
        .filter((domain) => !listeners.get(event)?.some((entry) => entry.domain === domain))
        .map((domain) => `${source}:${event} → ${domain}`),
    ),
  );
  if (missing.length > 0) throw new Error(`Ereignisse ohne Zuhörer: ${missing.join(", ")}`);
  checked = true;
}
