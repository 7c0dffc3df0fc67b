import { Icon } from "~/components/ui/icon";

/**
 * The phone's navigation sheet as Radix renders it (app/components/ui/sheet.tsx), for a guest's reading page:
 * its script (app/enhance/guest.ts) fills it with the expanded sidebar it already has. Rendered once per
 * process by app/entry.server.tsx, so none of this reaches the app's bundle.
 */
export function SheetTemplate() {
  return (
    <template data-template="sidebar-sheet">
      <div data-slot="sheet-overlay" className="fixed inset-0 z-50 bg-black/50 animate-fade-in" />
      <div
        role="dialog"
        aria-modal="true"
        aria-label="Navigation"
        data-testid="mobile-sidebar"
        data-slot="sheet-content"
        className="fixed inset-y-0 left-0 z-50 flex h-full w-[18rem] max-w-[85vw] flex-col bg-sidebar shadow-xl"
      >
        <div data-sheet-body />
        <button
          type="button"
          data-action="dialog-close"
          className="absolute right-3 top-3 rounded-sm p-1 text-muted-foreground hover:text-foreground"
        >
          <Icon name="x" className="size-5" />
          <span className="sr-only">Seitenleiste schließen</span>
        </button>
      </div>
    </template>
  );
}
