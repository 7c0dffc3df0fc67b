import { fail, ok, type Failure, type Outcome } from "~/server/platform";
import { db, type Transaction } from "./db.server";
import { claimSubmission, fingerprintOf, settleSubmission } from "./submissions.server";

/**
 * The shape of a write (decision 0014, after Discourse's Service::Base): the
 * guardian's answer → the load → the rules about what was loaded → the
 * change, with what must commit with it (audit entry, notification, jobs),
 * all in one transaction → one Outcome. The input arrives parsed (the
 * route's schema); the route maps the Outcome.
 * Each step is named, so a reader sees where a write can fail and how.
 */
export interface ServiceSteps<Actor, Input, Loaded, Value> {
  /** Asked once per write, here: the route does not ask again. False answers "forbidden". */
  policy(actor: Actor, input: Input): boolean;
  /** Writes that create something: the form's one-time key. A resend gets the first answer, and nothing is written again. */
  submissionKey?(input: Input): string | undefined;
  /** Reads what the change needs inside the transaction (lock it with FOR UPDATE); null answers "not-found". */
  load(tx: Transaction, input: Input): Promise<Loaded | null>;
  /** The rules about the loaded row (its author, its lock): false answers "forbidden", a Failure answers with its own text. */
  authorize?(actor: Actor, loaded: Loaded, input: Input): boolean | Failure;
  change(tx: Transaction, step: { actor: Actor; input: Input; loaded: Loaded }): Promise<Outcome<Value>>;
}

export type Service<Actor, Input, Value> = (actor: Actor | null, input: Input) => Promise<Outcome<Value>>;

export function defineService<Actor extends { id: string }, Input, Loaded, Value = null>(
  steps: ServiceSteps<Actor, Input, Loaded, Value>,
): Service<Actor, Input, Value> {
  return async (actor, input) => {
    if (actor === null || !steps.policy(actor, input)) return fail("forbidden");
    return db.transaction(async (tx) => {
      const key = steps.submissionKey?.(input);
      const claim = key ? await claimSubmission(tx, key, actor.id, fingerprintOf(input)) : null;
      // The first answer's value went through JSON: services that take a key answer with plain ids.
      if (claim?.status === "sent-before") return ok(claim.value as Value);
      const outcome = await run(tx, actor, input);
      if (key && claim?.status === "new") await settleSubmission(tx, key, outcome);
      return outcome;
    });
  };

  async function run(tx: Transaction, actor: Actor, input: Input): Promise<Outcome<Value>> {
    const loaded = await steps.load(tx, input);
    if (loaded === null) return fail("not-found");
    const verdict = steps.authorize?.(actor, loaded, input) ?? true;
    if (verdict !== true) return verdict === false ? fail("forbidden") : verdict;
    return steps.change(tx, { actor, input, loaded });
  }
}
