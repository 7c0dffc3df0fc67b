import { Badge } from "~/components/ui/badge";
import { formatDateTime } from "~/lib/format";
import type { DiffPart, PostRevisions } from "~/server/discussions";

const added = "rounded-sm bg-green-50 text-green-900 underline decoration-2 underline-offset-2";
const removed = "rounded-sm bg-red-50 text-red-900 line-through decoration-2";

/**
 * A post's edits, newest first, each as the words it removed and added. Insertions and deletions are told apart
 * by more than colour: underlined and struck through, and for screen readers by the words "eingefügt" and
 * "entfernt" around them (<ins> and <del> alone are announced by few of them).
 */
export function RevisionList({ revisions }: { revisions: PostRevisions }) {
  if (revisions.changes.length === 0) {
    return <p className="text-muted-foreground">Für diesen Beitrag sind keine früheren Versionen gespeichert.</p>;
  }
  return (
    <>
      <p className="text-sm text-muted-foreground">
        <ins className={added}>Eingefügter Text</ins> ist unterstrichen, <del className={removed}>entfernter Text</del> durchgestrichen.
      </p>
      {/* Only staff and the post's author reach the history of a held or hidden post. */}
      {revisions.post.hidden && (
        <p className="rounded-lg border border-dashed border-red-300 bg-red-50/40 p-3 text-sm text-red-900">
          {revisions.post.held ? "Dieser Beitrag wartet auf Freigabe" : "Dieser Beitrag ist ausgeblendet"}: seine Versionen sehen nur die
          Person, die ihn geschrieben hat, und das Moderationsteam.
        </p>
      )}
      <ol className="flex flex-col gap-4" aria-label="Bearbeitungen, neueste zuerst">
        {revisions.changes.map((change) => (
          <li key={change.number} className="rounded-lg border border-border bg-background p-4">
            <article aria-labelledby={`revision-${change.number}`}>
              <header className="flex flex-wrap items-center gap-2">
                <h2 id={`revision-${change.number}`} className="text-base font-semibold">
                  Version {change.number}
                </h2>
                {change.byModeration && <Badge variant="warning">Bearbeitet durch die Moderation</Badge>}
                <p className="text-sm text-muted-foreground">
                  <time dateTime={new Date(change.editedAt).toISOString()}>{formatDateTime(change.editedAt)}</time>
                  {change.editorName ? ` · ${change.editorName}` : ""}
                </p>
              </header>
              {change.title && (
                <div className="mt-3">
                  <h3 className="text-sm font-medium">Titel</h3>
                  <Diff parts={change.title} />
                </div>
              )}
              <div className="mt-3">
                {change.title && <h3 className="text-sm font-medium">Inhalt</h3>}
                <Diff parts={change.content} />
              </div>
            </article>
          </li>
        ))}
      </ol>
    </>
  );
}

/** Text only (React escapes it): a revision's words never reach the page as markup. */
function Diff({ parts }: { parts: DiffPart[] }) {
  return (
    <p className="mt-1 text-sm leading-relaxed break-words whitespace-pre-wrap" data-testid="revision-diff">
      {parts.map((part, index) =>
        part.kind === "added" ? (
          <ins key={index} className={added}>
            <span className="sr-only">[eingefügt: </span>
            {part.text}
            <span className="sr-only">]</span>
          </ins>
        ) : part.kind === "removed" ? (
          <del key={index} className={removed}>
            <span className="sr-only">[entfernt: </span>
            {part.text}
            <span className="sr-only">]</span>
          </del>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}
