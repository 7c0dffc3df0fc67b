import type { ReactNode } from "react";
import { Link } from "react-router";
import { Icon } from "./icon";

/** The quiet link above a list's heading to the page above it ("Zurück zur Übersicht", "Alle Schlagwörter"). */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="inline-flex w-fit items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground">
      <Icon name="arrow-left" className="size-4" />
      {children}
    </Link>
  );
}
