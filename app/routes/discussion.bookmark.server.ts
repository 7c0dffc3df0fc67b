import { z } from "zod";
import { formatDateTime } from "~/lib/format";
import { paths, withQuery } from "~/lib/paths";
import { POST_CHOICE_PATTERN, POST_PATTERN, readPostChoice } from "~/lib/post-choice";
import { bookmarkFields } from "~/lib/schemas/bookmark";
import { texts } from "~/lib/texts";
import { toastMessage } from "~/lib/toast";
import { refusalText } from "~/lib/moderation";
import { bookmarkServiceTexts, saveBookmark, setBookmark } from "~/server/bookmarks";
import { commentHref, type DiscussionDetail } from "~/server/discussions";
import { fail } from "~/server/platform";
import { fieldErrorsOf, firstMessage, redirectWithToast, refuse, respond } from "~/server/http";
import type { Viewer } from "~/server/accounts";

/**
 * The bookmark forms of the discussion page: the one form every post's "Lesezeichen" button submits
 * (as "Hilfreich" does, decision 0029: one form per page, not one per post) and the note-and-reminder form, open
 * under one post at a time (`?bookmark=`). Parsed with the page's other forms; handled here.
 */

export const bookmarkIntents = [
  z.object({
    intent: z.literal("bookmark"),
    bookmark: z.string().regex(POST_CHOICE_PATTERN, { error: texts.unknownError }),
    // Sent by the page's script: it wants the answer as data, not the page again.
    stay: z.literal("1").optional(),
  }),
  // The note and reminder fields are checked by bookmarkFields in the handler, which gives each its own message.
  z.object({
    intent: z.literal("save-bookmark"),
    post: z.string().regex(POST_PATTERN, { error: texts.unknownError }),
    note: z.string().optional(),
    remind: z.string().optional(),
    remindOn: z.string().optional(),
  }),
] as const;

type BookmarkInput = z.infer<(typeof bookmarkIntents)[number]>;
export type BookmarkIntent = BookmarkInput["intent"];

export function isBookmarkIntent(intent: string): intent is BookmarkIntent {
  return intent === "bookmark" || intent === "save-bookmark";
}

/** What the note-and-reminder form shows again after a refusal: its post, the message per field, what was sent. */
export interface BookmarkFormState {
  post: string;
  errors: Record<string, string[]>;
  values: { note?: string; remind?: string; remindOn?: string };
}

function stringOf(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/**
 * How a refused bookmark form is answered, on the discussion page and on /bookmarks alike: the toast's texts, and
 * the note-and-reminder form's state (the message per field, with what was typed), which `place` puts where the
 * page shows it.
 */
export function bookmarkFormRefusal<Result>(
  viewer: Viewer | null,
  payload: Record<string, unknown>,
  place: (form: Omit<BookmarkFormState, "post">) => Result,
) {
  return {
    failed: bookmarkServiceTexts.failed,
    fallback: {
      forbidden: refusalText(viewer, texts.permissionDenied),
      "not-found": bookmarkServiceTexts.postGone,
      invalid: texts.unknownError,
      unexpected: texts.unexpectedError,
    },
    page: ({ message, fieldErrors }: { message: string | undefined; fieldErrors?: Record<string, string[]> }) =>
      place({
        errors: fieldErrors ?? { "": [message ?? texts.unknownError] },
        values: { note: stringOf(payload.note), remind: stringOf(payload.remind), remindOn: stringOf(payload.remindOn) },
      }),
  };
}

/** A refused bookmark form on the discussion page: the toggle says so in its toast, the note form shows it in place. */
export function bookmarkRefusal<Page extends object>(
  intent: BookmarkIntent,
  payload: Record<string, unknown>,
  viewer: Viewer | null,
  page: Page,
) {
  const post = stringOf(payload.post) ?? "discussion";
  return bookmarkFormRefusal(viewer, payload, (form) => ({
    ...page,
    bookmark: intent === "save-bookmark" ? ({ post, ...form } satisfies BookmarkFormState) : null,
  }));
}

/** The two bookmark intents' handlers; the services ask the guardian. */
export function bookmarkHandlers<Page extends object>(viewer: Viewer | null, discussion: DiscussionDetail, page: Page) {
  const here = paths.discussion(discussion.slug);
  const backTo = async (commentId: string | null) => (commentId ? await commentHref(discussion, commentId) : here);
  const context = (intent: BookmarkIntent) => ({ intent, discussion: discussion.id });
  return {
    bookmark: ({ bookmark, stay }: Extract<BookmarkInput, { intent: "bookmark" }>) => {
      const { post, commentId, on: bookmarked } = readPostChoice(bookmark);
      const title = bookmarked ? bookmarkServiceTexts.added : bookmarkServiceTexts.removed;
      return respond(setBookmark(viewer, { discussionId: discussion.id, commentId, bookmarked }), {
        ...bookmarkRefusal("bookmark", { post }, viewer, page),
        context: context("bookmark"),
        // The script keeps the page and shows the toast; a plain form goes back to the post, a new bookmark with the
        // reminder's choice under it (`?bookmarked=`), as the script shows it after this answer.
        success: async () =>
          stay
            ? { bookmarked: { post, bookmarked }, toast: toastMessage("success", title) }
            : redirectWithToast(bookmarked ? withQuery(await backTo(commentId), `bookmarked=${post}`) : await backTo(commentId), {
                type: "success",
                title,
              }),
      });
    },
    "save-bookmark": (input: Extract<BookmarkInput, { intent: "save-bookmark" }>) => {
      const refusal = bookmarkRefusal("save-bookmark", input, viewer, page);
      const fields = bookmarkFields.safeParse(input);
      if (!fields.success) {
        const errors = fieldErrorsOf(z.flattenError(fields.error).fieldErrors);
        return Promise.resolve(refuse(fail("invalid", firstMessage(errors), errors), refusal));
      }
      const commentId = input.post === "discussion" ? null : input.post;
      return respond(saveBookmark(viewer, { discussionId: discussion.id, commentId, ...fields.data }), {
        ...refusal,
        context: context("save-bookmark"),
        success: async ({ remindAt }) =>
          redirectWithToast(await backTo(commentId), {
            type: "success",
            title: remindAt ? bookmarkServiceTexts.reminderSet(formatDateTime(remindAt)) : bookmarkServiceTexts.saved,
          }),
      });
    },
  };
}
