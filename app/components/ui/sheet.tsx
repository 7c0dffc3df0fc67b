import { Icon } from "~/components/ui/icon";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

/** A dialog that slides in from the left edge (mobile sidebar overlay). */
export const Sheet = DialogPrimitive.Root;

export function SheetContent({ className, children, ...props }: ComponentProps<typeof DialogPrimitive.Content>) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay data-slot="sheet-overlay" className="fixed inset-0 z-50 bg-black/50 animate-fade-in" />
      <DialogPrimitive.Content
        data-slot="sheet-content"
        className={cn("fixed inset-y-0 left-0 z-50 flex h-full w-[18rem] max-w-[85vw] flex-col bg-sidebar shadow-xl", className)}
        {...props}
      >
        {children}
        <DialogPrimitive.Close className="absolute right-3 top-3 rounded-sm p-1 text-muted-foreground hover:text-foreground">
          <Icon name="x" className="size-5" />
          <span className="sr-only">Seitenleiste schließen</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export const SheetTitle = DialogPrimitive.Title;
export const SheetDescription = DialogPrimitive.Description;
