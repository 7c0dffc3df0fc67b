import { paths } from "./paths";
import { texts } from "./texts";

interface AuthorLike {
  firstName: string;
  lastName: string;
}

/**
 * A deleted member's posts stay and show 'Gelöschter Benutzer'; an author
 * without a name shows the spec's fallback ('Unbekannt', 'Unbekannter Autor').
 */
export function authorFirstName(author: AuthorLike | null, fallback = "Unbekannt"): string {
  if (!author) return texts.deletedUser;
  return author.firstName.trim() || fallback;
}

export function authorFullName(author: AuthorLike | null, fallback = "Unbekannt"): string {
  if (!author) return texts.deletedUser;
  return `${author.firstName} ${author.lastName}`.trim() || fallback;
}

/** Where an author's name links (pages) and points (author.url in JSON-LD); none for a deleted member. */
export function authorProfilePath(author: { id: string } | null): string | null {
  return author ? paths.profile(author.id) : null;
}
