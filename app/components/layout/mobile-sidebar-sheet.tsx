import type { ReactNode } from "react";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "~/components/ui/sheet";

/** The overlay of the mobile sidebar; its own module so the dialog code loads only when it first opens. */
export default function MobileSidebarSheet({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  return (
    <Sheet open onOpenChange={(open) => !open && onClose()}>
      <SheetContent data-testid="mobile-sidebar" aria-describedby={undefined}>
        <SheetTitle className="sr-only">Navigation</SheetTitle>
        <SheetDescription className="sr-only">Hauptnavigation des Forums</SheetDescription>
        {children}
      </SheetContent>
    </Sheet>
  );
}
