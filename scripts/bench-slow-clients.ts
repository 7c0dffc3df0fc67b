/**
 * `npm run build && npm run bench:slow-clients [-- --samples 20 --port 3295 --only Live,Bodies]`
 * Do slow or waiting clients hold up everyone else's pages? Starts the built
 * server (fresh in-memory database with demo content, no SMTP) and times an
 * uncached guest page (a new host name each time: rendered, never from the
 * page cache), one request after another, while nobody else is there and
 * while each of these runs:
 *
 * - 20 sockets from 20 addresses each announce a 5000-byte sign-in form and
 *   send one byte every 2 s;
 * - 20 clients keep sending wrong passwords for one member, each attempt from
 *   an address of its own (the per-address sign-in slow-down, up to 3 s);
 * - 20 clients keep signing up, each from an address of its own (the 500 ms
 *   time floor);
 * - 50 loops open and close the bell's live stream as one member, from one
 *   address, and from 50.
 *
 * Prints median and 95th percentile per case and the median's ratio to the
 * quiet one, and what the attackers were answered. `--only` runs the cases
 * whose names contain one of the given words.
 */
import http from "node:http";
import net from "node:net";
import { parseArgs } from "node:util";
import { freePort, percentile, signIn, startServer } from "./lib/bench-server";
import { fetchText, signUpStamp } from "./lib/sign-up-form";

const { values } = parseArgs({
  options: {
    samples: { type: "string", default: "20" },
    port: { type: "string" },
    only: { type: "string" },
  },
});
const samples = Number(values.samples);
const GUEST_TIMEOUT_MS = 30_000;
const MEMBER = { email: "sabine.koehler@example.com", password: "demo-passwort" };

let port = 0;
let counter = 0;
/** A client address no request had before: per-address limits stay out of the figures unless a case wants them. */
function nextIp(): string {
  counter += 1;
  return `10.${Math.floor(counter / 62_500) % 250}.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}`;
}

function request(options: {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  keepOpen?: boolean;
  timeoutMs?: number;
}): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const outgoing = http.request(
      { host: "127.0.0.1", port, method: options.method ?? "GET", path: options.path, headers: options.headers, agent: false },
      (response) => {
        if (options.keepOpen && response.statusCode === 200) {
          // A live stream: set up once the first count arrives, then closed by the client.
          response.once("data", () => {
            outgoing.destroy();
            resolve({ status: 200, ms: performance.now() - started });
          });
          return;
        }
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    outgoing.setTimeout(options.timeoutMs ?? 60_000, () => outgoing.destroy());
    outgoing.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
    outgoing.end(options.body);
  });
}

/** Guest page times, sorted; a page that does not come within 30 s counts as 30 s, and three of those end the series. */
async function guestPageTimes(): Promise<{ times: number[]; timeouts: number }> {
  const times: number[] = [];
  let timeouts = 0;
  for (let i = 0; i < samples && timeouts < 3; i++) {
    const answer = await request({ path: "/", headers: { Host: `frei-${counter++}.localhost:${port}` }, timeoutMs: GUEST_TIMEOUT_MS });
    if (answer.status === 0) timeouts += 1;
    else if (answer.status !== 200) throw new Error(`Gastseite: HTTP ${answer.status}`);
    times.push(answer.ms);
  }
  return { times: times.sort((a, b) => a - b), timeouts };
}

interface Attack {
  name: string;
  start(): Promise<() => Promise<string>>;
}

/** Loops that each repeat `once` until stopped; the stop function reports the statuses they were answered. */
function loops(count: number, once: (loop: number) => Promise<{ status: number }>): () => Promise<string> {
  let running = true;
  const statuses = new Map<number, number>();
  const all = Array.from({ length: count }, async (_, loop) => {
    while (running) {
      const { status } = await once(loop);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  });
  return async () => {
    running = false;
    await Promise.all(all);
    return [...statuses].map(([status, times]) => `${times}× ${status || "Fehler"}`).join(", ");
  };
}

const form = (fields: Record<string, string>) => ({
  method: "POST",
  path: "/auth",
  headers: { Origin: `http://127.0.0.1:${port}`, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": nextIp() },
  body: new URLSearchParams(fields).toString(),
});

const attacks: Attack[] = [
  {
    name: "20 langsame Bodies",
    async start() {
      const sockets = Array.from({ length: 20 }, (_, i) => {
        const socket = net.connect(port, "127.0.0.1");
        const answers: string[] = [];
        socket.on("data", (chunk: Buffer) => answers.push(chunk.toString("latin1").split("\r\n", 1)[0]!));
        socket.on("error", () => undefined);
        socket.write(
          `POST /auth HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\nX-Forwarded-For: 198.51.100.${i + 1}\r\n` +
            "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 5000\r\n\r\ni",
        );
        const timer = setInterval(() => socket.write("n"), 2_000);
        return { socket, timer, answers };
      });
      return async () => {
        const answered = sockets.filter(({ answers }) => answers.length > 0).length;
        for (const { socket, timer } of sockets) {
          clearInterval(timer);
          socket.destroy();
        }
        return `${answered} von 20 beantwortet`;
      };
    },
  },
  {
    name: "20 falsche Passwörter",
    async start() {
      // Past the member's limit of 20 and up to the longest slow-down (3 s) first.
      await Promise.all(
        Array.from({ length: 34 }, (_, i) => request(form({ intent: "sign-in", email: MEMBER.email, password: `aufwaermen-${i}` }))),
      );
      return loops(20, () => request(form({ intent: "sign-in", email: MEMBER.email, password: `falsch-${counter}` })));
    },
  },
  {
    name: "20 Registrierungen",
    async start() {
      const run = Date.now();
      // The page's stamp, as a browser without JavaScript sends it: each sign-up is let in, marked for review (decision 0031).
      const formStamp = await signUpStamp(fetchText(`http://127.0.0.1:${port}`, { "X-Forwarded-For": nextIp() }));
      return loops(20, () => {
        const email = `last-${run}-${counter}@example.com`;
        return request(
          form({
            intent: "sign-up",
            firstName: "Last",
            lastName: "Probe",
            email,
            password: "last-passwort",
            confirmPassword: "last-passwort",
            terms: "on",
            formStamp,
          }),
        );
      });
    },
  },
  {
    name: "50 Live-Streams auf/zu, 1 Adresse",
    async start() {
      const cookie = await signIn(`http://127.0.0.1:${port}`, MEMBER.email, MEMBER.password, { "X-Forwarded-For": nextIp() });
      return loops(50, () =>
        request({ path: "/notifications/live", headers: { Cookie: cookie, "X-Forwarded-For": "192.0.2.50" }, keepOpen: true }),
      );
    },
  },
  {
    name: "50 Live-Streams auf/zu, 50 Adressen",
    async start() {
      const cookie = await signIn(`http://127.0.0.1:${port}`, MEMBER.email, MEMBER.password, { "X-Forwarded-For": nextIp() });
      return loops(50, (loop) =>
        request({ path: "/notifications/live", headers: { Cookie: cookie, "X-Forwarded-For": `192.0.2.${loop + 100}` }, keepOpen: true }),
      );
    },
  },
];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const format = (ms: number) => `${Math.round(ms).toLocaleString("de-DE")} ms`;

async function main() {
  port = values.port ? Number(values.port) : await freePort();
  const server = await startServer({ port, env: { DATA_DIR: "memory://", SEED_DEMO: "true", TRUST_PROXY: "1", SMTP_URL: "" } });
  try {
    // Warm: the first renders compile and plan.
    await guestPageTimes();
    const quiet = await guestPageTimes();
    const quietMedian = percentile(quiet.times, 50);
    console.log(`${"ruhig".padEnd(36)} Median ${format(quietMedian).padStart(9)}  p95 ${format(percentile(quiet.times, 95)).padStart(9)}`);
    const wanted = values.only?.split(",").map((word) => word.trim().toLowerCase());
    for (const attack of attacks.filter(({ name }) => !wanted || wanted.some((word) => name.toLowerCase().includes(word)))) {
      const stop = await attack.start();
      // The attackers are all under way before the first guest asks.
      await pause(2_000);
      const { times, timeouts } = await guestPageTimes();
      const answered = await stop();
      const median = percentile(times, 50);
      const late = timeouts > 0 ? `, ${timeouts} von ${times.length} nach 30 s abgebrochen` : "";
      console.log(
        `${attack.name.padEnd(36)} Median ${format(median).padStart(9)}  p95 ${format(percentile(times, 95)).padStart(9)}  ×${(median / quietMedian).toFixed(1)}${late}  (Angreifer: ${answered})`,
      );
      // What the attack left running (slow-downs, floors) ends before the next case.
      await pause(8_000);
    }
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
