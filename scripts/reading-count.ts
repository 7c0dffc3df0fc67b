/**
 * `npx tsx scripts/reading-count.ts [--at <commit>] [--compare <commit>]`: how much a newcomer reads
 * to follow a write from the route's action down to the database and its side effects (decisions
 * 0014 and 0021), counted with the TypeScript parser instead of by hand.
 *
 * - Without options the working tree is read; `--at <commit>` reads each file with
 *   `git show <commit>:<file>`. A commit with lists of its own below (names and files differ there) uses
 *   those, any other the current ones. `--compare <commit>` prints both counts and a table of the two.
 * - A path is a list of declarations per file. A declaration is a named top-level statement (function,
 *   const or let, including `export const x = defineService(…)` and destructured names, interface, type,
 *   class, enum). `outer.member` narrows it to the members of that name inside it (an object's property,
 *   a type's property, a method; `outer."a.b"` for names with a dot), e.g. one action of a map of actions;
 *   every outermost match counts. `callee("arg")` is a top-level call statement, e.g. the listeners
 *   `discussionEvents.on("comment.created", …)`; every such statement counts. A name that is not found
 *   stops the script: a renamed declaration must be renamed here too.
 * - A declaration's lines run from the first line of the comment block directly above it (no blank line
 *   between; JSDoc and `//` alike) to its last line, as prettier formatted them, blank lines inside
 *   included. Lines two selections share are counted once; a file counts once per path.
 * - What a newcomer reads: the route's action and what it calls for this intent (loading the page's
 *   record, the form's schema and the fields it is made of, the refusal's texts), the service, the
 *   guardian's rules it asks, the event, its listener and the functions that write the side effect
 *   (notification rows, IndexNow queue, audit log, mail outbox, the job that sends a mail, the mail's
 *   template). Types the path names for its input are read; the types of other intents are not, nor the
 *   branches for an unknown intent (`noErrors`) or predicates that send other intents elsewhere
 *   (`isModerationIntent` on the comment's path): their names say enough.
 * - Left out on both sides, as decision 0014 left out the shared mapper: what every write shares (`respond`, `refuse`,
 *   `dispatch`, `fail`/`ok`/`done`, `defineService`, `defineEvents` with `emit`/`on`, `defineJob` and the
 *   job runner's loop, `db`/`queryRows`/`unqualified`/`excluded`, `readFormData`, `getViewer`,
 *   `requirePermission`, `redirectWithToast`/`toastMessage`, the logger, the mail layout `render`);
 *   catalogues that are looked up, not read (db/schema tables, `texts`, `paths`, `site`, `env`); and
 *   helpers of other features or of the answer's address (`resolveTextMentions`, `excerpt`,
 *   `commentHref`). A comment's notification mail is the notification schedule's own path (it mails every
 *   kind); the comment's path ends at the notification rows.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import ts from "typescript";

/** File → the declarations read in it, in reading order. */
type ReadingPath = { name: string; read: Record<string, string[]> };

const discussionRoute = "app/routes/discussion.tsx";
const moderationRoute = "app/routes/discussion.moderate.server.ts";
const permissionsFile = "app/server/accounts/permissions.server.ts";
const fanOutFile = "app/server/notifications/notification-fanout.server.ts";
const mailFile = "app/server/mail/mail.server.ts";
const auditFile = "app/server/moderation/audit.server.ts";

/** The notification rows: the same statements on both sides. */
const commentFanOut = ["d", "p", "s", "GROUP_UPSERT", "mutedFor", "notifyComment", "notifyMentions"];
const memberNotice = ["p", "s", "GROUP_UPSERT", "notifyMember"];
const approvalMail = {
  "app/server/mail/mail-templates.server.ts": ["hello", "accountApprovedMail"],
  [mailFile]: ["MailMessage", "transporter", "mailboxShown", "smtp", "queueMail", "mailDelivery"],
};
/**
 * Moderation's service as both 42e7624 and adb65e3 read it: the route's sidecar, the service, and the function that
 * applies the action to the row (where the side effects start).
 */
const hideDiscussionService = {
  "app/lib/schemas/admin.ts": ["moderationReasonSchema"],
  [moderationRoute]: [
    "moderationIntents",
    "ModerationInput",
    "ModerationIntent",
    "moderationFailed",
    "moderationToasts",
    "isModerationIntent",
    "moderationTarget",
    "moderationRefusal",
    "moderationHandlers",
    "moderate",
  ],
  "app/server/moderation/moderation.server.ts": [
    "DiscussionModeration",
    "stateColumns",
    "DiscussionState",
    "DiscussionAction",
    'discussionActions."hide-discussion"',
    "loadDiscussionState",
    "applyDiscussionAction",
    "moderateDiscussion",
  ],
  [permissionsFile]: ["isAdmin", "isApproved", "isStaff", "permissions.moderate", "can"],
};
const hideDiscussionEffects = {
  [fanOutFile]: memberNotice,
  "app/server/seo/index-now.server.ts": ["discussionIndexNowPaths", "queueIndexNow"],
  [auditFile]: ["AuditEntry", "recordAudit"],
};
const discussionPageAction = [
  "loadDiscussion",
  "discussionActionSchema",
  "DiscussionInput",
  "Intent",
  "refusalFor",
  "action",
  "intents",
  "isIntent",
];

/** The discussion page's action as the comment form's intent read it before its sidecars. */
const commentPageAction = [
  "loadDiscussion",
  "commentContentIntents",
  "discussionActionSchema",
  "DiscussionInput",
  "Intent",
  "failedTitles",
  "noErrors",
  "refusalFor",
  "forbiddenText",
  "action",
  "intents",
  "isIntent",
];

const commentPermissions = { [permissionsFile]: ["isApproved", "permissions.comment", "can", "canCommentOn"] };
const approvalSideEffects = {
  [permissionsFile]: ["isAdmin", "permissions.approveMembers", "can"],
  ...approvalMail,
  [fanOutFile]: memberNotice,
  [auditFile]: ["AuditEntry", "recordAudit"],
};

/** Today: the intents in sidecars, the posting checks in the service, every side effect in its domain's registry. */
const current: ReadingPath[] = [
  {
    name: "Post a comment",
    read: {
      [discussionRoute]: discussionPageAction,
      "app/routes/discussion.comments.server.ts": [
        "commentIntents",
        "CommentInput",
        "CommentIntent",
        "failedTitles",
        "commentRefusal",
        "commentHandlers",
      ],
      "app/routes/discussion.forms.ts": ["noErrors", "forbiddenText", "postFormRefusal"],
      "app/lib/schemas/discussion.ts": ["COMMENT_MAX_LENGTH", "submissionKey", "commentContent", "commentNotFound", "createCommentSchema"],
      "app/server/discussions/comments.server.ts": ["CommentCreation", "createComment"],
      "app/server/accounts/new-members.server.ts": ["postingAuthor"],
      "app/server/discussions/drafts.server.ts": ["keepRefusedPost"],
      ...commentPermissions,
      "app/server/discussions/events.server.ts": ['discussionEvents."comment.created"'],
      "app/server/listeners/discussions.server.ts": ['discussionEvents.on("comment.created")'],
      [fanOutFile]: commentFanOut,
      "app/server/seo/index-now.server.ts": ["queueIndexNow"],
    },
  },
  {
    name: "Hide a discussion",
    read: {
      [discussionRoute]: discussionPageAction,
      ...hideDiscussionService,
      "app/server/moderation/events.server.ts": ['moderationEvents."post.moderated"', 'moderationEvents."discussion.visibility-changed"'],
      "app/server/listeners/moderation.server.ts": [
        'moderationEvents.on("post.moderated")',
        'moderationEvents.on("discussion.visibility-changed")',
      ],
      ...hideDiscussionEffects,
    },
  },
  {
    name: "Send the approval mail",
    read: {
      "app/routes/admin.tsx": ["userId", "memberNotFound", "adminActionSchema", "AdminIntent", "failedTitles", "action"],
      "app/server/admin/admin.server.ts": ["ApprovalDecision", "decideApproval"],
      "app/server/admin/events.server.ts": ['adminEvents."member.approved"'],
      "app/server/listeners/admin.server.ts": ['adminEvents.on("member.approved")'],
      ...approvalSideEffects,
    },
  },
];

/**
 * 42e7624 (and the commits up to the registry): one action of 19 intents, the posting checks in the route, one
 * listeners file, and moderation and admin calling notifications, IndexNow and the outbox themselves.
 */
const beforeRegistry: ReadingPath[] = [
  {
    name: "Post a comment",
    read: {
      [discussionRoute]: commentPageAction,
      "app/lib/schemas/discussion.ts": ["COMMENT_MAX_LENGTH", "submissionKey", "commentContent", "commentNotFound", "createCommentSchema"],
      "app/server/discussions/comments.server.ts": ["CommentCreation", "createComment"],
      "app/server/accounts/new-members.server.ts": ["checkNewMemberPosting"],
      "app/server/discussions/drafts.server.ts": ["keepDraftOnRefusal"],
      ...commentPermissions,
      "app/server/discussions/events.server.ts": ['discussionEvents."comment.created"'],
      "app/server/listeners.server.ts": ['discussionEvents.on("comment.created")'],
      [fanOutFile]: commentFanOut,
    },
  },
  { name: "Hide a discussion", read: { [discussionRoute]: discussionPageAction, ...hideDiscussionService, ...hideDiscussionEffects } },
  {
    name: "Send the approval mail",
    read: {
      "app/routes/admin.tsx": ["userId", "memberNotFound", "adminActionSchema", "AdminIntent", "failedTitles", "action"],
      "app/server/admin/admin.server.ts": ["ApprovalDecision", "decideApproval"],
      ...approvalSideEffects,
    },
  },
];

/** Before the services (adb65e3): createComment and decideApproval wrote their own transactions. */
const beforeServices: ReadingPath[] = [
  {
    name: "Post a comment",
    read: {
      [discussionRoute]: commentPageAction.filter((name) => name !== "forbiddenText"),
      "app/lib/schemas/discussion.ts": ["COMMENT_MAX_LENGTH", "commentContent", "commentNotFound", "createCommentSchema"],
      "app/server/discussions/comments.server.ts": ["createComment"],
      ...commentPermissions,
      "app/server/discussions/events.server.ts": ['discussionEvents."comment.created"'],
      "app/server/listeners.server.ts": ['discussionEvents.on("comment.created")'],
      [fanOutFile]: commentFanOut,
    },
  },
  {
    name: "Hide a discussion",
    read: {
      [discussionRoute]: discussionPageAction,
      ...hideDiscussionService,
      // The service wrote the row itself then.
      "app/server/moderation/moderation.server.ts": hideDiscussionService["app/server/moderation/moderation.server.ts"].filter(
        (name) => name !== "loadDiscussionState" && name !== "applyDiscussionAction",
      ),
      ...hideDiscussionEffects,
    },
  },
  {
    name: "Send the approval mail",
    read: {
      "app/routes/admin.tsx": ["userId", "adminActionSchema", "AdminIntent", "failedTitles", "action"],
      "app/server/admin/admin.server.ts": ["forbidden", "decideApproval"],
      ...approvalSideEffects,
    },
  },
];

const listsByCommit: Record<string, ReadingPath[]> = { adb65e3: beforeServices, "42e7624": beforeRegistry };

// ---------------------------------------------------------------------------

interface Counted {
  selector: string;
  ranges: { first: number; last: number }[];
}
interface FileCount {
  file: string;
  declarations: Counted[];
  lines: number;
}
interface PathCount {
  name: string;
  files: FileCount[];
  lines: number;
}

function git(...args: string[]): string {
  return execFileSync("git", args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
}

function listsFor(commit: string | undefined): ReadingPath[] {
  if (!commit) return current;
  const hash = git("rev-parse", "--verify", `${commit}^{commit}`).trim();
  const own = Object.entries(listsByCommit).find(([prefix]) => hash.startsWith(prefix));
  return own ? own[1] : current;
}

function source(file: string, commit: string | undefined): ts.SourceFile {
  const text = commit ? git("show", `${commit}:${file}`) : readFileSync(file, "utf8");
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
}

/** The first line (0-based) of the node, or of the comment block directly above it. */
function firstLine(node: ts.Node, sf: ts.SourceFile): number {
  const text = sf.text;
  let start = node.getStart(sf);
  const comments = ts.getLeadingCommentRanges(text, node.getFullStart()) ?? [];
  for (const comment of comments.reverse()) {
    const between = text.slice(comment.end, start);
    if (between.trim() !== "" || (between.match(/\n/g)?.length ?? 0) > 1) break;
    start = comment.pos;
  }
  return sf.getLineAndCharacterOfPosition(start).line;
}

function lineRange(node: ts.Node, sf: ts.SourceFile) {
  return { first: firstLine(node, sf), last: sf.getLineAndCharacterOfPosition(node.getEnd()).line };
}

function bindingNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) => (ts.isOmittedExpression(element) ? [] : bindingNames(element.name)));
}

function declaredNames(statement: ts.Statement): string[] {
  if (ts.isVariableStatement(statement)) return statement.declarationList.declarations.flatMap((d) => bindingNames(d.name));
  if (
    (ts.isFunctionDeclaration(statement) ||
      ts.isInterfaceDeclaration(statement) ||
      ts.isTypeAliasDeclaration(statement) ||
      ts.isClassDeclaration(statement) ||
      ts.isEnumDeclaration(statement)) &&
    statement.name
  )
    return [statement.name.text];
  return [];
}

function memberName(node: ts.Node): string | undefined {
  if (
    (ts.isPropertyAssignment(node) ||
      ts.isPropertySignature(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isMethodSignature(node) ||
      ts.isShorthandPropertyAssignment(node)) &&
    (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name))
  )
    return node.name.text;
  return undefined;
}

/** The outermost members of that name anywhere inside `within`. */
function members(within: ts.Node[], name: string): ts.Node[] {
  const found: ts.Node[] = [];
  // forEachChild stops at a truthy answer: the visitor answers nothing.
  const visit = (node: ts.Node): void => {
    if (memberName(node) === name) found.push(node);
    else ts.forEachChild(node, visit);
  };
  for (const node of within) ts.forEachChild(node, visit);
  return found;
}

/** `a.b."c.d"` → ["a", "b", "c.d"] */
function selectorParts(selector: string): string[] {
  return [...selector.matchAll(/"([^"]+)"|([^.]+)/g)].map((match) => match[1] ?? match[2]!);
}

function select(sf: ts.SourceFile, selector: string): ts.Node[] {
  const call = /^(.+)\("([^"]+)"\)$/.exec(selector);
  if (call) {
    return sf.statements.filter((statement) => {
      if (!ts.isExpressionStatement(statement)) return false;
      const expression = ts.isAwaitExpression(statement.expression) ? statement.expression.expression : statement.expression;
      if (!ts.isCallExpression(expression)) return false;
      const [first] = expression.arguments;
      return expression.expression.getText(sf) === call[1] && first !== undefined && ts.isStringLiteral(first) && first.text === call[2];
    });
  }
  const [outer, ...inner] = selectorParts(selector);
  let nodes: ts.Node[] = sf.statements.filter((statement) => declaredNames(statement).includes(outer!));
  for (const name of inner) nodes = members(nodes, name);
  return nodes;
}

function countPath(path: ReadingPath, commit: string | undefined): PathCount {
  const files = Object.entries(path.read).map(([file, selectors]): FileCount => {
    const sf = source(file, commit);
    const lines = new Set<number>();
    const declarations = selectors.map((selector): Counted => {
      const nodes = select(sf, selector);
      if (nodes.length === 0) throw new Error(`${path.name}: ${file}#${selector} not found${commit ? ` at ${commit}` : ""}`);
      const ranges = nodes.map((node) => lineRange(node, sf));
      for (const { first, last } of ranges) for (let line = first; line <= last; line++) lines.add(line);
      return { selector, ranges };
    });
    return { file, declarations, lines: lines.size };
  });
  return { name: path.name, files, lines: files.reduce((sum, file) => sum + file.lines, 0) };
}

function countAll(commit: string | undefined): PathCount[] {
  return listsFor(commit).map((path) => countPath(path, commit));
}

function label(commit: string | undefined): string {
  const head = git("rev-parse", "--short", commit ?? "HEAD").trim();
  if (!commit) return `working tree (HEAD ${head})`;
  return head.startsWith(commit) ? commit : `${commit} (${head})`;
}

function print(counts: PathCount[], title: string): void {
  console.log(`# ${title}\n`);
  for (const path of counts) {
    console.log(`## ${path.name}: ${path.files.length} files, ${path.lines} lines`);
    for (const file of path.files) {
      console.log(`  ${file.file}  (${file.lines})`);
      for (const { selector, ranges } of file.declarations) {
        const where = ranges.map(({ first, last }) => (first === last ? `${first + 1}` : `${first + 1}–${last + 1}`)).join(", ");
        const size = ranges.reduce((sum, { first, last }) => sum + last - first + 1, 0);
        console.log(`    ${String(size).padStart(4)}  ${where.padEnd(14)} ${selector}`);
      }
    }
    console.log("");
  }
}

function main(): void {
  const { values: args } = parseArgs({ options: { at: { type: "string" }, compare: { type: "string" } } });
  const after = countAll(args.at);
  if (args.compare) {
    const before = countAll(args.compare);
    print(before, label(args.compare));
    print(after, label(args.at));
    console.log(`| Path | ${args.compare}: files | lines | ${args.at ?? "now"}: files | lines | change |`);
    console.log("|---|---:|---:|---:|---:|---:|");
    for (const path of after) {
      const old = before.find((candidate) => candidate.name === path.name);
      const change = old ? path.lines - old.lines : NaN;
      console.log(
        `| ${path.name} | ${old?.files.length ?? "–"} | ${old?.lines ?? "–"} | ${path.files.length} | ${path.lines} | ${change > 0 ? "+" : ""}${change} |`,
      );
    }
  } else {
    print(after, label(args.at));
  }
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
