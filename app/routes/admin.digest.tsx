import { Form, Link } from "react-router";
import { z } from "zod";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { PageError } from "~/components/layout/page-error";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { DIGEST_TITLE, digestPeriodLabels } from "~/lib/digest";
import { formatDate, formatLongDate } from "~/lib/format";
import { paths } from "~/lib/paths";
import { seoMeta } from "~/lib/seo";
import { requirePermission } from "~/server/accounts";
import { digestPreviewCandidates, previewDigest } from "~/server/notifications";
import { env } from "~/server/platform";
import type { Route } from "./+types/admin.digest";

/** ?suche= narrows the member list, ?mitglied=<id> shows that member's digest. Anything malformed is as if absent. */
const previewParams = z.object({
  suche: z.string().trim().max(100).catch(""),
  mitglied: z.string().trim().min(1).max(200).optional().catch(undefined),
});

/** The digest mail any member would get (decision 0059), for administrators: rendered here, never sent. */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "previewDigests");
  const url = new URL(request.url);
  const params = previewParams.parse({
    suche: url.searchParams.get("suche") ?? "",
    mitglied: url.searchParams.get("mitglied") ?? undefined,
  });
  const [candidates, preview] = await Promise.all([
    digestPreviewCandidates(params.suche),
    params.mitglied ? previewDigest(params.mitglied) : null,
  ]);
  return {
    query: params.suche,
    chosen: params.mitglied ?? null,
    candidates,
    preview: preview && {
      ...preview,
      // Decided here, not while rendering: the page and its hydration must read the same clock.
      waits: preview.dueFrom !== null && preview.dueFrom.getTime() > Date.now(),
      // The mail's links open beside the panel, not inside its frame.
      message: preview.message && { ...preview.message, html: preview.message.html.replace("<head>", '<head><base target="_blank">') },
    },
    afterDays: env.DIGEST_AFTER_DAYS,
  };
}

export default function AdminDigestRoute({ loaderData }: Route.ComponentProps) {
  const { query, chosen, candidates, preview, afterDays } = loaderData;
  const memberHref = (id: string) => `${paths.adminDigest}?${new URLSearchParams({ ...(query ? { suche: query } : {}), mitglied: id })}`;
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader title="Vorschau der Zusammenfassung">
        <p className="text-muted-foreground">
          „{DIGEST_TITLE}“ geht an freigeschaltete Mitglieder, die seit {afterDays} Tagen nicht mehr angemeldet vorbeigeschaut haben,
          höchstens so oft, wie sie es im Profil gewählt haben, und nur, wenn es Neues gibt. Hier sehen Sie, was ein Mitglied bekäme; es
          wird nichts verschickt.
        </p>
      </AdminPageHeader>

      <Card>
        <CardHeader>
          <CardTitle>Mitglied wählen</CardTitle>
          <CardDescription>Ohne Suche: die freigeschalteten Mitglieder, die am längsten nicht da waren.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <Form method="get" className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <div className="flex flex-1 flex-col gap-1">
              <label htmlFor="digest-search" className="text-sm font-medium">
                Name oder E-Mail-Adresse
              </label>
              <Input id="digest-search" name="suche" type="search" defaultValue={query} maxLength={100} />
            </div>
            <Button type="submit" variant="outline">
              Suchen
            </Button>
          </Form>
          {candidates.length === 0 ? (
            <p className="text-muted-foreground">Kein Mitglied gefunden.</p>
          ) : (
            <ul className="divide-y divide-border rounded-md border border-border" data-testid="digest-candidates">
              {candidates.map((member) => (
                <li key={member.id} className="flex flex-col gap-1 p-3 sm:flex-row sm:items-center sm:justify-between">
                  <span className="min-w-0">
                    <span className="font-medium">
                      {member.firstName} {member.lastName}
                    </span>
                    <span className="block break-all text-sm text-muted-foreground">
                      {member.email} · zuletzt da am {formatDate(member.lastVisitedAt)}
                    </span>
                  </span>
                  <Link
                    to={memberHref(member.id)}
                    className="shrink-0 font-medium text-brand-700 underline underline-offset-2"
                    aria-current={member.id === chosen ? "page" : undefined}
                  >
                    Vorschau<span className="sr-only"> für {member.firstName}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      {chosen && !preview && (
        <p role="alert" className="text-destructive">
          Dieses Mitglied gibt es nicht.
        </p>
      )}
      {preview && (
        <Card data-testid="digest-preview">
          <CardHeader>
            <CardTitle>{preview.member.name}</CardTitle>
            <CardDescription>
              <span className="block break-all">{preview.member.email}</span>
              Die Vorschau zeigt alles, was seit dem letzten Besuch neu ist.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="text-muted-foreground">Letzter Besuch</dt>
              <dd>{formatLongDate(preview.member.lastVisitedAt)}</dd>
              <dt className="text-muted-foreground">Häufigkeit</dt>
              <dd>{digestPeriodLabels[preview.member.period]}</dd>
              <dt className="text-muted-foreground">Zuletzt verschickt</dt>
              <dd>
                {preview.member.digestSentAt
                  ? `${formatLongDate(preview.member.digestSentAt)}: die nächste enthält nur, was danach kam`
                  : "noch nie"}
              </dd>
              <dt className="text-muted-foreground">Versand</dt>
              <dd data-testid="digest-status">
                {preview.blocked ??
                  (preview.waits && preview.dueFrom
                    ? `frühestens am ${formatLongDate(preview.dueFrom)}, wenn es Neues gibt`
                    : "mit dem nächsten Lauf, wenn es Neues gibt")}
              </dd>
            </dl>
            {preview.message ? (
              <>
                <p className="text-sm">
                  <span className="text-muted-foreground">Betreff:</span> {preview.message.subject}
                </p>
                <iframe
                  title={`Vorschau der E-Mail an ${preview.member.name}`}
                  srcDoc={preview.message.html}
                  sandbox="allow-popups allow-popups-to-escape-sandbox"
                  className="h-[70vh] min-h-96 w-full rounded-md border border-border bg-white"
                />
                <details>
                  <summary className="cursor-pointer text-sm font-medium">Textfassung</summary>
                  <pre className="mt-2 whitespace-pre-wrap break-words font-sans text-sm">{preview.message.text}</pre>
                </details>
              </>
            ) : (
              <p data-testid="digest-empty">
                Seit dem letzten Besuch ist nichts Neues dazugekommen, das dieses Mitglied sehen dürfte: Es ginge keine E-Mail hinaus.
              </p>
            )}
          </CardContent>
        </Card>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, { title: "Vorschau der Zusammenfassung", path: paths.adminDigest, noindex: true });
