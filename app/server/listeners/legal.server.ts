import { legalEvents } from "~/server/legal";
import { tellObjectionOutcome } from "~/server/legal";

/** What a write of notice and action causes besides its own rows (decisions 0021 and 0048). */

// The author hears how their objection ended, with the link to the statement that now shows it.
legalEvents.on("objection.decided", "mail", (tx, { statementId, memberId, outcome }) =>
  tellObjectionOutcome(tx, statementId, memberId, outcome),
);
