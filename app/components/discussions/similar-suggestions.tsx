import { useSuggestions } from "~/lib/hooks/use-suggestions";
import { SIMILAR_DEBOUNCE_MS, SIMILAR_TITLE_MAX, SIMILAR_TITLE_MIN } from "~/lib/similar";
import { paths } from "~/lib/paths";
import type { SimilarDiscussion } from "~/server/search";
import { SimilarDiscussionList } from "./related-discussions";

/**
 * "Wurde das schon gefragt?" under the title being written: asked after a pause in typing, an older answer dropped
 * when a newer question is under way (abort), read out politely. The last list stays until the next one arrives,
 * so the form below the field does not jump on every keystroke; the links open in a new tab, the text stays.
 */
export function SimilarSuggestions({ title }: { title: string }) {
  const asked = title.trim();
  const enough = asked.length >= SIMILAR_TITLE_MIN && asked.length <= SIMILAR_TITLE_MAX;
  const found = useSuggestions<SimilarDiscussion>(
    enough ? `${paths.similarDiscussions}?${new URLSearchParams({ title: asked })}` : null,
    "discussions",
    { delayMs: SIMILAR_DEBOUNCE_MS, keep: true },
  );
  const shown = enough ? found : [];
  return (
    <section aria-label="Ähnliche Diskussionen" data-testid="similar-suggestions">
      {/* A short line is read out, not the whole list: the links follow the field in the tab order. */}
      <p className="sr-only" aria-live="polite">
        {shown.length === 0 ? "" : shown.length === 1 ? "1 ähnliche Diskussion gefunden" : `${shown.length} ähnliche Diskussionen gefunden`}
      </p>
      {shown.length > 0 ? <SimilarDiscussionsBox discussions={shown} newTab /> : null}
    </section>
  );
}

/** The box of similar discussions on the form: while typing, and on the preview step without JavaScript. */
export function SimilarDiscussionsBox({ discussions, newTab = false }: { discussions: SimilarDiscussion[]; newTab?: boolean }) {
  return (
    <div className="rounded-lg border border-brand-200 bg-brand-50/50 p-3">
      <p className="mb-2 text-sm font-semibold">Wurde das schon gefragt?</p>
      <SimilarDiscussionList discussions={discussions} testId="similar-discussion" newTab={newTab} />
    </div>
  );
}
