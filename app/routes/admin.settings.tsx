import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { parseWithZod } from "@conform-to/zod/v4";
import { Link } from "react-router";
import { PageError } from "~/components/layout/page-error";
import { SiteSettingsForm, type LegalPreview } from "~/components/admin/site-settings-form";
import { SiteSettingsDiff, SiteSettingsVersions } from "~/components/admin/site-settings-versions";
import { useShowToast } from "~/components/toast/use-show-toast";
import { paths } from "~/lib/paths";
import { siteSettingsFormSchema } from "~/lib/schemas/settings";
import { seoMeta } from "~/lib/seo";
import { texts } from "~/lib/texts";
import { requirePermission } from "~/server/accounts";
import { siteSettingsTexts, updateSiteSettings } from "~/server/admin";
import { fail } from "~/server/platform";
import { readFormData, redirectWithToast, refuse, respond } from "~/server/http";
import {
  currentSiteSettings,
  defaultSiteSettings,
  listSiteSettingsVersions,
  renderLegalMarkdown,
  siteSettingsVersionDiff,
} from "~/server/settings";
import type { Route } from "./+types/admin.settings";

/** The operator's company data, the forum's name and the legal texts, with every version (decision 0049); administrators only. */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "editSiteSettings", siteSettingsTexts.adminsOnly);
  const asked = new URL(request.url).searchParams.get("fassung");
  const shownVersion = asked !== null && /^[1-9][0-9]{0,8}$/.test(asked) ? Number(asked) : null;
  const [current, versions, shown] = await Promise.all([
    currentSiteSettings(),
    listSiteSettingsVersions(),
    shownVersion === null ? null : siteSettingsVersionDiff(shownVersion),
  ]);
  return { settings: current.settings, version: current.version, versions, shown, missingVersion: shownVersion !== null && shown === null };
}

/** The preview renders what was typed, whatever the other fields hold; a save needs the whole form. */
function previewOf(payload: Record<string, unknown>): LegalPreview {
  const text = (name: string) => (typeof payload[name] === "string" ? (payload[name] as string) : "");
  const names = {
    forumName: text("forumName").trim() || defaultSiteSettings.forumName,
    company: text("company").trim() || defaultSiteSettings.company,
  };
  return {
    imprintText: renderLegalMarkdown(text("imprintText"), names),
    termsText: renderLegalMarkdown(text("termsText"), names),
    privacyText: renderLegalMarkdown(text("privacyText"), names),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requirePermission(request, "editSiteSettings", siteSettingsTexts.adminsOnly);
  const submission = parseWithZod(await readFormData(request), { schema: siteSettingsFormSchema });
  if (submission.payload.intent === "preview") return { result: submission.reply(), preview: previewOf(submission.payload) };
  if (submission.status !== "success")
    return refuse(fail("invalid"), { failed: siteSettingsTexts.failed, page: () => ({ result: submission.reply(), preview: null }) });
  const { intent: _intent, ...input } = submission.value;
  return respond(updateSiteSettings(viewer, input), {
    failed: siteSettingsTexts.failed,
    fallback: { forbidden: siteSettingsTexts.adminsOnly, unexpected: texts.unexpectedError },
    context: { action: "update site settings" },
    page: ({ message }) => ({ result: submission.reply({ formErrors: [message ?? texts.unexpectedError] }), preview: null }),
    success: ({ version }) =>
      redirectWithToast(paths.adminSettingsVersion(version), {
        type: "success",
        title: `Fassung ${version} gespeichert.`,
        description: "Impressum, AGB und Datenschutz zeigen sie ab sofort, auch Gästen.",
      }),
  });
}

export default function AdminSettingsRoute({ loaderData, actionData }: Route.ComponentProps) {
  useShowToast(actionData && "toast" in actionData ? actionData.toast : undefined);
  const { settings, version, versions, shown, missingVersion } = loaderData;
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <AdminPageHeader title="Betreiber und Rechtstexte">
        <p className="text-muted-foreground">
          Die Angaben zum Unternehmen im{" "}
          <Link to={paths.impressum} className="text-brand-700 underline underline-offset-2">
            Impressum
          </Link>
          , der Name des Forums und die Texte von Impressum,{" "}
          <Link to={paths.agb} className="text-brand-700 underline underline-offset-2">
            AGB
          </Link>{" "}
          und{" "}
          <Link to={paths.datenschutz} className="text-brand-700 underline underline-offset-2">
            Datenschutz
          </Link>
          . Jede Änderung wird eine neue Fassung; alle Seiten zeigen sie sofort.
        </p>
        <p className="text-sm text-muted-foreground">
          {version === 0 ? "Voreinstellungen, noch nie geändert." : `Aktuell: Fassung ${version}.`}
        </p>
      </AdminPageHeader>
      {shown ? <SiteSettingsDiff version={shown} /> : null}
      {missingVersion ? <p className="text-sm text-destructive">Diese Fassung gibt es nicht.</p> : null}
      <SiteSettingsForm
        key={version}
        settings={settings}
        version={version}
        lastResult={actionData?.result}
        preview={actionData?.preview ?? null}
      />
      <SiteSettingsVersions versions={versions} shown={shown?.version ?? null} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, { title: "Betreiber und Rechtstexte", path: paths.adminSettings, noindex: true });
