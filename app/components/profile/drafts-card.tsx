import { Form, Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatDateTime } from "~/lib/format";
import { paths } from "~/lib/paths";
import { draftTexts } from "~/lib/drafts";
import type { DraftListItem } from "~/server/discussions";

/** "Entwürfe": what the member began and has not sent, on their own profile only (nobody else sees drafts). */
export function DraftsCard({ drafts, profileId }: { drafts: DraftListItem[]; profileId: string }) {
  return (
    <Card id="drafts">
      <CardHeader>
        <CardTitle>Entwürfe</CardTitle>
        <CardDescription>Nur für Sie sichtbar. Veröffentlichen Sie einen Entwurf, verschwindet er hier.</CardDescription>
      </CardHeader>
      <CardContent>
        {drafts.length === 0 ? (
          <p className="text-muted-foreground">Keine Entwürfe.</p>
        ) : (
          <ul className="divide-y divide-border">
            {drafts.map((draft) => (
              <li key={draft.id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0" data-testid="draft">
                <p className="text-sm text-muted-foreground">
                  {draft.kind === "discussion" ? "Neue Diskussion" : "Antwort"} · gespeichert{" "}
                  <time dateTime={new Date(draft.updatedAt).toISOString()}>{formatDateTime(draft.updatedAt)}</time>
                </p>
                <Link to={draft.href} className="font-medium break-words hover:text-brand-700">
                  {draft.kind === "reply" ? `Antwort auf „${draft.title}“` : draft.title}
                </Link>
                {draft.excerpt && <p className="text-sm break-words text-muted-foreground">{draft.excerpt}</p>}
                <Form method="post" action={paths.drafts} preventScrollReset>
                  <input type="hidden" name="intent" value="discard" />
                  {draft.discussionId && <input type="hidden" name="discussionId" value={draft.discussionId} />}
                  <input type="hidden" name="back" value={`${paths.profile(profileId)}#drafts`} />
                  <button type="submit" className="text-sm text-brand-700 underline-offset-2 hover:underline">
                    {draftTexts.discard}
                    <span className="sr-only">: {draft.kind === "reply" ? `Antwort auf „${draft.title}“` : draft.title}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
