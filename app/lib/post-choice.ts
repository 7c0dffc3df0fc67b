/**
 * A post's toggle ("Hilfreich", "Lesezeichen"): every post's button submits the page's one form for it, its value
 * naming the post ("discussion" for the question, else the comment's id) and the state it asks for:
 * "<post>:true" or "<post>:false". The page writes it, the server reads it back.
 */
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

/** A post: "discussion" or a comment's id. */
export const POST_PATTERN = new RegExp(`^(discussion|${UUID})$`);
/** A post and the state its button asks for. */
export const POST_CHOICE_PATTERN = new RegExp(`^(discussion|${UUID}):(true|false)$`);

export function postChoiceValue(post: string, on: boolean): string {
  return `${post}:${on}`;
}

/** A value matched by POST_CHOICE_PATTERN, read back. */
export function readPostChoice(value: string): { post: string; commentId: string | null; on: boolean } {
  const [post, on] = value.split(":") as [string, string];
  return { post, commentId: post === "discussion" ? null : post, on: on === "true" };
}
