import { RemoveEntryForm } from "~/components/ui/remove-entry-form";
import { Icon } from "~/components/ui/icon";
import { Form, useNavigation } from "react-router";
import type { WatchKind } from "../../../db/schema";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { MAX_REPLACEMENT, MAX_WATCHED_TERM, watchActionLabels, watchActionsByKind, watchKindLabels } from "~/lib/schemas/watchlist";
import type { WatchedTermRow } from "~/server/watchlist";

/** What a refused add form gets back: its list, the message, the fields' errors and what was typed. */
export interface AddFormState {
  kind: string;
  message: string | null;
  fieldErrors: Record<string, string[]>;
  values: { term: string; action: string; replacement: string };
}

const descriptions: Record<WatchKind, string> = {
  word: "Gilt für Titel, Texte und Kommentare. Blockieren weist den Beitrag beim Schreiben und Bearbeiten mit einem Hinweis ab; Ersetzen speichert ihn mit dem Ersatztext; Zurückhalten legt einen neuen Beitrag der Moderation vor, bevor er erscheint.",
  "link-domain":
    "Links zu diesen Domains (und ihren Subdomains) in Beiträgen und Kommentaren. Zurückhalten legt einen neuen Beitrag der Moderation vor, bevor er erscheint.",
  "email-domain":
    "Registrierungen mit Adressen dieser Anbieter werden abgelehnt, etwa Wegwerf-Adressen. Bestehende Konten sind nicht betroffen.",
};

const termLabels: Record<WatchKind, { label: string; placeholder: string }> = {
  word: { label: "Begriff", placeholder: "z. B. backlinks kaufen" },
  "link-domain": { label: "Domain", placeholder: "z. B. linkfarm.example" },
  "email-domain": { label: "E-Mail-Domain", placeholder: "z. B. wegwerfmail.example" },
};

const emptyTexts: Record<WatchKind, string> = {
  word: "Noch keine Begriffe.",
  "link-domain": "Noch keine Domains.",
  "email-domain": "Noch keine E-Mail-Domains.",
};

export function WatchListCard({ kind, terms, state }: { kind: WatchKind; terms: WatchedTermRow[]; state: AddFormState | null }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("kind") === kind;
  const actions = watchActionsByKind[kind];
  const id = (field: string) => `${kind}-${field}`;
  const errors = (field: string) => state?.fieldErrors[field];
  const invalid = (field: string) => (errors(field)?.length ? { "aria-invalid": true, "aria-describedby": `${id(field)}-error` } : {});

  return (
    <Card id={kind} className="scroll-mt-20">
      <CardHeader>
        <CardTitle>{watchKindLabels[kind]}</CardTitle>
        <CardDescription>{descriptions[kind]}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {terms.length === 0 ? (
          <p className="text-sm text-muted-foreground">{emptyTexts[kind]}</p>
        ) : (
          <ul className="divide-y divide-border" aria-label={watchKindLabels[kind]} data-testid={`watch-list-${kind}`}>
            {terms.map((entry) => (
              <li key={entry.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="watched-term">
                <div className="flex min-w-0 flex-wrap items-center gap-2">
                  <span className="min-w-0 font-medium [overflow-wrap:anywhere]">{entry.term}</span>
                  {kind !== "email-domain" && (
                    <Badge variant={entry.action === "block" ? "warning" : "muted"}>{watchActionLabels[entry.action]}</Badge>
                  )}
                  {entry.replacement !== null && (
                    <span className="min-w-0 text-sm text-muted-foreground [overflow-wrap:anywhere]">→ „{entry.replacement}“</span>
                  )}
                </div>
                <RemoveEntryForm id={entry.id} label={`„${entry.term}“ entfernen`} />
              </li>
            ))}
          </ul>
        )}

        <Form
          method="post"
          preventScrollReset
          noValidate
          className="flex flex-col gap-3 border-t border-border pt-4"
          aria-label={`${watchKindLabels[kind]}: hinzufügen`}
        >
          <input type="hidden" name="kind" value={kind} />
          {state?.message && (
            <Alert variant="destructive">
              <p>{state.message}</p>
            </Alert>
          )}
          <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <Field id={id("term")} label={termLabels[kind].label} errors={errors("term")}>
              <Input
                id={id("term")}
                name="term"
                type="text"
                required
                maxLength={MAX_WATCHED_TERM}
                placeholder={termLabels[kind].placeholder}
                defaultValue={state?.values.term ?? ""}
                key={state ? `${state.values.term}-refused` : "empty"}
                {...invalid("term")}
              />
            </Field>
            {actions.length > 1 ? (
              <Field id={id("action")} label="Aktion" errors={errors("action")}>
                <Select id={id("action")} name="action" defaultValue={state?.values.action || actions[0]} {...invalid("action")}>
                  {actions.map((action) => (
                    <option key={action} value={action}>
                      {watchActionLabels[action]}
                    </option>
                  ))}
                </Select>
              </Field>
            ) : (
              <input type="hidden" name="action" value={actions[0]} />
            )}
          </div>
          {actions.includes("replace") && (
            <Field id={id("replacement")} label="Ersatztext (nur bei „Ersetzen“)" errors={errors("replacement")}>
              <Input
                id={id("replacement")}
                name="replacement"
                type="text"
                maxLength={MAX_REPLACEMENT}
                defaultValue={state?.values.replacement ?? ""}
                {...invalid("replacement")}
              />
            </Field>
          )}
          <div>
            <Button type="submit" name="intent" value="add" disabled={busy}>
              <Icon name="plus" />
              Hinzufügen
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
