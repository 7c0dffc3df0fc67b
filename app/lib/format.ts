/**
 * Formatting shared by server and browser. Every function takes "now" as an
 * argument so that the server render and the hydration produce the same text.
 */
import { TIME_ZONE } from "./berlin-time";

const dateFormat = new Intl.DateTimeFormat("de-DE", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  timeZone: TIME_ZONE,
});

const dateTimeFormat = new Intl.DateTimeFormat("de-DE", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: TIME_ZONE,
});

const longDateFormat = new Intl.DateTimeFormat("de-DE", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: TIME_ZONE,
});

const monthYearFormat = new Intl.DateTimeFormat("de-DE", {
  month: "long",
  year: "numeric",
  timeZone: TIME_ZONE,
});

const shortMonthYearFormat = new Intl.DateTimeFormat("de-DE", {
  month: "short",
  year: "numeric",
  timeZone: TIME_ZONE,
});

const relative = new Intl.RelativeTimeFormat("de-DE", { numeric: "always" });

function toDate(value: Date | string): Date {
  return typeof value === "string" ? new Date(value) : value;
}

/**
 * The "now" a page is rendered with, to the minute: relative times show no
 * more than that, and a page whose data did not change keeps its ETag (and
 * can be answered with 304) for the rest of the minute.
 */
export function renderNow(now = Date.now()): Date {
  return new Date(Math.floor(now / 60_000) * 60_000);
}

/** 21.11.2026 */
export function formatDate(value: Date | string): string {
  return dateFormat.format(toDate(value));
}

/** 21.11.2026, 14:05 (Berlin time on server and browser alike) */
export function formatDateTime(value: Date | string): string {
  return dateTimeFormat.format(toDate(value));
}

/** 18. November 2026, as a sentence names a day ("seit Ihrem letzten Besuch am …") */
export function formatLongDate(value: Date | string): string {
  return longDateFormat.format(toDate(value));
}

/** November 2026 */
export function formatMonthYear(value: Date | string): string {
  return monthYearFormat.format(toDate(value));
}

/** A calendar month written "2026-03": "März 2026", or "Nov. 2026" where a table has little room. */
export function formatCalendarMonth(month: string, length: "long" | "short" = "long"): string {
  // Its middle in UTC: no time zone moves that into the month before or after.
  return (length === "short" ? shortMonthYearFormat : monthYearFormat).format(new Date(`${month}-15T12:00:00Z`));
}

/**
 * Age as in the spec: under 60 minutes in minutes, under 1440 minutes in
 * hours, otherwise in days ("vor 5 Minuten", "vor 3 Stunden", "vor 2 Tagen").
 */
export function formatAge(value: Date | string, now: Date | string): string {
  const minutes = Math.max(0, Math.floor((toDate(now).getTime() - toDate(value).getTime()) / 60_000));
  if (minutes < 60) return relative.format(-minutes, "minute");
  if (minutes < 1440) return relative.format(-Math.floor(minutes / 60), "hour");
  return relative.format(-Math.floor(minutes / 1440), "day");
}

/**
 * Avatar initials (spec, Profile): names with an underscore or a dot give the
 * first letters of their first two parts; otherwise the first and last letter
 * when the name has at least two letters, else the first letter. A letter is
 * what a reader sees as one (a grapheme), and each initial stays one letter
 * in upper case: "ß" becomes "ẞ", not "SS".
 */
export function initials(name: string): string {
  let known = knownInitials.get(name);
  if (known === undefined) {
    // Every avatar of a page asks, and segmenting graphemes showed in a profile of member pages (1.6 % of CPU): once per name.
    if (knownInitials.size >= 2_000) knownInitials.clear();
    known = initialsOf(name);
    knownInitials.set(name, known);
  }
  return known;
}

const knownInitials = new Map<string, string>();

function initialsOf(name: string): string {
  const trimmed = name.trim();
  if (trimmed === "") return "?";
  if (/[_.]/.test(trimmed)) {
    const parts = trimmed.split(/[_.]/).filter(Boolean);
    const letters = parts.slice(0, 2).map((part) => graphemesOf(part)[0] ?? "");
    return letters.length > 0 ? letters.map(upperInitial).join("") : "?";
  }
  const letters = graphemesOf(trimmed);
  const first = letters[0] ?? "?";
  const last = letters.length >= 2 ? letters[letters.length - 1] : undefined;
  return upperInitial(first) + (last === undefined ? "" : upperInitial(last));
}

const graphemes = new Intl.Segmenter("de", { granularity: "grapheme" });

function graphemesOf(text: string): string[] {
  return Array.from(graphemes.segment(text), (part) => part.segment);
}

/** One letter in upper case; where upper case would make two ("ß" → "SS", "ﬁ" → "FI"), the one-letter form. */
function upperInitial(letter: string): string {
  if (letter === "ß") return "ẞ";
  const upper = letter.toLocaleUpperCase("de");
  return graphemesOf(upper).length === 1 ? upper : letter;
}

/** German relative time for comments: "vor 5 Minuten", "vor 3 Monaten". */
export function formatRelativeTime(value: Date | string, now: Date | string): string {
  const seconds = Math.max(0, Math.floor((toDate(now).getTime() - toDate(value).getTime()) / 1000));
  if (seconds < 60) return "gerade eben";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return relative.format(-minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return relative.format(-hours, "hour");
  const days = Math.floor(hours / 24);
  if (days < 30) return relative.format(-days, "day");
  const months = Math.floor(days / 30.44);
  if (months < 12) return relative.format(-months, "month");
  return relative.format(-Math.floor(days / 365.25), "year");
}

/** "1 Antwort", "3 Antworten" */
export function formatReplies(count: number): string {
  return `${count} ${count === 1 ? "Antwort" : "Antworten"}`;
}

const countFormat = new Intl.NumberFormat("de-DE");

export function formatCount(value: number): string {
  return countFormat.format(value);
}

/**
 * At most `max` characters for a meta description or a feed's summary: cut at
 * the last word that fits and marked with "…", never inside a word (a search
 * result showing "Ranki" reads as a typo of ours). A single word longer than
 * `max` is cut where it must be.
 */
export function shortenAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = text.slice(0, max - 1);
  // The room ends on a whole word when a space follows it; otherwise its last word is cut and goes.
  const lastSpace = /\s/.test(text[max - 1]!) ? room.length : room.search(/\s\S*$/);
  return `${(lastSpace > 0 ? room.slice(0, lastSpace) : room).replace(/[\s,;:–-]+$/, "")}…`;
}
