import { Icon } from "~/components/ui/icon";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Textarea } from "~/components/ui/textarea";
import { formatDateTime } from "~/lib/format";
import { RESTRICTION_REASON_MAX_LENGTH, type RestrictionFormState } from "~/lib/schemas/restriction";

export interface RestrictionView {
  current: { kind: "suspend" | "silence"; since: Date | string; until: Date | string | null; reason: string | null } | null;
  /** This viewer may suspend or silence the member (staff, never staff or themselves). */
  mayRestrict: boolean;
  /** An administrator, and there is something to lift. */
  mayLift: boolean;
  /** The earliest end date the form offers (YYYY-MM-DD, Berlin): tomorrow. */
  firstDate: string;
}

/** "Gesperrt bis 12.03.2027, 23:59 – Grund: Spam" – what staff read on the member's profile. */
export function restrictionNotice(current: NonNullable<RestrictionView["current"]>): string {
  const what = current.kind === "suspend" ? "Gesperrt" : "Stummgeschaltet";
  const until = current.until ? `bis ${formatDateTime(current.until)}` : "unbefristet";
  return `${what} ${until}${current.reason ? ` – Grund: ${current.reason}` : ""}`;
}

/**
 * Staff's card at the end of a member's profile: the suspension or silence in force, "Sperre aufheben" for
 * administrators, and the form to suspend or silence until a day or indefinitely, with a reason the member reads.
 * Plain forms, so all of it works without JavaScript; nobody but staff gets this card.
 */
export function RestrictionCard({
  memberName,
  restriction,
  form,
}: {
  memberName: string;
  restriction: RestrictionView;
  form: RestrictionFormState | null;
}) {
  const navigation = useNavigation();
  const intent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const { current } = restriction;
  const errors = form?.errors ?? {};
  const values = form?.values ?? {};
  const errorOf = (field: string) => errors[field]?.[0] ?? null;
  const describedBy = (field: string) => (errorOf(field) ? `restriction-${field}-error` : undefined);
  const kind = values.kind ?? "silence";
  const duration = values.duration ?? "until";

  return (
    <Card aria-labelledby="restriction-title" role="region" data-testid="restriction-card">
      <CardHeader>
        <CardTitle id="restriction-title" className="flex items-center gap-2">
          <Icon name="shield" className="size-5" />
          Moderation
        </CardTitle>
        <CardDescription>Nur für das Moderationsteam sichtbar.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {current ? (
          <div
            data-testid="restriction-notice"
            className="flex flex-col gap-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 sm:flex-row sm:items-center sm:justify-between"
          >
            <p className="flex items-start gap-2 [overflow-wrap:anywhere]">
              {current.kind === "suspend" ? (
                <Icon name="user-x" className="mt-0.5 size-4 shrink-0" />
              ) : (
                <Icon name="mic-off" className="mt-0.5 size-4 shrink-0" />
              )}
              {restrictionNotice(current)}
            </p>
            {restriction.mayLift && (
              <Form method="post" preventScrollReset className="shrink-0">
                <input type="hidden" name="intent" value="lift-restriction" />
                <Button type="submit" variant="outline" size="sm" disabled={intent === "lift-restriction"}>
                  <Icon name="user-check" />
                  Sperre aufheben
                </Button>
              </Form>
            )}
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{memberName} ist weder gesperrt noch stummgeschaltet.</p>
        )}

        {restriction.mayRestrict && (
          <details className="group" open={form !== null}>
            <summary className="inline-flex h-9 cursor-pointer list-none items-center gap-2 rounded-md border border-border bg-background px-3 text-sm font-medium hover:bg-muted [&::-webkit-details-marker]:hidden">
              {current ? "Maßnahme ändern" : "Sperren oder stummschalten"}
            </summary>
            <Form method="post" preventScrollReset noValidate className="mt-3 flex flex-col gap-4">
              <input type="hidden" name="intent" value="restrict" />
              {errorOf("") && (
                <p role="alert" className="text-sm text-destructive">
                  {errorOf("")}
                </p>
              )}
              <fieldset className="flex flex-col gap-1.5 text-sm" aria-describedby={describedBy("kind")}>
                <legend className="mb-1 font-medium">Maßnahme</legend>
                <label className="flex items-start gap-2">
                  <input type="radio" name="kind" value="silence" defaultChecked={kind === "silence"} className="mt-1 accent-brand-600" />
                  <span>
                    Stummschalten <span className="text-muted-foreground">– kann lesen, aber nichts schreiben, melden oder bewerten</span>
                  </span>
                </label>
                <label className="flex items-start gap-2">
                  <input type="radio" name="kind" value="suspend" defaultChecked={kind === "suspend"} className="mt-1 accent-brand-600" />
                  <span>
                    Sperren <span className="text-muted-foreground">– wird sofort abgemeldet und kann sich nicht mehr anmelden</span>
                  </span>
                </label>
                {errorOf("kind") && (
                  <p id="restriction-kind-error" className="text-destructive">
                    {errorOf("kind")}
                  </p>
                )}
              </fieldset>
              <fieldset className="flex flex-col gap-1.5 text-sm" aria-describedby={describedBy("duration")}>
                <legend className="mb-1 font-medium">Dauer</legend>
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
                  <label className="flex items-center gap-2">
                    <input type="radio" name="duration" value="until" defaultChecked={duration === "until"} className="accent-brand-600" />
                    Befristet
                  </label>
                  <label htmlFor="restriction-until" className="text-muted-foreground">
                    bis einschließlich
                  </label>
                  <input
                    id="restriction-until"
                    type="date"
                    name="until"
                    min={restriction.firstDate}
                    defaultValue={values.until ?? restriction.firstDate}
                    // As Input, narrower: a date needs no full line (cn() does not merge a width into Input's w-full).
                    className="h-10 w-44 max-w-full rounded-md border border-gray-400 bg-background px-3 text-sm aria-invalid:border-destructive"
                    aria-invalid={errorOf("until") ? true : undefined}
                    aria-describedby={describedBy("until")}
                  />
                </div>
                <label className="flex items-start gap-2">
                  <input
                    type="radio"
                    name="duration"
                    value="indefinite"
                    defaultChecked={duration === "indefinite"}
                    className="mt-1 accent-brand-600"
                  />
                  <span>
                    Unbefristet <span className="text-muted-foreground">– bis ein Administrator die Sperre aufhebt</span>
                  </span>
                </label>
                {(errorOf("until") ?? errorOf("duration")) && (
                  <p id={errorOf("until") ? "restriction-until-error" : "restriction-duration-error"} className="text-destructive">
                    {errorOf("until") ?? errorOf("duration")}
                  </p>
                )}
              </fieldset>
              <div className="flex flex-col gap-1.5">
                <label htmlFor="restriction-reason" className="text-sm font-medium">
                  Grund <span className="font-normal text-muted-foreground">(das Mitglied liest ihn)</span>
                </label>
                <Textarea
                  id="restriction-reason"
                  name="reason"
                  rows={2}
                  required
                  maxLength={RESTRICTION_REASON_MAX_LENGTH}
                  defaultValue={values.reason}
                  aria-invalid={errorOf("reason") ? true : undefined}
                  aria-describedby={describedBy("reason")}
                />
                {errorOf("reason") && (
                  <p id="restriction-reason-error" className="text-sm text-destructive">
                    {errorOf("reason")}
                  </p>
                )}
              </div>
              <div>
                <Button type="submit" variant="destructive" disabled={intent === "restrict"}>
                  Maßnahme festlegen
                </Button>
              </div>
            </Form>
          </details>
        )}
      </CardContent>
    </Card>
  );
}
