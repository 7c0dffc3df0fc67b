/**
 * A process that has an embedded database's folder open, as the server has:
 * it answers the backup command's requests and, meanwhile, stores comments
 * one after another ("laufend-1", "laufend-2" …) until SIGTERM. Each is
 * committed before the next is begun, so a consistent copy holds exactly
 * the first k of them. Prints "ready" once the folder is open, "wrote k"
 * after each commit, and the number written at the end.
 * `tsx tests/support/pglite-holder.ts <data folder> <discussion id>`
 */
import { comments } from "../../db/schema";
import { openDatabase } from "../../app/server/platform";

const [dataDir, discussionId] = process.argv.slice(2);
if (!dataDir || !discussionId) throw new Error("usage: pglite-holder <data folder> <discussion id>");
const connection = await openDatabase({ dataDir });
let stopping = false;
process.on("SIGTERM", () => (stopping = true));
process.stdout.write("ready\n");
let written = 0;
while (!stopping) {
  await connection.db.insert(comments).values({ discussionId, content: `laufend-${written + 1}` });
  written++;
  process.stdout.write(`wrote ${written}\n`);
}
await connection.close();
process.stdout.write(`written ${written}\n`);
