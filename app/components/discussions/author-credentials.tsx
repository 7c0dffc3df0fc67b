import { experienceLabels, expertiseLabels } from "~/lib/members";

/** What a reader weighs advice by, next to the author's name: "SEO · Experte (5+ Jahre)". */
export function AuthorCredentials({ author }: { author: { expertise: string; experience: string } | null }) {
  if (!author) return null;
  const parts = [expertiseLabels[author.expertise], experienceLabels[author.experience]].filter(Boolean);
  if (parts.length === 0) return null;
  return <span className="text-xs text-muted-foreground">{parts.join(" · ")}</span>;
}
