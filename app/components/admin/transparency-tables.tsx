import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { formatCalendarMonth, formatCount } from "~/lib/format";
import { noticeGroundShortLabels, noticeGrounds } from "~/lib/legal";
import type { TransparencyMonth } from "~/server/legal";

interface Column {
  heading: string;
  value: (month: TransparencyMonth) => number | null;
  /** A median in hours; the others are counts. */
  hours?: boolean;
}

interface Table {
  id: string;
  title: string;
  description: string;
  columns: Column[];
  /**
   * From which width the table fits its card, the sidebar beside it: the hint that it scrolls shows below that.
   * Whole class names, so Tailwind finds them.
   */
  fitsFrom: "lg:hidden" | "xl:hidden";
}

const tables: Table[] = [
  {
    id: "meldungen",
    title: "Meldungen rechtswidriger Inhalte",
    description:
      "Art. 16 DSA: Meldungen mit bestätigter E-Mail-Adresse im Monat ihrer Bestätigung, Entscheidungen im Monat der Entscheidung, der Median von der Bestätigung bis zur Entscheidung in Stunden.",
    columns: [
      { heading: "Bestätigt", value: (m) => m.notices.confirmed },
      { heading: "Entschieden", value: (m) => m.notices.decided },
      { heading: "davon entfernt", value: (m) => m.notices.removed },
      { heading: "davon belassen", value: (m) => m.notices.kept },
      { heading: "Median bis zur Entscheidung", value: (m) => m.notices.medianHoursToDecision, hours: true },
    ],
    fitsFrom: "lg:hidden",
  },
  {
    id: "meldungen-nach-grund",
    title: "Bestätigte Meldungen nach Grund",
    description: "Der Rechtsverstoß, den die meldende Person angegeben hat.",
    columns: noticeGrounds.map((ground) => ({ heading: noticeGroundShortLabels[ground], value: (m) => m.notices.byGround[ground] })),
    fitsFrom: "xl:hidden",
  },
  {
    id: "begruendungen",
    title: "Begründungen an Mitglieder",
    description:
      "Art. 17 DSA: eine für jeden ausgeblendeten oder zurückgehaltenen Beitrag und für jede Sperre oder Stummschaltung. Automatisiert: ohne dass ein Mensch entschied, weil genug Meldungen von Mitgliedern eingingen oder eine Regel einen Beitrag zurückhielt.",
    columns: [
      { heading: "Erteilt", value: (m) => m.statements.issued },
      { heading: "davon automatisiert", value: (m) => m.statements.automated },
      { heading: "Grund: Gesetz", value: (m) => m.statements.law },
      { heading: "Grund: AGB", value: (m) => m.statements.rules },
    ],
    fitsFrom: "lg:hidden",
  },
  {
    id: "widersprueche",
    title: "Widersprüche",
    description:
      "Art. 20 DSA: eingelegt im Monat des Eingangs, entschieden im Monat der Entscheidung, der Median vom Eingang bis zur Entscheidung in Stunden.",
    columns: [
      { heading: "Eingelegt", value: (m) => m.objections.filed },
      { heading: "Entschieden", value: (m) => m.objections.decided },
      { heading: "stattgegeben", value: (m) => m.objections.upheld },
      { heading: "abgelehnt", value: (m) => m.objections.rejected },
      { heading: "Median bis zur Entscheidung", value: (m) => m.objections.medianHoursToDecision, hours: true },
    ],
    fitsFrom: "lg:hidden",
  },
];

const hoursFormat = new Intl.NumberFormat("de-DE", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

function cell(value: number | null, hours: boolean | undefined): ReactNode {
  if (value === null)
    return (
      <>
        <span aria-hidden="true">–</span>
        <span className="sr-only">keine Entscheidung</span>
      </>
    );
  if (hours) return `${hoursFormat.format(value)} Std.`;
  // Most months of a small forum are empty: the few that are not should stand out.
  return value === 0 ? <span className="text-muted-foreground">0</span> : formatCount(value);
}

/** The report's months as four tables, one per kind of record, each row a month, newest first. */
export function TransparencyTables({ months }: { months: TransparencyMonth[] }) {
  return tables.map((table) => (
    <Card key={table.id} id={table.id}>
      <CardHeader>
        <CardTitle id={`${table.id}-titel`}>{table.title}</CardTitle>
        <CardDescription>{table.description}</CardDescription>
      </CardHeader>
      {/* Edge to edge on a phone: every pixel is a column more in view. */}
      <CardContent className="px-0 sm:px-5">
        <p className={`mb-2 flex items-center justify-end gap-1 px-5 text-xs text-muted-foreground sm:px-0 ${table.fitsFrom}`}>
          Seitlich verschieben für alle Spalten
          <Icon name="arrow-right" className="size-3.5" />
        </p>
        {/* Scrolls inside its own box, the month staying in view; focusable, so a keyboard scrolls it too. Relative: the
            hidden texts of its cells are placed inside the box, not beside it, where they would widen the page. */}
        <div className="relative overflow-x-auto" role="region" aria-labelledby={`${table.id}-titel`} tabIndex={0}>
          <table className="w-full text-sm tabular-nums" data-testid={`transparency-${table.id}`}>
            <caption className="sr-only">{table.title} je Monat, neuester Monat zuerst</caption>
            <thead className="border-b border-border text-muted-foreground">
              <tr>
                <th scope="col" className="sticky left-0 bg-background py-2 pr-3 pl-5 text-left align-bottom font-medium sm:pl-0">
                  Monat
                </th>
                {table.columns.map((column) => (
                  <th key={column.heading} scope="col" className="px-2 py-2 text-right align-bottom font-medium last:pr-5 sm:last:pr-2">
                    {column.heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {months.map((month) => (
                <tr key={month.month} data-month={month.month}>
                  <th scope="row" className="sticky left-0 bg-background py-2 pr-3 pl-5 text-left font-medium whitespace-nowrap sm:pl-0">
                    {formatCalendarMonth(month.month, "short")}
                  </th>
                  {table.columns.map((column) => (
                    <td key={column.heading} className="px-2 py-2 text-right whitespace-nowrap last:pr-5 sm:last:pr-2">
                      {cell(column.value(month), column.hours)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </CardContent>
    </Card>
  ));
}
