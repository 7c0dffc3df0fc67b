import { refusalText } from "~/lib/moderation";
import { texts } from "~/lib/texts";
import type { FormErrors } from "~/components/discussions/comment-section";
import type { Viewer } from "~/server/accounts";

/**
 * What the discussion page's refused forms share: the page itself and its sidecars (discussion.*.server.ts) read
 * these. Not a .server module because the page's component reads `noErrors` too.
 */

/** No form of the page failed (also what a refusal shown only in its toast leaves the forms). */
export const noErrors: FormErrors = { form: null, content: null, target: null, draft: null };

/** A silenced member is told why their form was refused; anyone else gets the usual text. */
export function forbiddenText(viewer: Viewer | null): string {
  return refusalText(viewer, texts.permissionDenied);
}

/**
 * A refused form that writes a post or the discussion (its edit, a comment, a reply, the watch switch, the
 * solution): the error shows in the form it came from, `target` as sent (the comment or parent it names, or
 * "discussion" for the edit form; empty or missing for the new-comment form).
 */
export function postFormRefusal(failed: string, viewer: Viewer | null, payload: Record<string, unknown>, target: unknown) {
  const shownIn = typeof target === "string" && target !== "" ? target : null;
  return {
    failed,
    fallback: {
      forbidden: forbiddenText(viewer),
      "not-found": texts.discussionNotFound,
      invalid: texts.unknownError,
      unexpected: texts.unexpectedError,
    },
    page: ({ message }: { message: string | undefined }) => ({
      // Without JavaScript the page is rendered anew: the refused text goes back into its form, as it was sent.
      errors: {
        form: message ?? null,
        content: message ?? null,
        target: shownIn,
        draft:
          typeof payload.content === "string"
            ? { content: payload.content, contentFormat: payload.contentFormat === "html" ? ("html" as const) : ("text" as const) }
            : null,
      },
      moderationError: null,
    }),
  };
}

/**
 * A refused form of one post's own (report, withdraw, Hilfreich): the toast says so, no comment or reply form is
 * to blame; `report` is what the post's "Melden" form shows in place (null for the others).
 */
export function ownPostRefusal<Report>(failed: string, viewer: Viewer | null, report: (message: string | null) => Report) {
  return {
    failed,
    fallback: {
      forbidden: forbiddenText(viewer),
      "not-found": texts.commentNotFound,
      invalid: texts.unknownError,
      unexpected: texts.unexpectedError,
    },
    page: ({ message }: { message: string | undefined }) => ({
      errors: noErrors,
      moderationError: null,
      report: report(message ?? null),
    }),
  };
}
