import type { AppLoadContext } from "react-router";

/**
 * On a document request, keeps `text` for the server render only (see
 * app/lib/page-text.tsx) and returns null for the loader data; on a data
 * request, or when the browser will need the text itself (an open edit form),
 * returns it.
 */
export function textForPage(
  context: AppLoadContext,
  key: string,
  text: string,
  options: { neededInBrowser?: boolean } = {},
): string | null {
  if (!context.pageText || options.neededInBrowser) return text;
  context.pageText.set(key, text);
  return null;
}
