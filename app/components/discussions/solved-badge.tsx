import { CircleCheckIcon } from "lucide-react";
import { Badge } from "~/components/ui/badge";

/** "Gelöst" on a question that has an accepted answer; "Lösung" on that answer. */
export function SolvedBadge({ children = "Gelöst" }: { children?: string }) {
  return (
    <Badge variant="solved">
      <CircleCheckIcon className="mr-1 size-3" aria-hidden="true" />
      {children}
    </Badge>
  );
}
