import { Icon } from "~/components/ui/icon";
import { AppLink } from "~/components/ui/app-link";
import { createContext, use, useId, useState, type ReactNode } from "react";
import { Form, Link, useLocation, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { CancelLink } from "~/components/ui/cancel-link";
import { reminderChoices, reminderOrder } from "~/lib/bookmarks";
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
  /** The post just kept, whose reminder can be chosen under it at once. */
  justKept: string | null;
  refused: RefusedBookmark | null;
}

/** What the server says to a script's "Merken" (discussion.bookmark.server.ts). */
interface BookmarkAnswer {
  bookmarked?: { post: string; bookmarked: boolean };
}

const BookmarkContext = createContext<PageBookmarks | null>(null);

/**
 * The page's bookmarks for the posts below it, and the one form their buttons submit. Without JavaScript the form
 * posts and the page comes back at the post; with it a fetcher sends it and the button changes at once. Members
 * who may keep bookmarks only (`bookmarks` null for everyone else): no button, no form.
 *
 * The post just kept offers its reminder's choice once the server has answered: after the script's answer, until
 * the member goes anywhere else (choosing one, "Keine Erinnerung" and every other link change the address); without
 * JavaScript the answer's redirect names it (`?bookmarked=`).
 */
export function BookmarkProvider({
  bookmarks,
  refused,
  children,
}: {
  bookmarks: Record<string, PostBookmark> | null;
  refused: RefusedBookmark | null;
  children: ReactNode;
}) {
  const { pending, form, answer } = usePostChoiceForm<BookmarkAnswer>("bookmark", BOOKMARK_FORM_ID);
  const { key: at } = useLocation();
  const [searchParams] = useSearchParams();
  const open = searchParams.get("bookmark");
  const kept = searchParams.get("bookmarked");
  // The address each answer came at, noted in render as the answer changes; one from before this page offers nothing.
  const [answered, setAnswered] = useState<{ answer: typeof answer; at: string | null }>({ answer, at: null });
  if (answered.answer !== answer) setAnswered({ answer, at });
  const fresh = answered.at === at && answer?.bookmarked?.bookmarked ? answer.bookmarked.post : null;
  if (!bookmarks) return children;
  return (
    <BookmarkContext value={{ bookmarks, pending, open: refused?.post ?? open, justKept: pending ? null : (fresh ?? kept), refused }}>
      {form}
      {children}
    </BookmarkContext>
  );
}

/**
 * "Merken" under a post: a button that submits the page's one bookmark form with this post; "Gemerkt" once the
 * member keeps it (pressing it again lets go). A kept post shows the note and a link to its note-and-reminder form, which opens under this
 * post alone (`?bookmark=`, as replies and reports open theirs). Just kept, it offers the reminder's choice at once.
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
  const choosing = page.justKept === post && bookmarked && saved !== undefined && !saved.remindAt && !open;
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
        <AppLink to={openHref} stay className="post-report">
          {saved.remindAt ? `Erinnerung: ${formatDateTime(saved.remindAt)}` : "Notiz & Erinnerung"}
          <span className="sr-only">: {label}</span>
        </AppLink>
      )}
      {saved?.note && !open && (
        <p className="w-full text-sm text-muted-foreground" data-testid="bookmark-note">
          <span className="font-medium">Ihre Notiz:</span> {saved.note}
        </p>
      )}
      {choosing && <ReminderChoice post={post} closeTo={cancelTo} />}
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

/** The reminder's presets of the note-and-reminder form, one press each; a date of one's own is in that form. */
const presets = reminderOrder.filter((choice) => choice !== "none" && choice !== "custom");

/**
 * The reminder chosen right after "Merken", under the post: one button per preset of the note-and-reminder form,
 * sent as that form (same intent, same checks, same service) but without the note, which stays as it is.
 * "Keine Erinnerung" leaves the bookmark as it is and closes the choice.
 */
function ReminderChoice({ post, closeTo }: { post: string; closeTo: string }) {
  const titleId = useId();
  return (
    <Form
      method="post"
      preventScrollReset
      className="flex w-full flex-col gap-2 rounded-lg border border-border bg-muted/40 p-3 text-sm"
      aria-labelledby={titleId}
      data-testid="reminder-choice"
    >
      <input type="hidden" name="intent" value="save-bookmark" />
      <input type="hidden" name="post" value={post} />
      <p id={titleId} className="flex items-center gap-1.5 font-medium">
        <Icon name="bell" className="size-4 shrink-0" />
        Sollen wir Sie an diesen Beitrag erinnern?
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {presets.map((choice) => (
          <Button key={choice} type="submit" name="remind" value={choice} size="sm" variant="outline">
            {reminderChoices[choice]}
          </Button>
        ))}
        <Button asChild size="sm" variant="ghost">
          <Link to={closeTo} preventScrollReset>
            {reminderChoices.none}
          </Link>
        </Button>
      </div>
    </Form>
  );
}
