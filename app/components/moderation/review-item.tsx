import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/lib/icons";
import { Form, Link, useNavigation } from "react-router";
import { AuthorLink } from "~/components/ui/author-link";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { formatCount, formatDateTime, formatMonthYear } from "~/lib/format";
import {
  heldTexts,
  ownReviewItemText,
  reportReasonLabels,
  type ReportReasonName,
  reviewDecisionsFor,
  type ReviewDecisionName,
} from "~/lib/moderation";
import { paths } from "~/lib/paths";
import { signUpSignalsText } from "~/lib/sign-up-guard";
import { cn } from "~/lib/utils";
import type { ReviewQueueItem } from "~/server/moderation";
import { LegalNoticesBlock, ObjectionBlock } from "./legal-review-blocks";
import { MessageContext } from "./message-context";

/** An item of the review queue as the page gets it (listReviewQueue), with the guardian's answer for its author. */
type ReviewItemView = ReviewQueueItem & {
  /** The author may be suspended by this viewer: "Ausblenden und sperren" and "Als Spam löschen" are offered. */
  restrictable: boolean;
  /**
   * This viewer may decide it: not an objection to their own decision, nor an item about their own post; another
   * member of the team decides those.
   */
  decidable: boolean;
};

const kindLabels: Record<ReviewItemView["kind"], string> = {
  report: "Gemeldet",
  held: "Zurückgehalten",
  "sign-up": "Registrierung",
  notice: "Rechtliche Meldung",
  objection: "Widerspruch",
  message: "Gemeldete Nachricht",
};

const roleLabels = { admin: "Administrator", moderator: "Moderator", member: null } as const;

function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** Each decision's button, as the queue shows it; deleting as spam is the confirming button inside its <details>. */
const decisionButtons: Record<ReviewDecisionName, { label: string; icon: IconName | null; variant: "outline" | "destructive" }> = {
  approve: { label: "Freigeben", icon: "check", variant: "outline" },
  keep: { label: "Behalten", icon: "eye", variant: "outline" },
  hide: { label: "Ausblenden", icon: "eye-off", variant: "outline" },
  suspend: { label: "Ausblenden und sperren", icon: "user-x", variant: "outline" },
  spam: { label: "Ja, als Spam löschen", icon: null, variant: "destructive" },
  "uphold-objection": { label: "Widerspruch stattgeben", icon: "eye", variant: "outline" },
  "reject-objection": { label: "Entscheidung bestätigen", icon: "eye-off", variant: "outline" },
};

function DecisionButton({ decision, busy, describedBy }: { decision: ReviewDecisionName; busy: boolean; describedBy: string }) {
  const { label, icon, variant } = decisionButtons[decision];
  return (
    <Button type="submit" name="decision" value={decision} variant={variant} size="sm" disabled={busy} aria-describedby={describedBy}>
      {icon && <Icon name={icon} />}
      {label}
    </Button>
  );
}

/** The reports of one post, grouped: how many per reason, most named first. */
function reasonCounts(reports: ReviewItemView["reports"]): Array<{ reason: ReportReasonName; count: number }> {
  const counts = new Map<ReportReasonName, number>();
  for (const report of reports) counts.set(report.reason, (counts.get(report.reason) ?? 0) + 1);
  return [...counts].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count);
}

/**
 * One item of the review queue (/moderation): the post in context, the reports grouped, the author's history and
 * the decisions, each one click (deleting as spam asks once more, in a <details>, so also without JavaScript).
 */
export function ReviewItem({ item, mayApprove, error }: { item: ReviewItemView; mayApprove: boolean; error: string | null }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("itemId") === item.id;
  const headingId = `eintrag-${item.id}`;
  const { post, author } = item;
  const reportedMessage = item.message?.lines.find((line) => line.reported) ?? null;
  const reporters = [...new Map(item.reports.map((report) => [report.reporter.id, report.reporter])).values()];
  const notes = item.reports.filter((report) => report.note);
  // Suspending the author (with or without deleting as spam) only where this viewer may restrict them.
  const offered = reviewDecisionsFor[item.kind].filter(
    (decision) => (decision !== "suspend" && decision !== "spam") || (item.restrictable && author !== null),
  );

  return (
    <article
      aria-labelledby={headingId}
      data-testid="review-item"
      className="flex min-w-0 flex-col gap-4 rounded-xl border border-border bg-background p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge>{kindLabels[item.kind]}</Badge>
        {post &&
          (post.held ? (
            <Badge variant="muted">
              <Icon name="eye-off" className="mr-1 size-3" />
              {heldTexts.badge}
            </Badge>
          ) : post.hidden ? (
            <Badge variant="muted">
              <Icon name="eye-off" className="mr-1 size-3" />
              Ausgeblendet
            </Badge>
          ) : (
            <Badge variant="outline">
              <Icon name="eye" className="mr-1 size-3" />
              Sichtbar
            </Badge>
          ))}
        {reportedMessage?.hidden && (
          <Badge variant="muted">
            <Icon name="eye-off" className="mr-1 size-3" />
            Ausgeblendet
          </Badge>
        )}
        <span className="text-muted-foreground">
          seit <time dateTime={new Date(item.createdAt).toISOString()}>{formatDateTime(item.createdAt)}</time>
        </span>
      </div>

      <div className="flex min-w-0 flex-col gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {post ? (
            <>
              {post.type === "comment" ? "Kommentar in " : "Diskussion "}
              <Link to={post.href} className="text-brand-700 underline-offset-2 hover:underline">
                „{post.discussionTitle}“
              </Link>
            </>
          ) : item.message ? (
            `Persönliche Nachricht von ${author?.name ?? "einem gelöschten Konto"}`
          ) : (
            `Registrierung von ${author?.name ?? "einem gelöschten Konto"}`
          )}
        </h2>
        {item.message && <MessageContext lines={item.message.lines} />}
        {post && (
          <blockquote className="border-l-4 border-border pl-3 whitespace-pre-line [overflow-wrap:anywhere]">
            {post.excerpt || <span className="text-muted-foreground">(ohne Text)</span>}
          </blockquote>
        )}
        {post?.hidden?.reason && (
          <p className="text-sm text-muted-foreground">{post.held ? post.hidden.reason : `Ausgeblendet: ${post.hidden.reason}`}</p>
        )}
        {item.signals.length > 0 && <p className="text-sm">Wirkte automatisiert: {signUpSignalsText(item.signals)}.</p>}
      </div>

      {item.notices.length > 0 && <LegalNoticesBlock notices={item.notices} headingId={headingId} />}
      {item.objection && <ObjectionBlock objection={item.objection} />}

      <div className="grid gap-4 md:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-2 text-sm">
          <h3 id={`${headingId}-meldungen`} className="flex items-center gap-1.5 font-semibold">
            <Icon name="flag" className="size-4" />
            {item.reports.length === 0 ? "Keine Meldungen" : plural(item.reports.length, "Meldung", "Meldungen")}
          </h3>
          {item.reports.length > 0 && (
            <>
              <ul className="flex flex-wrap gap-1.5" aria-label="Gründe">
                {reasonCounts(item.reports).map(({ reason, count }) => (
                  <li key={reason}>
                    <Badge variant="outline">
                      {reportReasonLabels[reason]}: {formatCount(count)}
                    </Badge>
                  </li>
                ))}
              </ul>
              <p className="[overflow-wrap:anywhere]">
                Gemeldet von{" "}
                {reporters.map((reporter, index) => (
                  <span key={reporter.id}>
                    {index > 0 && ", "}
                    <AuthorLink author={reporter} name={reporter.name} />
                  </span>
                ))}
              </p>
              {notes.length > 0 && (
                <ul className="flex flex-col gap-1">
                  {notes.map((report) => (
                    <li key={report.reporter.id} className="[overflow-wrap:anywhere]">
                      „{report.note}“ <span className="text-muted-foreground">– {report.reporter.name}</span>
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </div>

        <div className="flex min-w-0 flex-col gap-2 text-sm">
          <h3 id={`${headingId}-autor`} className="font-semibold">
            {item.kind === "sign-up" ? "Konto" : "Verfasst von"}
          </h3>
          {author ? (
            <>
              <p className="flex flex-wrap items-center gap-2">
                <span className="[overflow-wrap:anywhere]">
                  <AuthorLink author={author} name={author.name} />
                </span>
                {roleLabels[author.role] && <Badge variant="muted">{roleLabels[author.role]}</Badge>}
                {author.restriction && <Badge variant="muted">{author.restriction === "suspended" ? "Gesperrt" : "Stummgeschaltet"}</Badge>}
              </p>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                <dt className="text-muted-foreground">Dabei seit</dt>
                <dd>{formatMonthYear(author.memberSince)}</dd>
                <dt className="text-muted-foreground">Beiträge</dt>
                <dd>{formatCount(author.posts)}</dd>
                <dt className="text-muted-foreground">Frühere Einträge</dt>
                <dd>
                  {author.earlier.decided === 0
                    ? "keine"
                    : `${formatCount(author.earlier.decided)} entschieden, davon ${formatCount(author.earlier.upheld)} ausgeblendet`}
                </dd>
                <dt className="text-muted-foreground">Hilfreich erhalten</dt>
                <dd>{formatCount(author.helpfulReceived)}</dd>
              </dl>
            </>
          ) : (
            <p className="text-muted-foreground">Ein gelöschtes Konto</p>
          )}
        </div>
      </div>

      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}

      {!item.decidable ? (
        <p className="border-t border-border pt-4 text-sm text-muted-foreground">
          {item.objection
            ? "Über diesen Widerspruch entscheidet ein anderes Mitglied des Teams: Die ursprüngliche Entscheidung oder der Widerspruch ist Ihrer."
            : ownReviewItemText}
        </p>
      ) : post || item.message ? (
        <Form method="post" preventScrollReset className="flex flex-wrap items-start gap-2 border-t border-border pt-4">
          <input type="hidden" name="intent" value="decide" />
          <input type="hidden" name="itemId" value={item.id} />
          {offered
            .filter((decision) => decision !== "spam")
            .map((decision) => (
              <DecisionButton key={decision} decision={decision} busy={busy} describedBy={headingId} />
            ))}
          {offered.includes("spam") && author && (
            <details className="group min-w-0 basis-full sm:basis-auto">
              <summary
                className={cn(
                  buttonVariants({ variant: "outline", size: "sm" }),
                  "cursor-pointer list-none text-destructive [&::-webkit-details-marker]:hidden",
                )}
              >
                <Icon name="trash" />
                Als Spam löschen …
              </summary>
              <div className="mt-2 flex flex-col gap-2 rounded-md border border-border bg-muted p-3 text-sm">
                <p>
                  Alle Beiträge von {author.name} werden ausgeblendet, und das Konto wird gesperrt, bis ein Administrator die Sperre
                  aufhebt.
                </p>
                <div>
                  <DecisionButton decision="spam" busy={busy} describedBy={headingId} />
                </div>
              </div>
            </details>
          )}
        </Form>
      ) : (
        <p className="border-t border-border pt-4 text-sm text-muted-foreground">
          {mayApprove ? (
            <>
              Freischalten oder ablehnen können Sie die Registrierung im{" "}
              <Link to={paths.admin} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                Admin Panel
              </Link>
              .
            </>
          ) : (
            "Über Registrierungen entscheidet die Administration im Admin Panel."
          )}
        </p>
      )}
    </article>
  );
}
