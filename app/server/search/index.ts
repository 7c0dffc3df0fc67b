export { searchDiscussions } from "./search.server";
