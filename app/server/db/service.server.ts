import { fail, logger, ok, type Failure, type Outcome } from "~/server/platform";
import { db, type Transaction } from "./db.server";
import { claimSubmission, fingerprintOf, settleSubmission } from "./submissions.server";

/**
 * The shape of a write (decision 0014, after Discourse's Service::Base): the
 * guardian's answer → what must be made before the transaction → the load →
 * the rules about what was loaded → the change, with what must commit with it
 * (audit entry, notification, jobs), all in one transaction → what may only
 * happen once it committed → one Outcome. A Failure rolls the transaction back. The input arrives parsed (the
 * route's schema); the route maps the Outcome.
 * Each step is named, so a reader sees where a write can fail and how.
 */
export interface ServiceSteps<Actor, Input, Loaded, Value, Prepared = undefined> {
  /** Asked once per write, here: the route does not ask again. False answers "forbidden". */
  policy(actor: Actor, input: Input): boolean;
  /**
   * Slow work that must not keep the database waiting (hash a password, re-encode and store an image),
   * after the policy and before the transaction. A Failure answers at once; what it made up to then it removes itself.
   */
  prepare?(actor: Actor, input: Input): Promise<Outcome<Prepared>>;
  /**
   * Removes what prepare made when no committed change uses it: the write was refused, threw, or was a resend
   * answered with the first value. Its own errors are logged, not answered: the member's answer stays the write's.
   */
  abandon?(prepared: Prepared): Promise<void>;
  /** Writes that create something: the form's one-time key. A resend gets the first answer, and nothing is written again. */
  submissionKey?(input: Input): string | undefined;
  /** Reads what the change needs inside the transaction (lock it with FOR UPDATE); null answers "not-found". */
  load(tx: Transaction, input: Input): Promise<Loaded | null>;
  /** The rules about the loaded row (its author, its lock): false answers "forbidden", a Failure answers with its own text. */
  authorize?(actor: Actor, loaded: Loaded, input: Input): boolean | Failure;
  change(tx: Transaction, step: { actor: Actor; input: Input; loaded: Loaded; prepared: Prepared }): Promise<Outcome<Value>>;
  /**
   * Side effects that must wait for the commit (delete the file the change replaced): only after a change that
   * answered ok and committed. What it throws is logged: the write stands, and its answer is the change's.
   */
  after?(step: { actor: Actor; input: Input; loaded: Loaded; prepared: Prepared; value: Value }): Promise<void>;
  /**
   * What a refused write keeps for its actor once the transaction is rolled back (a refused post's text, kept as a
   * draft): after a refusal by prepare, load, authorize or change, not after the policy's. What it throws is logged:
   * the answer stays the refusal.
   */
  refused?(step: { actor: Actor; input: Input; failure: Failure }): Promise<void>;
}

/** A change's Failure, thrown out of the transaction so that what it wrote before it refused is rolled back. */
class RolledBack {
  constructor(readonly failure: Failure) {}
}

export type Service<Actor, Input, Value> = (actor: Actor | null, input: Input) => Promise<Outcome<Value>>;

/** What the change answered, and, when it answered ok, what `after` gets besides. */
type Ran<Loaded, Value> = { outcome: Outcome<Value>; changed?: { loaded: Loaded; value: Value } };

export function defineService<Actor extends { id: string }, Input, Loaded, Value = null, Prepared = undefined>(
  steps: ServiceSteps<Actor, Input, Loaded, Value, Prepared>,
): Service<Actor, Input, Value> {
  return async (actor, input) => {
    if (actor === null || !steps.policy(actor, input)) return fail("forbidden");
    const made = steps.prepare ? await steps.prepare(actor, input) : ok(undefined as Prepared);
    if (!made.ok) return refused(actor, input, made);
    const prepared = made.value;
    let ran: Ran<Loaded, Value>;
    let committing = false;
    try {
      ran = await db.transaction(async (tx) => {
        const key = steps.submissionKey?.(input);
        const claim = key ? await claimSubmission(tx, key, actor.id, fingerprintOf(input)) : null;
        // The first answer's value went through JSON: services that take a key answer with plain ids.
        if (claim?.status === "sent-before") return { outcome: ok(claim.value as Value) };
        const ran = await run(tx, actor, input, prepared);
        if (!ran.outcome.ok) throw new RolledBack(ran.outcome);
        if (key && claim?.status === "new") await settleSubmission(tx, key, ran.outcome);
        committing = true;
        return ran;
      });
    } catch (error) {
      if (error instanceof RolledBack) {
        await abandon(prepared);
        return refused(actor, input, error.failure);
      }
      // Thrown before the commit: rolled back, nothing uses what prepare made. A commit that threw may still have
      // committed (the connection broke after it): then an unused file is the lesser harm than a row naming a lost one.
      if (!committing) await abandon(prepared);
      throw error;
    }
    if (ran.changed) await after({ actor, input, prepared, ...ran.changed });
    else await abandon(prepared);
    return ran.outcome;
  };

  async function run(tx: Transaction, actor: Actor, input: Input, prepared: Prepared): Promise<Ran<Loaded, Value>> {
    const loaded = await steps.load(tx, input);
    if (loaded === null) return { outcome: fail("not-found") };
    const verdict = steps.authorize?.(actor, loaded, input) ?? true;
    if (verdict !== true) return { outcome: verdict === false ? fail("forbidden") : verdict };
    const outcome = await steps.change(tx, { actor, input, loaded, prepared });
    return outcome.ok ? { outcome, changed: { loaded, value: outcome.value } } : { outcome };
  }

  /** The write stands once committed: a side effect that fails is logged, and the member hears of the write. */
  async function after(step: Parameters<NonNullable<typeof steps.after>>[0]): Promise<void> {
    await steps.after?.(step).catch((error: unknown) => logger.error({ err: error }, "a side effect after a committed write failed"));
  }

  async function refused(actor: Actor, input: Input, failure: Failure): Promise<Failure> {
    await steps
      .refused?.({ actor, input, failure })
      .catch((error: unknown) => logger.warn({ err: error }, "what a refused write keeps could not be kept"));
    return failure;
  }
  async function abandon(prepared: Prepared): Promise<void> {
    await steps.abandon?.(prepared).catch((error: unknown) => logger.warn({ err: error }, "what a write prepared could not be removed"));
  }
}
