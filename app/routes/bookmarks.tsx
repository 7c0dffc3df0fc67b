import { Icon } from "~/components/ui/icon";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useSearchParams } from "react-router";
import { z } from "zod";
import { BookmarkFields, savedFieldValues } from "~/components/discussions/bookmark-fields";
import { CategoryBadge } from "~/components/discussions/category-badge";
import { Pagination } from "~/components/discussions/pagination";
import { PageError } from "~/components/layout/page-error";
import { useShowToast } from "~/components/toast/use-show-toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { CancelLink } from "~/components/ui/cancel-link";
import { formatDate, formatDateTime } from "~/lib/format";
import { pageHref, paths } from "~/lib/paths";
import { bookmarkFields } from "~/lib/schemas/bookmark";
import { seoMeta } from "~/lib/seo";
import { texts } from "~/lib/texts";
import { requirePageParam, requirePermission, type Viewer } from "~/server/accounts";
import { bookmarkServiceTexts, listBookmarks, saveBookmark, setBookmark } from "~/server/bookmarks";
import { fail } from "~/server/platform";
import { dispatch, fieldErrorsOf, firstMessage, readFormData, redirectWithToast, refuse, respond } from "~/server/http";
import type { Route } from "./+types/bookmarks";
import { bookmarkFormRefusal } from "./discussion.bookmark.server";

export async function loader({ request }: Route.LoaderArgs) {
  // Guests are sent to sign in and come back here; members waiting for approval wait.
  const viewer = await requirePermission(request, "bookmark");
  const page = requirePageParam(request, paths.bookmarks);
  const list = await listBookmarks(viewer, page);
  if (page > list.totalPages) throw data(null, { status: 404 });
  return { ...list, currentPage: page };
}

const post = z.string().regex(/^(discussion|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/, { error: texts.unknownError });
const target = { id: z.uuid({ error: texts.unknownError }), discussionId: z.uuid({ error: texts.unknownError }), post };

const bookmarkActionSchema = z.discriminatedUnion(
  "intent",
  [
    // The note and reminder are checked by bookmarkFields below, which gives each field its own message.
    z.object({
      intent: z.literal("save"),
      ...target,
      note: z.string().optional(),
      remind: z.string().optional(),
      remindOn: z.string().optional(),
    }),
    z.object({ intent: z.literal("remove"), ...target }),
  ],
  { error: texts.unknownError },
);

/** A refused form: the card it came from shows the message next to its field, with what was typed. */
function refusalFor(payload: Record<string, unknown>, viewer: Viewer) {
  return bookmarkFormRefusal(viewer, payload, (form) => ({ refused: { id: typeof payload.id === "string" ? payload.id : "", ...form } }));
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requirePermission(request, "bookmark");
  const submission = parseWithZod(await readFormData(request), { schema: bookmarkActionSchema });
  if (submission.status !== "success")
    return refuse(fail("invalid", firstMessage(submission.error)), refusalFor(submission.payload, viewer));
  // Back to the page of the list the form was on, its form closed.
  const page = new URL(request.url).searchParams.get("page");
  const here = page && /^[1-9]\d{0,5}$/.test(page) ? pageHref(paths.bookmarks, Number(page)) : paths.bookmarks;
  const refusal = refusalFor(submission.payload, viewer);
  return dispatch(submission.value, {
    save: (input) => {
      const fields = bookmarkFields.safeParse(input);
      if (!fields.success) {
        const errors = fieldErrorsOf(z.flattenError(fields.error).fieldErrors);
        return refuse(fail("invalid", firstMessage(errors), errors), refusal);
      }
      const commentId = input.post === "discussion" ? null : input.post;
      return respond(saveBookmark(viewer, { discussionId: input.discussionId, commentId, ...fields.data }), {
        ...refusal,
        success: ({ remindAt }) =>
          redirectWithToast(here, {
            type: "success",
            title: remindAt ? bookmarkServiceTexts.reminderSet(formatDateTime(remindAt)) : bookmarkServiceTexts.saved,
          }),
      });
    },
    remove: (input) =>
      respond(
        setBookmark(viewer, {
          discussionId: input.discussionId,
          commentId: input.post === "discussion" ? null : input.post,
          bookmarked: false,
        }),
        { ...refusal, success: () => redirectWithToast(here, { type: "success", title: bookmarkServiceTexts.removed }) },
      ),
  });
}

export default function BookmarksRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { bookmarks, currentPage, totalPages, total } = loaderData;
  const [searchParams] = useSearchParams();
  useShowToast(actionData?.toast);
  const refused = actionData?.refused ?? null;
  const editing = refused?.id ?? searchParams.get("edit");
  const listPath = pageHref(paths.bookmarks, currentPage);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">Lesezeichen</h1>
        <p className="mt-1 text-sm text-muted-foreground" data-testid="bookmarks-count">
          {total === 0 ? "Noch keine Lesezeichen" : total === 1 ? "1 Lesezeichen" : `${total} Lesezeichen`}
          {totalPages > 1 ? ` · Seite ${currentPage} von ${totalPages}` : ""}
        </p>
      </header>
      {bookmarks.length === 0 ? (
        <div className="rounded-xl border border-dashed border-border p-10 text-center">
          <Icon name="bookmark" className="mx-auto size-8 text-muted-foreground" />
          <h2 className="mt-2 text-lg font-semibold">Noch keine Lesezeichen</h2>
          <p className="mt-1 text-muted-foreground">
            Mit „Merken“ unter einem Beitrag finden Sie ihn hier wieder, auf Wunsch mit Notiz und Erinnerung.
          </p>
        </div>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="bookmark-list">
          {bookmarks.map((bookmark) => {
            const open = editing === bookmark.id;
            const post = bookmark.commentId ?? "discussion";
            return (
              <li key={bookmark.id} className="min-w-0 rounded-lg border border-border p-4" data-testid="bookmark">
                <article aria-labelledby={`bookmark-${bookmark.id}-title`} className="flex flex-col gap-2">
                  <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                    {bookmark.category && <CategoryBadge category={bookmark.category} />}
                    {bookmark.hidden && <Badge variant="muted">Ausgeblendet</Badge>}
                    <span>
                      {bookmark.commentId ? "Kommentar" : "Diskussion"}
                      {bookmark.authorName ? ` von ${bookmark.authorName}` : ""} ·{" "}
                      <time dateTime={new Date(bookmark.postedAt).toISOString()}>{formatDate(bookmark.postedAt)}</time>
                    </span>
                  </div>
                  <h2 id={`bookmark-${bookmark.id}-title`} className="text-lg font-semibold leading-snug break-words">
                    <Link to={bookmark.href} className="hover:underline">
                      {bookmark.discussionTitle}
                    </Link>
                  </h2>
                  {bookmark.excerpt && <p className="text-sm break-words text-muted-foreground">{bookmark.excerpt}</p>}
                  {bookmark.note && !open && (
                    <p className="text-sm break-words">
                      <span className="font-medium">Ihre Notiz:</span> {bookmark.note}
                    </p>
                  )}
                  {bookmark.remindAt && !open && (
                    <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
                      <Icon name="bell" className="size-4 shrink-0" />
                      {bookmark.reminded ? "Erinnert am " : "Erinnerung am "}
                      <time dateTime={new Date(bookmark.remindAt).toISOString()}>{formatDateTime(bookmark.remindAt)}</time>
                    </p>
                  )}
                  {open ? (
                    <Form
                      method="post"
                      preventScrollReset
                      noValidate
                      className="flex max-w-md flex-col gap-3 text-sm"
                      aria-label="Notiz und Erinnerung"
                    >
                      <input type="hidden" name="intent" value="save" />
                      <input type="hidden" name="id" value={bookmark.id} />
                      <input type="hidden" name="discussionId" value={bookmark.discussionId} />
                      <input type="hidden" name="post" value={post} />
                      <BookmarkFields
                        idPrefix={`edit-${bookmark.id}`}
                        values={
                          refused?.id === bookmark.id
                            ? refused.values
                            : savedFieldValues({ note: bookmark.note, remindAt: bookmark.reminded ? null : bookmark.remindAt })
                        }
                        errors={refused?.id === bookmark.id ? refused.errors : undefined}
                      />
                      {refused?.id === bookmark.id && refused.errors[""] && <p className="text-destructive">{refused.errors[""][0]}</p>}
                      <div className="flex flex-wrap gap-2">
                        <Button type="submit" size="sm">
                          Speichern
                        </Button>
                        <CancelLink size="sm" to={listPath} />
                      </div>
                    </Form>
                  ) : (
                    <div className="flex flex-wrap items-center gap-2">
                      <Button asChild size="sm" variant="outline">
                        <Link to={`${listPath}${listPath.includes("?") ? "&" : "?"}edit=${bookmark.id}`} preventScrollReset>
                          <Icon name="pencil" />
                          Notiz & Erinnerung<span className="sr-only">: {bookmark.discussionTitle}</span>
                        </Link>
                      </Button>
                      <Form method="post" preventScrollReset>
                        <input type="hidden" name="intent" value="remove" />
                        <input type="hidden" name="id" value={bookmark.id} />
                        <input type="hidden" name="discussionId" value={bookmark.discussionId} />
                        <input type="hidden" name="post" value={post} />
                        <Button type="submit" size="sm" variant="ghost">
                          Entfernen<span className="sr-only">: {bookmark.discussionTitle}</span>
                        </Button>
                      </Form>
                    </div>
                  )}
                  {refused?.id === bookmark.id && !open && refused.errors[""] && (
                    <p className="text-sm text-destructive">{refused.errors[""][0]}</p>
                  )}
                </article>
              </li>
            );
          })}
        </ul>
      )}
      <Pagination basePath={paths.bookmarks} currentPage={currentPage} totalPages={totalPages} label="Seiten der Lesezeichen" />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} loadFailedTitle="Fehler beim Laden der Lesezeichen" />;
}

export const meta: Route.MetaFunction = ({ matches }) => seoMeta(matches, { title: "Lesezeichen", path: paths.bookmarks, noindex: true });
