import { RemoveEntryForm } from "~/components/ui/remove-entry-form";
import { Icon } from "~/components/ui/icon";
import { Form, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { MAX_SYNONYM_TERM, MAX_SYNONYM_TERMS } from "~/lib/schemas/synonyms";
import type { SearchStatistics, SynonymGroupRow } from "~/server/search";

/** What a refused add form gets back: the message, the field's error and what was typed. */
export interface SynonymFormState {
  message: string | null;
  fieldErrors: Record<string, string[]>;
  terms: string;
}

export function SynonymGroupsCard({ groups, state }: { groups: SynonymGroupRow[]; state: SynonymFormState | null }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "add";
  const errors = state?.fieldErrors.terms;
  return (
    <Card id="synonyme" className="scroll-mt-20">
      <CardHeader>
        <CardTitle>Synonyme</CardTitle>
        <CardDescription>
          Wer einen Begriff einer Gruppe sucht, findet auch Diskussionen mit den anderen: „Suchmaschinenoptimierung“ findet „SEO“. Groß- und
          Kleinschreibung spielt keine Rolle; ein Begriff steht in höchstens einer Gruppe.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {groups.length === 0 ? (
          <p className="text-sm text-muted-foreground">Noch keine Synonyme.</p>
        ) : (
          <ul className="divide-y divide-border" aria-label="Synonymgruppen" data-testid="synonym-groups">
            {groups.map((group) => (
              <li key={group.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="synonym-group">
                <ul className="flex min-w-0 flex-wrap items-center gap-1.5" aria-label="Begriffe der Gruppe">
                  {group.terms.map((term) => (
                    <li key={term} className="rounded-full border border-border bg-muted px-2.5 py-0.5 text-sm [overflow-wrap:anywhere]">
                      {term}
                    </li>
                  ))}
                </ul>
                <RemoveEntryForm id={group.id} label={`Gruppe „${group.terms.join(", ")}“ entfernen`} />
              </li>
            ))}
          </ul>
        )}
        <Form
          method="post"
          preventScrollReset
          noValidate
          className="flex flex-col gap-3 border-t border-border pt-4"
          aria-label="Synonymgruppe hinzufügen"
        >
          {state?.message && (
            <Alert variant="destructive">
              <p>{state.message}</p>
            </Alert>
          )}
          <Field
            id="synonym-terms"
            label="Begriffe der neuen Gruppe"
            errors={errors}
            hint={`Durch Kommas getrennt, 2 bis ${MAX_SYNONYM_TERMS} Begriffe, je höchstens ${MAX_SYNONYM_TERM} Zeichen.`}
          >
            <Input
              id="synonym-terms"
              name="terms"
              type="text"
              required
              placeholder="z. B. E-E-A-T, Expertise, Vertrauenswürdigkeit"
              defaultValue={state?.terms ?? ""}
              key={state ? `${state.terms}-refused` : "empty"}
              {...(errors?.length ? { "aria-invalid": true, "aria-describedby": "synonym-terms-error" } : {})}
            />
          </Field>
          <div>
            <Button type="submit" name="intent" value="add" disabled={busy}>
              <Icon name="plus" />
              Gruppe hinzufügen
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

function QueryTable({ caption, rows, count }: { caption: string; rows: SearchStatistics["frequent"]; count: "searches" | "zeroHits" }) {
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">Keine Einträge.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-border text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              Suchanfrage
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              {count === "searches" ? "Suchen" : "Ohne Treffer"}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((row) => (
            <tr key={row.query}>
              <td className="py-2 pr-4 [overflow-wrap:anywhere]">{row.query}</td>
              <td className="py-2 text-right tabular-nums">{row[count].toLocaleString("de-DE")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function SearchStatisticsCard({ statistics, days }: { statistics: SearchStatistics; days: number }) {
  return (
    <Card id="statistik" className="scroll-mt-20">
      <CardHeader>
        <CardTitle>Suchstatistik der letzten {days} Tage</CardTitle>
        <CardDescription>
          {statistics.searches.toLocaleString("de-DE")} Suchen gezählt. Gespeichert wird je Tag nur die Suchanfrage mit zwei Zahlen – kein
          Mitglied, keine IP-Adresse, keine Uhrzeit; Suchmaschinen-Crawler werden nicht gezählt, Einträge nach {days} Tagen gelöscht.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-2">
        <section className="flex min-w-0 flex-col gap-2" aria-labelledby="frequent-searches">
          <h3 id="frequent-searches" className="font-semibold">
            Häufigste Suchen
          </h3>
          <QueryTable caption="Häufigste Suchanfragen" rows={statistics.frequent} count="searches" />
        </section>
        <section className="flex min-w-0 flex-col gap-2" aria-labelledby="searches-without-results">
          <h3 id="searches-without-results" className="font-semibold">
            Suchen ohne Ergebnis
          </h3>
          <QueryTable caption="Suchanfragen ohne Ergebnis" rows={statistics.withoutResults} count="zeroHits" />
        </section>
      </CardContent>
    </Card>
  );
}
