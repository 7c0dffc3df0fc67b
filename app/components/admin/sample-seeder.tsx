import { Icon } from "~/components/ui/icon";
import { useState } from "react";
import { Form, useRevalidator } from "react-router";
import { showToast } from "~/components/toast/toaster";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { texts } from "~/lib/texts";

export const SAMPLES_PATH = "/admin/samples";

/**
 * Creates the sample discussions one request at a time, 100 ms apart (spec),
 * so the progress is real. Without JavaScript the form asks the server to
 * create all of them in one request.
 */
export function SampleSeeder({ total, interval }: { total: number; interval: number }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [done, setDone] = useState<number | null>(null);
  const running = done !== null && done < total;

  async function seed() {
    setDone(0);
    try {
      for (let index = 0; index < total; index++) {
        if (index > 0) await new Promise((resolve) => setTimeout(resolve, interval));
        const body = new FormData();
        body.set("index", String(index));
        const response = await fetch(SAMPLES_PATH, { method: "POST", body, headers: { Accept: "application/json" } });
        const result = (await response.json().catch(() => ({}))) as { error?: string };
        if (!response.ok) throw new Error(result.error ?? texts.unknownError);
        setDone(index + 1);
      }
      showToast({ type: "success", title: `${total} Beispiel-Diskussionen erstellt` });
    } catch (error) {
      showToast({ type: "error", title: texts.createDiscussionsFailed, description: error instanceof Error ? error.message : undefined });
      setDone(null);
    } finally {
      void revalidator.revalidate();
    }
  }

  return (
    <Form
      method="post"
      action={SAMPLES_PATH}
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        void seed();
      }}
    >
      <div>
        <Button type="submit" size="wrap" disabled={running}>
          {running ? <Icon name="loader-circle" className="animate-spin" /> : <Icon name="sparkles" />}
          {running ? "Wird erstellt..." : `${total} Beispiel-Diskussionen erstellen`}
        </Button>
      </div>
      {done !== null && (
        <div className="flex flex-col gap-1.5">
          <div
            role="progressbar"
            aria-label="Fortschritt beim Erstellen der Beispiel-Diskussionen"
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={done}
            className="h-2 w-full overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${(done / total) * 100}%` }} />
          </div>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {done} von {total} erstellt
          </p>
        </div>
      )}
    </Form>
  );
}
