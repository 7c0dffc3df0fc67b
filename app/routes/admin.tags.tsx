import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { z } from "zod";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { PageError } from "~/components/layout/page-error";
import { useShowToast } from "~/components/toast/use-show-toast";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { paths } from "~/lib/paths";
import { seoMeta } from "~/lib/seo";
import { TAG_DESCRIPTION_MAX_LENGTH, TAG_NAME_MAX_LENGTH } from "~/lib/tags";
import { texts } from "~/lib/texts";
import { requirePermission } from "~/server/accounts";
import { dispatch, firstMessage, readFormData, redirectWithToast, refuse, respond } from "~/server/http";
import { fail } from "~/server/platform";
import { deleteTag, describeTag, listTagsForCuration, mergeTag, renameTag, tagAt } from "~/server/tags";
import type { Route } from "./+types/admin.tags";

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "curateTags");
  return { tags: await listTagsForCuration() };
}

const slug = z.string({ error: "Dieses Schlagwort gibt es nicht." }).max(100, "Dieses Schlagwort gibt es nicht.");
/** The page's forms, one set per tag, told apart by `intent`; each names its tag by its slug. */
const tagActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("rename"), tag: slug, name: z.string({ error: "Bitte geben Sie einen Namen ein." }).max(200) }),
    z.object({
      intent: z.literal("describe"),
      tag: slug,
      description: z
        .string()
        .max(TAG_DESCRIPTION_MAX_LENGTH * 2)
        .default(""),
    }),
    z.object({ intent: z.literal("merge"), tag: slug, into: slug }),
    z.object({ intent: z.literal("delete"), tag: slug }),
  ],
  { error: texts.unknownError },
);

const failedTitles = {
  rename: "Schlagwort nicht umbenannt",
  describe: "Beschreibung nicht gespeichert",
  merge: "Schlagwörter nicht zusammengeführt",
  delete: "Schlagwort nicht gelöscht",
} as const;

/** A tag's id by its slug as the form names it; null for one that is gone. */
async function idOf(tagSlug: string): Promise<string | null> {
  const found = await tagAt(tagSlug);
  return found && "tag" in found ? found.tag.id : null;
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requirePermission(request, "curateTags");
  const submission = parseWithZod(await readFormData(request), { schema: tagActionSchema });
  if (submission.status !== "success") return refuse(fail("invalid", firstMessage(submission.error)), { failed: texts.unknownError });
  const input = submission.value;
  const how = {
    failed: failedTitles[input.intent],
    fallback: { forbidden: texts.accessDenied, "not-found": "Dieses Schlagwort gibt es nicht mehr.", unexpected: texts.unexpectedError },
  };
  const tagId = await idOf(input.tag);
  if (!tagId) return refuse(fail("not-found"), how);
  const back = (title: string) => () => redirectWithToast(paths.adminTags, { type: "success", title });
  return dispatch(input, {
    rename: ({ name }) => respond(renameTag(viewer, { tagId, name }), { ...how, success: back("Schlagwort umbenannt.") }),
    describe: ({ description }) =>
      respond(describeTag(viewer, { tagId, description }), { ...how, success: back("Beschreibung gespeichert.") }),
    merge: async ({ into }) => {
      const intoId = await idOf(into);
      if (!intoId) return refuse(fail("not-found"), how);
      return respond(mergeTag(viewer, { tagId, intoId }), { ...how, success: back("Schlagwörter zusammengeführt.") });
    },
    delete: () => respond(deleteTag(viewer, { tagId }), { ...how, success: back("Schlagwort gelöscht.") }),
  });
}

export default function AdminTagsRoute({ loaderData, actionData }: Route.ComponentProps) {
  useShowToast(actionData?.toast);
  const { tags } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader title="Schlagwörter">
        <p className="text-muted-foreground">
          Umbenennen, beschreiben, zusammenführen oder löschen. Die alte Adresse eines umbenannten oder zusammengeführten Schlagworts leitet
          dauerhaft (301) auf die neue weiter.
        </p>
      </AdminPageHeader>
      <ul className="flex flex-col gap-4">
        {tags.map((tag) => (
          <li key={tag.id} className="rounded-xl border border-border p-4" data-testid="admin-tag">
            <h2 className="font-semibold break-words">
              {tag.name}{" "}
              <span className="text-sm font-normal text-muted-foreground">
                /tags/{tag.slug} · {tag.discussionCount} sichtbar
              </span>
            </h2>
            <div className="mt-3 grid gap-3 md:grid-cols-2">
              <Form method="post" className="flex flex-col gap-1.5">
                <input type="hidden" name="intent" value="rename" />
                <input type="hidden" name="tag" value={tag.slug} />
                <label htmlFor={`name-${tag.id}`} className="text-sm font-medium">
                  Name
                </label>
                <div className="flex gap-2">
                  <Input id={`name-${tag.id}`} name="name" defaultValue={tag.name} maxLength={TAG_NAME_MAX_LENGTH} />
                  <Button type="submit" variant="secondary">
                    Umbenennen
                  </Button>
                </div>
              </Form>
              <Form method="post" className="flex flex-col gap-1.5">
                <input type="hidden" name="intent" value="merge" />
                <input type="hidden" name="tag" value={tag.slug} />
                <label htmlFor={`merge-${tag.id}`} className="text-sm font-medium">
                  Zusammenführen mit
                </label>
                <div className="flex gap-2">
                  <Select id={`merge-${tag.id}`} name="into" defaultValue="">
                    <option value="" disabled>
                      Schlagwort wählen
                    </option>
                    {tags
                      .filter((other) => other.id !== tag.id)
                      .map((other) => (
                        <option key={other.id} value={other.slug}>
                          {other.name}
                        </option>
                      ))}
                  </Select>
                  <Button type="submit" variant="secondary">
                    Zusammenführen
                  </Button>
                </div>
              </Form>
              <Form method="post" className="flex flex-col gap-1.5 md:col-span-2">
                <input type="hidden" name="intent" value="describe" />
                <input type="hidden" name="tag" value={tag.slug} />
                <label htmlFor={`description-${tag.id}`} className="text-sm font-medium">
                  Beschreibung
                </label>
                <Textarea
                  id={`description-${tag.id}`}
                  name="description"
                  defaultValue={tag.description}
                  rows={2}
                  maxLength={TAG_DESCRIPTION_MAX_LENGTH}
                />
                <div className="flex flex-wrap gap-2">
                  <Button type="submit" variant="secondary">
                    Beschreibung speichern
                  </Button>
                </div>
              </Form>
            </div>
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="tag" value={tag.slug} />
              <Button type="submit" variant="ghost" className="text-destructive">
                „{tag.name}“ löschen
              </Button>
            </Form>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, { title: "Schlagwörter verwalten", path: paths.adminTags, noindex: true });
