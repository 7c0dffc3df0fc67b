/**
 * "Hilfreich für Aylin, Jonas und 3 weitere": who found a post helpful, as its details say. `names` are the first
 * ones the server sent (first names; all of them, in full, for staff); `count` the post's count as shown now.
 */
export function helpfulSentence(names: readonly string[], count: number, { me = false }: { me?: boolean } = {}): string | null {
  if (count <= 0) return null;
  // The viewer's own mark, just made, is not among the names the page came with.
  const shown = me ? ["Sie", ...names] : [...names];
  const others = count - shown.length;
  if (shown.length === 0) return `Hilfreich für ${count === 1 ? "ein Mitglied" : `${count} Mitglieder`}`;
  if (others <= 0) return `Hilfreich für ${listOf(shown)}`;
  return `Hilfreich für ${shown.join(", ")} und ${others} ${others === 1 ? "weiteres Mitglied" : "weitere"}`;
}

function listOf(names: readonly string[]): string {
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} und ${names.at(-1)!}`;
}
