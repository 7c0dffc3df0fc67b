export { answerEvents } from "./events.server";
export { type HelpfulChoice, helpfulTexts, setHelpful } from "./helpful.server";
export { markSolution, postHidden, type SolutionChoice, solutionTexts } from "./solutions.server";
