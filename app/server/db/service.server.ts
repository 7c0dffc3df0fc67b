import { fail, type Outcome } from "~/server/platform";
import { db, type Transaction } from "./db.server";

/**
 * The shape of a write (decision 0014, after Discourse's Service::Base): the
 * guardian's answer → the load → one transaction with the change and what
 * must commit with it (audit entry, notification, jobs) → one Outcome. The
 * input arrives parsed (the route's schema); the route maps the Outcome.
 * Each step is named, so a reader sees where a write can fail and how.
 */
export interface ServiceSteps<Actor, Input, Loaded, Value> {
  /** Asked once per write, here: the route does not ask again. False answers "forbidden". */
  policy(actor: Actor, input: Input): boolean;
  /** Reads what the change needs inside the transaction (lock it with FOR UPDATE); null answers "not-found". */
  load(tx: Transaction, input: Input): Promise<Loaded | null>;
  change(tx: Transaction, step: { actor: Actor; input: Input; loaded: Loaded }): Promise<Outcome<Value>>;
}

export type Service<Actor, Input, Value> = (actor: Actor | null, input: Input) => Promise<Outcome<Value>>;

export function defineService<Actor, Input, Loaded, Value = null>(
  steps: ServiceSteps<Actor, Input, Loaded, Value>,
): Service<Actor, Input, Value> {
  return async (actor, input) => {
    if (actor === null || !steps.policy(actor, input)) return fail("forbidden");
    return db.transaction(async (tx) => {
      const loaded = await steps.load(tx, input);
      if (loaded === null) return fail("not-found");
      return steps.change(tx, { actor, input, loaded });
    });
  };
}
