export { answerEvents } from "./events.server";
export { type HelpfulChoice, helpfulTexts, lockPost, type Post, setHelpful } from "./helpful.server";
export { markSolution, postHidden, type SolutionChoice, solutionTexts } from "./solutions.server";
