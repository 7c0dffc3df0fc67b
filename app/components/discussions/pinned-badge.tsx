import { Icon } from "~/components/ui/icon";
import { Badge } from "~/components/ui/badge";

export function PinnedBadge() {
  return (
    <Badge variant="outline">
      <Icon name="pin" className="mr-1 size-3" />
      Angepinnt
    </Badge>
  );
}
