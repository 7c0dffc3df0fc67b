import { paths } from "./paths";

/**
 * Whether the floating 'Diskussion erstellen' button belongs on a page: not
 * where a discussion or comment is already being written (the create form, a
 * discussion's or comment's edit form), where it would sit over the editor;
 * nor in the messages, where one writes to members, not to the forum.
 */
export function showsFloatingCreate(location: { pathname: string; search: string }): boolean {
  if (location.pathname === paths.createDiscussion) return false;
  if (location.pathname === paths.messages || location.pathname.startsWith(`${paths.messages}/`)) return false;
  const query = new URLSearchParams(location.search);
  return query.get("edit") !== "1" && !query.has("editComment");
}
