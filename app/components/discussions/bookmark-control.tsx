import { Icon } from "~/components/ui/icon";
import { createContext, use, type ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { CancelLink } from "~/components/ui/cancel-link";
import { formatDateTime } from "~/lib/format";
import { postChoiceValue } from "~/lib/post-choice";
import { cn } from "~/lib/utils";
import { BookmarkFields, savedFieldValues } from "./bookmark-fields";
import { usePostChoiceForm } from "./post-choice-form";

/** The page's one form every "Lesezeichen" button submits (`form` attribute): one form, not one per post. */
export const BOOKMARK_FORM_ID = "bookmark-form";

/** A post's bookmark as the page gets it: the note, and the reminder while it is still to come. */
export interface PostBookmark {
  note: string | null;
  remindAt: Date | string | null;
}

/** What the note-and-reminder form shows again after a refusal (the server's BookmarkFormState). */
export interface RefusedBookmark {
  post: string;
  errors: Record<string, string[]>;
  values: { note?: string; remind?: string; remindOn?: string };
}

interface PageBookmarks {
  /** Post ("discussion" or a comment's id) → the member's bookmark. */
  bookmarks: Record<string, PostBookmark>;
  /** The button just pressed, while its answer is on the way. */
  pending: { post: string; on: boolean } | null;
  /** The post whose note-and-reminder form is open (`?bookmark=`). */
  open: string | null;
  refused: RefusedBookmark | null;
}

const BookmarkContext = createContext<PageBookmarks | null>(null);

/**
 * The page's bookmarks for the posts below it, and the one form their buttons submit. Without JavaScript the form
 * posts and the page comes back at the post; with it a fetcher sends it and the button changes at once. Members
 * who may keep bookmarks only (`bookmarks` null for everyone else): no button, no form.
 */
export function BookmarkProvider({
  bookmarks,
  open,
  refused,
  children,
}: {
  bookmarks: Record<string, PostBookmark> | null;
  open: string | null;
  refused: RefusedBookmark | null;
  children: ReactNode;
}) {
  const { pending, form } = usePostChoiceForm("bookmark", BOOKMARK_FORM_ID);
  if (!bookmarks) return children;
  return (
    <BookmarkContext value={{ bookmarks, pending, open: refused?.post ?? open, refused }}>
      {form}
      {children}
    </BookmarkContext>
  );
}

/**
 * "Merken" under a post: a button that submits the page's one bookmark form with this post; "Gemerkt" once the
 * member keeps it (pressing it again lets go). A kept post shows the note and a link to its note-and-reminder form, which opens under this
 * post alone (`?bookmark=`, as replies and reports open theirs).
 */
export function BookmarkControl({
  post,
  label,
  openHref,
  cancelTo,
}: {
  /** "discussion" for the question, else the comment's id. */
  post: string;
  /** What the post is, for screen readers ("Kommentar von Aylin"). */
  label: string;
  /** This page with the post's note-and-reminder form open. */
  openHref: string;
  cancelTo: string;
}) {
  const page = use(BookmarkContext);
  if (!page) return null;
  const saved = page.bookmarks[post];
  const bookmarked = page.pending?.post === post ? page.pending.on : saved !== undefined;
  const open = page.open === post;
  return (
    <>
      <button
        type="submit"
        form={BOOKMARK_FORM_ID}
        name="bookmark"
        value={postChoiceValue(post, !bookmarked)}
        data-testid="bookmark-button"
        className={cn("post-pill", bookmarked && "post-pill-on")}
      >
        <Icon name={bookmarked ? "bookmark-check" : "bookmark"} className="size-4" />
        {bookmarked ? "Gemerkt" : "Merken"}
        <span className="sr-only">{` – ${label}${bookmarked ? " (Lesezeichen entfernen)" : ""}`}</span>
      </button>
      {bookmarked && saved && !open && (
        // A plain link: the page's one click handler opens it in the app (useInAppLinks).
        <a href={openHref} data-link="stay" className="rounded text-sm text-muted-foreground hover:text-foreground hover:underline">
          {saved.remindAt ? `Erinnerung: ${formatDateTime(saved.remindAt)}` : "Notiz & Erinnerung"}
          <span className="sr-only">: {label}</span>
        </a>
      )}
      {saved?.note && !open && (
        <p className="w-full text-sm text-muted-foreground" data-testid="bookmark-note">
          <span className="font-medium">Ihre Notiz:</span> {saved.note}
        </p>
      )}
      {open && <BookmarkForm post={post} saved={saved} refused={page.refused?.post === post ? page.refused : null} cancelTo={cancelTo} />}
    </>
  );
}

function BookmarkForm({
  post,
  saved,
  refused,
  cancelTo,
}: {
  post: string;
  saved: PostBookmark | undefined;
  refused: RefusedBookmark | null;
  cancelTo: string;
}) {
  const formError = refused?.errors[""]?.[0];
  return (
    <div className="w-full text-sm">
      <Form
        method="post"
        preventScrollReset
        noValidate
        className="mt-1 flex max-w-md flex-col gap-3 rounded-lg border border-border p-3"
        aria-label="Lesezeichen: Notiz und Erinnerung"
      >
        <input type="hidden" name="intent" value="save-bookmark" />
        <input type="hidden" name="post" value={post} />
        <BookmarkFields idPrefix={`bookmark-${post}`} values={refused?.values ?? savedFieldValues(saved)} errors={refused?.errors} />
        {formError && <p className="text-destructive">{formError}</p>}
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" size="sm">
            Lesezeichen speichern
          </Button>
          <CancelLink to={cancelTo} size="sm" />
        </div>
      </Form>
    </div>
  );
}
