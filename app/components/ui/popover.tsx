import * as DialogPrimitive from "@radix-ui/react-dialog";
import { useRef, type ComponentProps, type ReactNode, type RefObject } from "react";
import { cn } from "~/lib/utils";

/**
 * A small panel that opens under the top bar (the bell's latest notifications): Radix Dialog, not modal, so
 * the page stays usable. It is a labelled dialog; focus moves in on opening, Escape, a click outside and focus
 * leaving it close it, and focus goes back to the button that opened it. Radix Popover would add a positioning
 * library for a panel that always sits at the same place; the dialog code is already in the lazy chunk the
 * other dialogs load (decision 0009).
 *
 * The opener lives outside this tree (the panel's module loads on first use), so it is passed as `opener`:
 * a press on it is not an outside click (it toggles), and it gets the focus back, unless the panel closed
 * because the member clicked or tabbed elsewhere (as Radix does for its own trigger).
 */
export function Popover({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  return (
    <DialogPrimitive.Root open modal={false} onOpenChange={(open) => !open && onClose()}>
      {children}
    </DialogPrimitive.Root>
  );
}

export function PopoverContent({
  className,
  opener,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { opener: RefObject<HTMLElement | null> }) {
  const leftOutside = useRef(false);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Content
        data-slot="popover-content"
        className={cn(
          "fixed right-2 top-14 z-50 flex max-h-[calc(100dvh-4.5rem)] w-[calc(100vw-1rem)] max-w-sm flex-col overflow-hidden rounded-xl border border-border bg-background shadow-lg animate-fade-in",
          className,
        )}
        onInteractOutside={(event) => {
          if (opener.current?.contains(event.target as Node)) event.preventDefault();
          else leftOutside.current = true;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (!leftOutside.current) opener.current?.focus();
        }}
        {...props}
      />
    </DialogPrimitive.Portal>
  );
}

export const PopoverTitle = DialogPrimitive.Title;
export const PopoverClose = DialogPrimitive.Close;
