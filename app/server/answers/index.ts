export { answerEvents } from "./events.server";
export { type HelpfulChoice, helpfulTexts, lockPost, type Post, setHelpful } from "./helpful.server";
export { markSolution, postHidden, type SolutionChoice, solutionTexts } from "./solutions.server";
export { type Counter, repairCounters, REPAIR_COUNTERS_JOB, type Repairs } from "./counters.server";
