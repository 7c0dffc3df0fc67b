import { useSuggestions } from "./hooks/use-suggestions";
import { paths } from "./paths";

/** One member offered after '@' (app/routes/members.suggestions.ts). */
export interface MemberSuggestion {
  id: string;
  name: string;
  avatarUrl: string | null;
}

/**
 * The text being typed as a mention: '@' at the start or after a space, then up to
 * two words (first and last name) right before the caret; null when none.
 */
export function mentionQueryBefore(textBeforeCaret: string): { query: string; start: number } | null {
  const match = /(?:^|\s)@([\p{L}\p{N}.'-]{1,40}(?: [\p{L}\p{N}.'-]{0,40})?)$/u.exec(textBeforeCaret);
  if (!match) return null;
  return { query: match[1]!, start: textBeforeCaret.length - match[1]!.length - 1 };
}

/** Approved members for the query, asked a moment after the last keystroke; older answers are dropped. */
export function useMemberSuggestions(query: string | null): MemberSuggestion[] {
  return useSuggestions<MemberSuggestion>(query ? `${paths.memberSuggestions}?q=${encodeURIComponent(query)}` : null, "members");
}
