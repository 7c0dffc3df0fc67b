/**
 * Large generated data sets for benchmarks and the query-plan tests: members,
 * discussions and threaded comments with German text and a realistic spread
 * (a few hot discussions with hundreds of comments, a long tail with a handful).
 *
 * Rows are produced inside the database with generate_series, one statement
 * per batch, so a million comments need no round trip per row and the same
 * code fills PGlite and PostgreSQL. Every choice is derived from the row
 * number, so two runs with the same sizes produce the same forum.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../../app/server/db";

export interface BenchDataOptions {
  discussions: number;
  /** Comments in total, replies included (about one in six is a reply). */
  comments: number;
  /** Defaults to one member per 50 discussions, at least 50. */
  members?: number;
  /** Called after each batch with what is done so far. */
  onProgress?: (done: { discussions: number; comments: number }) => void;
}

export interface BenchDataResult {
  members: number;
  discussions: number;
  comments: number;
  replies: number;
}

/** The word the data set contains exactly once (search for a rare term). */
export const RARE_TERM = "Quantenkompression";
const BATCH = 5_000;
/** The newest generated discussion is this old; older ones are spaced evenly over three years before it. */
const NEWEST_AGE_MINUTES = 60;
const SPAN_MINUTES = 3 * 365 * 24 * 60;
const MAX_THREADS_PER_DISCUSSION = 1_200;
/** One top-level comment in REPLY_EVERY gets a reply. */
const REPLY_EVERY = 5;
/** One discussion in SOLVED_EVERY (by number) has an accepted answer, if it has any. */
const SOLVED_EVERY = 3;

const firstNames = [
  "Anna",
  "Ben",
  "Clara",
  "David",
  "Elif",
  "Felix",
  "Greta",
  "Hannes",
  "Ida",
  "Jonas",
  "Katrin",
  "Lukas",
  "Mia",
  "Niklas",
  "Olga",
  "Paul",
  "Rita",
  "Stefan",
  "Tanja",
  "Umut",
  "Vera",
  "Wolfgang",
  "Yasemin",
  "Zoe",
];
const lastNames = [
  "Albrecht",
  "Brandt",
  "Cakir",
  "Dietrich",
  "Engel",
  "Fischer",
  "Graf",
  "Hartmann",
  "Illner",
  "Jung",
  "Kaiser",
  "Lorenz",
  "Meyer",
  "Neumann",
  "Otto",
  "Peters",
  "Richter",
  "Schulz",
  "Thiel",
  "Vogel",
  "Weber",
  "Yilmaz",
  "Zimmermann",
];
const companies = [
  "Suchwerk GmbH",
  "Klickraum Agentur",
  "Datenfuchs Analytics",
  "Nordlicht Media",
  "Freelancer",
  "Hanse Performance",
  "Isarblick Digital",
  "Rankmeister",
  "",
];
const expertises = ["seo", "sea", "ki-suche", "tools", "general"];
const experiences = ["anfaenger", "einsteiger", "fortgeschritten", "fortgeschrittener", "experte", "senior-experte"];

/** Weighted like a real marketing forum: most traffic in SEO, then SEA and AI search. */
const categoryWheel = [
  "seo",
  "seo",
  "seo",
  "seo",
  "seo",
  "seo",
  "sea",
  "sea",
  "sea",
  "sea",
  "ki-suche",
  "ki-suche",
  "ki-suche",
  "ki-suche",
  "general",
  "general",
  "general",
  "tools",
  "tools",
  "events",
];
const titleOpeners = [
  "Erfahrungen mit",
  "Frage zu",
  "Tipps für",
  "Problem mit",
  "Wie messt ihr",
  "Best Practices für",
  "Diskussion:",
  "Hilfe bei",
  "Update zu",
  "Fallstudie:",
  "Lohnt sich",
  "Strategie für",
];
const titleTopics = [
  "Core Web Vitals nach dem Relaunch",
  "Backlinks aus Gastbeiträgen",
  "Performance-Max-Kampagnen im E-Commerce",
  "KI-Übersichten in der Google-Suche",
  "Smart Bidding mit wenig Conversions",
  "interne Verlinkung in großen Shops",
  "strukturierte Daten für Produktseiten",
  "Crawl-Budget bei Filter-URLs",
  "GA4 und Consent Mode v2",
  "lokales SEO für mehrere Standorte",
  "Keyword-Recherche mit Suchintention",
  "Content-Pruning alter Blogartikel",
  "Sichtbarkeit in ChatGPT und Perplexity",
  "Google-Ads-Skripte für Budgets",
  "hreflang bei mehrsprachigen Shops",
  "Logfile-Analyse mit Screaming Frog",
  "JavaScript-SEO mit React",
  "Markenkeywords in Suchkampagnen",
  "E-E-A-T für kleine Nischenseiten",
  "Reporting mit Looker Studio",
];
const sentences = [
  "Wir haben das in den letzten Wochen bei einem Kunden aus dem Mittelstand getestet.",
  "Die Rankings sind nach dem letzten Core Update deutlich gefallen, vor allem bei den Kategorieseiten.",
  "Hat jemand belastbare Zahlen dazu, wie sich das auf die Klickrate auswirkt?",
  "Im Search Console Bericht sehen wir viele Seiten mit dem Status gecrawlt, aber nicht indexiert.",
  "Unsere Conversion-Rate ist stabil, aber die Kosten pro Klick steigen seit Monaten.",
  "Ich würde zuerst die Suchintention prüfen und erst danach die Inhalte erweitern.",
  "Mit sauberen strukturierten Daten haben wir die Rich Results schnell zurückbekommen.",
  "Die KI-Antworten zitieren vor allem Quellen mit klaren Definitionen und Tabellen.",
  "Wichtig ist ein sauberes Tracking, sonst optimiert der Algorithmus auf die falschen Signale.",
  "Bei uns hat eine flachere Seitenarchitektur mehr gebracht als neue Backlinks.",
  "Das Budget sollte man nicht täglich ändern, die Lernphase startet sonst immer wieder neu.",
  "Ich kann das Tool empfehlen, allerdings ist die Preisgestaltung für kleine Agenturen happig.",
  "Habt ihr die Ladezeit mit echten Nutzerdaten aus dem CrUX-Bericht verglichen?",
  "Für lokale Anbieter sind vollständige Unternehmensprofile weiterhin der größte Hebel.",
  "Wir setzen inzwischen auf Themencluster statt auf einzelne Keywords.",
  "Die Ergebnisse schwanken stark zwischen Desktop und Mobilgeräten.",
];

/** Integers go into the statement itself: as parameters they would arrive untyped (generate_series(unknown, unknown)). */
/** The bench set's tags (decision 0053): the trade's topics, 1–3 per discussion, spread over the set. */
const benchTags = [
  "GA4",
  "Core Web Vitals",
  "Performance Max",
  "Local SEO",
  "llms.txt",
  "Linkbuilding",
  "Technisches SEO",
  "E-Commerce",
  "Crawling",
  "Indexierung",
  "Search Console",
  "Google Ads",
  "Smart Bidding",
  "Consent Mode",
  "Tracking",
  "KI-Suche",
  "AI Overviews",
  "GEO",
  "Content-Strategie",
  "E-E-A-T",
  "Strukturierte Daten",
  "Internationales SEO",
  "Reporting",
  "SEO-Tools",
  "Merchant Center",
  "Microsoft Ads",
  "Datenschutz",
  "Karriere",
  "Agenturalltag",
  "Konferenzen",
];
/** Slugs as app/lib/tags.ts makes them, for these names (ASCII but for none). */
const benchTagSlugs = benchTags.map((name) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, ""),
);

const int = (n: number) => sql.raw(String(Math.trunc(n)));
const textArray = (values: readonly string[]) => sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ")}]::text[]`);
/** The value of `values` picked by a row number expression and a prime (a cheap, repeatable spread). */
const pick = (values: readonly string[], n: SQL, prime: number) =>
  sql`(${textArray(values)})[1 + ((${n}) * ${sql.raw(String(prime))} % ${sql.raw(String(values.length))})]`;

/**
 * Top-level comments of the discussion with this rank (1 = hottest):
 * proportional to 1/sqrt(rank), so the top ten have hundreds and the median a
 * handful. `scale` is chosen so the sum over all ranks meets the target.
 */
function threadsForRankSql(rank: SQL, scale: number): SQL {
  return sql`least(${sql.raw(String(MAX_THREADS_PER_DISCUSSION))}, floor(${sql.raw(scale.toFixed(6))} / sqrt(${rank}))::int)`;
}

function scaleFor(discussions: number, threads: number): number {
  let harmonic = 0;
  for (let rank = 1; rank <= discussions; rank++) harmonic += 1 / Math.sqrt(rank);
  // floor() loses half a comment per discussion on average.
  return (threads + discussions / 2) / harmonic;
}

/** Largest prime step below n that shares no factor with n: rank = (i * step) mod n + 1 is then a permutation. */
function permutationStep(n: number): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  for (let step = Math.max(2, Math.floor(n * 0.618)); step > 1; step--) if (gcd(step, n) === 1) return step;
  return 1;
}

export async function generateBenchData(db: Database, options: BenchDataOptions): Promise<BenchDataResult> {
  const members = options.members ?? Math.max(50, Math.ceil(options.discussions / 50));
  const total = options.discussions;
  const threadTarget = Math.round((options.comments * REPLY_EVERY) / (REPLY_EVERY + 1));
  const scale = scaleFor(total, threadTarget);
  const step = permutationStep(total);
  // Any size covers the same three years, so "the last seven days" is the same small share of a big or a small set.
  const minutesPerDiscussion = SPAN_MINUTES / total;
  const ageMinutes = (i: number) => NEWEST_AGE_MINUTES + i * minutesPerDiscussion;
  // One instant for all statements: each batch finds its discussions again by their creation time.
  const anchor = sql`${new Date().toISOString()}::timestamptz`;

  await db.execute(sql`
    insert into "user" (id, name, email, email_verified, created_at, updated_at)
    select 'bench-' || g, ${pick(firstNames, sql`g`, 7)} || ' ' || ${pick(lastNames, sql`g`, 11)}, 'mitglied' || g || '@bench.example', true,
           ${anchor} - (g % 900) * interval '1 day', ${anchor} - (g % 900) * interval '1 day'
    from generate_series(1, ${int(members)}) g`);
  await db.execute(sql`
    insert into profiles (id, first_name, last_name, email, company, expertise, experience, bio, approval_status, created_at, updated_at, approval_decided_at)
    select 'bench-' || g, ${pick(firstNames, sql`g`, 7)}, ${pick(lastNames, sql`g`, 11)}, 'mitglied' || g || '@bench.example',
           ${pick(companies, sql`g`, 5)}, ${pick(expertises, sql`g`, 3)}, ${pick(experiences, sql`g`, 13)},
           'Arbeitet seit Jahren im Online-Marketing und teilt hier Erfahrungen aus Projekten.', 'approved',
           ${anchor} - (g % 900) * interval '1 day', ${anchor} - (g % 900) * interval '1 day', ${anchor} - (g % 900) * interval '1 day'
    from generate_series(1, ${int(members)}) g`);
  await db.execute(sql`insert into user_roles (user_id, role) select 'bench-' || g, 'member' from generate_series(1, ${int(members)}) g`);

  // The tags, unless a set in the same database has them already (the demo's share some names).
  await db.execute(sql`
    insert into tags (slug, name, description)
    select slug, name, 'Diskussionen zum Thema ' || name || ' aus dem Bench-Datensatz.'
    from unnest(${textArray(benchTagSlugs)}, ${textArray(benchTags)}) as t(slug, name)
    on conflict (slug) do nothing`);

  const author = (n: SQL) => sql`'bench-' || (1 + (${n}) * 7919 % ${int(members)})`;
  let commentsDone = 0;
  for (let from = 0; from < total; from += BATCH) {
    const to = Math.min(total, from + BATCH) - 1;
    // i = 0 is the newest discussion; replies_count holds the planned thread count until the final recount.
    await db.execute(sql`
      insert into discussions (slug, title, content, category, author_id, is_pinned, replies_count, views_count, created_at, updated_at)
      select 'bench-' || i || '-' || lower(regexp_replace(t.topic, '[^a-zA-Z0-9]+', '-', 'g')),
             t.opener || ' ' || t.topic || case when i = ${int(Math.floor(total / 2))} then ${` (${RARE_TERM})`} else '' end,
             '<p>' || ${pick(sentences, sql`i`, 3)} || ' ' || ${pick(sentences, sql`i`, 5)} || '</p><p>' || ${pick(sentences, sql`i`, 7)} || '</p>',
             ${pick(categoryWheel, sql`(i / 7)`, 13)},
             ${author(sql`i`)},
             i % 20011 = 7,
             ${threadsForRankSql(sql`(i::bigint * ${int(step)} % ${int(total)} + 1)`, scale)},
             (i::bigint * 104729) % 4000,
             ${anchor} - (${int(NEWEST_AGE_MINUTES)} + i * ${sql.raw(minutesPerDiscussion.toFixed(6))}) * interval '1 minute',
             ${anchor} - (${int(NEWEST_AGE_MINUTES)} + i * ${sql.raw(minutesPerDiscussion.toFixed(6))}) * interval '1 minute'
      from generate_series(${int(from)}, ${int(to)}) i
      cross join lateral (select ${pick(titleOpeners, sql`i`, 5)} as opener, ${pick(titleTopics, sql`i`, 17)} as topic) t`);
    const newest = sql`${anchor} - ${sql.raw(ageMinutes(from).toFixed(6))} * interval '1 minute'`;
    const oldest = sql`${anchor} - ${sql.raw(ageMinutes(to).toFixed(6))} * interval '1 minute'`;
    const inBatch = sql`d.created_at <= ${newest} + interval '1 second' and d.created_at >= ${oldest} - interval '1 second' and d.slug like 'bench-%'`;
    // Threads follow the discussion minutes to hours apart, never in the future.
    await db.execute(sql`
      insert into comments (discussion_id, author_id, content, created_at, updated_at)
      select d.id, ${author(sql`(g + ascii(d.slug))`)},
             ${pick(sentences, sql`g`, 3)} || ' ' || ${pick(sentences, sql`(g + ascii(right(d.slug, 1)))`, 11)},
             least(${anchor}, d.created_at + g * interval '7 minutes'), least(${anchor}, d.created_at + g * interval '7 minutes')
      from discussions d cross join lateral generate_series(1, d.replies_count) g
      where ${inBatch}`);
    await db.execute(sql`
      insert into comments (discussion_id, parent_id, author_id, content, created_at, updated_at)
      select c.discussion_id, c.id, ${author(sql`(extract(epoch from c.created_at)::bigint % 100003)`)},
             'Danke für den Hinweis! ' || ${pick(sentences, sql`(extract(epoch from c.created_at)::bigint % 1009)`, 7)},
             least(${anchor}, c.created_at + interval '2 hours'), least(${anchor}, c.created_at + interval '2 hours')
      from comments c join discussions d on d.id = c.discussion_id
      where ${inBatch} and c.parent_id is null and extract(epoch from c.created_at)::bigint / 60 % ${int(REPLY_EVERY)} = 0`);
    // 1–3 tags each: number % 3 + 1 of them, 7 apart on the list, so no discussion has one twice.
    await db.execute(sql`
      insert into discussion_tags (discussion_id, tag_id)
      select d.id, t.id from discussions d
      cross join lateral generate_series(0, d.number::int % 3) j
      join tags t on t.slug = (${textArray(benchTagSlugs)})[1 + ((d.number * 31 + j * 7) % ${int(benchTags.length)})::int]
      where ${inBatch}
      on conflict do nothing`);
    const [counted] = (
      (await db.execute(sql`
        update discussions d set replies_count = coalesce((select count(*) from comments c where c.discussion_id = d.id), 0)
        where ${inBatch}
        returning replies_count`)) as unknown as { rows: Array<{ replies_count: number }> }
    ).rows.reduce<[number]>((sum, row) => [sum[0] + Number(row.replies_count)], [0]);
    commentsDone += counted;
    options.onProgress?.({ discussions: to + 1, comments: commentsDone });
  }
  // One in three answered discussions is solved: its first answer is the solution, chosen by the asker, and its
  // author's reputation counts it (the "Gelöst" filter and its index get a realistic share to walk).
  await db.execute(sql`
    update discussions d set solution_comment_id = s.comment_id, solved_at = s.created_at + interval '1 hour', solved_by = d.author_id
    from (
      select distinct on (c.discussion_id) c.discussion_id, c.id as comment_id, c.created_at
      from comments c join discussions q on q.id = c.discussion_id
      where q.slug like 'bench-%' and q.number % ${int(SOLVED_EVERY)} = 0 and c.parent_id is null
      order by c.discussion_id, c.created_at, c.id
    ) s
    where d.id = s.discussion_id`);
  await db.execute(sql`
    update profiles p set solutions_count = p.solutions_count + s.n
    from (
      select c.author_id, count(*)::int as n from discussions d join comments c on c.id = d.solution_comment_id
      where d.slug like 'bench-%' group by c.author_id
    ) s
    where p.id = s.author_id`);
  // The tags' counts as the writes keep them: the visible discussions that carry each (all bench discussions are).
  await db.execute(sql`
    update tags t set discussion_count = (
      select count(*) from discussion_tags dt join discussions d on d.id = dt.discussion_id where dt.tag_id = t.id and d.hidden_at is null
    )::int
    where t.slug = any(${textArray(benchTagSlugs)})`);
  const [row] = (
    (await db.execute(
      sql`select count(*) filter (where parent_id is not null) as replies from comments c where exists (select 1 from discussions d where d.id = c.discussion_id and d.slug like 'bench-%')`,
    )) as unknown as {
      rows: Array<{ replies: number }>;
    }
  ).rows;
  return { members, discussions: total, comments: commentsDone, replies: Number(row?.replies ?? 0) };
}

/**
 * Fresh statistics and a current visibility map, as autovacuum would leave
 * them after a bulk load (PGlite has no autovacuum): index-only scans and
 * realistic plans depend on both.
 */
export async function vacuumAnalyze(db: Database): Promise<void> {
  await db.execute(sql`vacuum analyze`);
}
