import { Icon } from "~/components/ui/icon";
import { Badge } from "~/components/ui/badge";

/** "Gelöst" on a question that has an accepted answer (on the page and wherever it is listed); "Lösung" on that answer. */
export function SolvedBadge({ children = "Gelöst", className }: { children?: string; className?: string }) {
  return (
    <Badge variant="solved" className={className}>
      <Icon name="circle-check" className="mr-1 size-3" />
      {children}
    </Badge>
  );
}
