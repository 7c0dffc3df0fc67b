import { PinIcon } from "lucide-react";
import { Badge } from "~/components/ui/badge";

export function PinnedBadge() {
  return (
    <Badge variant="outline">
      <PinIcon className="mr-1 size-3" aria-hidden="true" />
      Angepinnt
    </Badge>
  );
}
