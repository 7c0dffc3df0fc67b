/**
 * Slow and greedy clients against the request gate (MAX_CONCURRENT_REQUESTS
 * slots): bodies that trickle in, deliberate waits (the sign-in slow-down),
 * and the bell's live streams. Each must leave an uncached guest page
 * answering, not stalled behind them. Plain HTTP over raw sockets, on a forum
 * of its own (a fresh demo server). How quickly, under each attack, is
 * `npm run bench:slow-clients`'s to measure.
 */
import http from "node:http";
import net from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { freePort, signIn, startServer, type BenchServer } from "../../scripts/lib/bench-server";
import { fetchText, signUpStamp } from "../../scripts/lib/sign-up-form";

const LIVE = "/notifications/live";
const DEMO_PASSWORD = "demo-passwort";
/**
 * A stalled page, not a slow one: before the request gate a guest waited 30 s and more behind such clients. An
 * uncached page takes about 30 ms on a quiet machine and a few hundred on a busy one; the speed under each attack
 * is `npm run bench:slow-clients`'s to measure, this bound only tells "answered" from "stuck behind them".
 */
const NOT_STALLED_MS = 10_000;

let forum: BenchServer;
let port = 0;

// A fresh server with demo content starts in seconds, but took two minutes on a two-core machine under other tests' load.
beforeAll(async () => {
  port = await freePort();
  forum = await startServer({ port, env: { DATA_DIR: "memory://", SEED_DEMO: "true", TRUST_PROXY: "1", SMTP_URL: "" } });
}, 240_000);

afterAll(async () => {
  await forum?.stop();
});

let hostCounter = 0;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
}

/** One request on a connection of its own; rejects after `timeoutMs`. */
function send(options: {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
}): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port, method: options.method ?? "GET", path: options.path, headers: options.headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString("utf8"),
            ms: performance.now() - started,
          }),
        );
      },
    );
    request.setTimeout(options.timeoutMs ?? 15_000, () =>
      request.destroy(new Error(`keine Antwort auf ${options.path} nach ${options.timeoutMs ?? 15_000} ms`)),
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

/** Home as a guest the page cache has never seen (a host name of its own is part of the cache key): rendered each time. */
function uncachedGuestPage(): Promise<Answer> {
  hostCounter += 1;
  return send({ path: "/", headers: { Host: `langsam-${hostCounter}.localhost:${port}` }, timeoutMs: 20_000 });
}

/** Five uncached guest pages one after another; each must come, complete, and not stalled. */
async function expectGuestPagesAnswered(label: string) {
  for (let i = 0; i < 5; i++) {
    const page = await uncachedGuestPage();
    expect(page.status, label).toBe(200);
    expect(page.body, label).toContain("Aktuelle Diskussionen");
    expect(page.ms, `${label}: Gastseite ${i + 1} nach ${Math.round(page.ms)} ms`).toBeLessThan(NOT_STALLED_MS);
  }
}

interface SlowBody {
  socket: net.Socket;
  /** The raw answer, once the server has sent one (it ends the connection). */
  answer: Promise<string>;
  stop(): void;
}

/** A sign-in form announcing 5000 bytes and sending one every two seconds. */
function slowBody(clientIp: string): Promise<SlowBody> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const received: Buffer[] = [];
    const answer = new Promise<string>((done) => {
      socket.on("data", (chunk: Buffer) => received.push(chunk));
      socket.on("close", () => done(Buffer.concat(received).toString("utf8")));
    });
    socket.on("error", () => undefined);
    let timer: NodeJS.Timeout | undefined;
    const stop = () => {
      clearInterval(timer);
      socket.destroy();
    };
    socket.once("connect", () => {
      const head =
        `POST /auth HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\nX-Forwarded-For: ${clientIp}\r\n` +
        "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 5000\r\n\r\ni";
      socket.write(head, () => {
        timer = setInterval(() => {
          if (!socket.destroyed) socket.write("n");
        }, 2_000);
        resolve({ socket, answer, stop });
      });
    });
    socket.once("error", reject);
  });
}

it("20 slowly sent bodies from 20 addresses leave an uncached guest page answering", { timeout: 90_000 }, async () => {
  // Each attacker's head has left its socket before slowBody answers: they are on their way before the first guest asks.
  const attackers = await Promise.all(Array.from({ length: 20 }, (_, i) => slowBody(`198.51.100.${i + 1}`)));
  try {
    await expectGuestPagesAnswered("bei 20 langsamen Anfragen");
  } finally {
    for (const attacker of attackers) attacker.stop();
  }
});

it("a body that does not arrive in time is answered 408 in German", { timeout: 60_000 }, async () => {
  const started = performance.now();
  const attacker = await slowBody("198.51.100.200");
  try {
    const answer = await attacker.answer;
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain("Die Anfrage hat zu lange gedauert.");
    // Long enough for a slow connection to send a form (REQUEST_BODY_TIMEOUT, 10 s by default).
    expect(performance.now() - started).toBeGreaterThan(8_000);
  } finally {
    attacker.stop();
  }
});

/**
 * Twenty clients send `attack` over and over; once the server has answered each of them once (so all twenty are
 * at it), `check` runs. Returns every status the attackers got.
 */
async function whileAttacking(attack: () => Promise<{ status: number }>, check: () => Promise<void>): Promise<number[]> {
  let attacking = true;
  const statuses: number[] = [];
  const answered = new Set<number>();
  const loops = Array.from({ length: 20 }, async (_, loop) => {
    while (attacking) {
      statuses.push((await attack()).status);
      answered.add(loop);
    }
  });
  try {
    await expect.poll(() => answered.size, { timeout: 60_000, interval: 50 }).toBe(20);
    await check();
  } finally {
    attacking = false;
    await Promise.all(loops);
  }
  return statuses;
}

/** The sign-in page's form as a browser sends it, from `clientIp`; answered within a minute, however slowed down. */
function postToAuth(clientIp: string, fields: Record<string, string>) {
  return send({
    method: "POST",
    path: "/auth",
    headers: { Origin: `http://127.0.0.1:${port}`, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": clientIp },
    body: new URLSearchParams(fields).toString(),
    timeoutMs: 60_000,
  });
}

it("the sign-in slow-down from 20 addresses does not stall a guest page", { timeout: 120_000 }, async () => {
  // An address no account has: every attempt past the 20th on it waits before the check, up to 3 s.
  const email = `gebremst-${Date.now()}@example.com`;
  let counter = 0;
  const attempt = () => {
    counter += 1;
    // A new address each time: the per-address limits stay out of it, only the slow-down acts.
    return postToAuth(`203.0.${Math.floor(counter / 250)}.${(counter % 250) + 1}`, {
      intent: "sign-in",
      email,
      password: `falsch-${counter}`,
    });
  };
  // Past the limit of 20 and up to the longest wait (12 more steps of 250 ms).
  const warmUp = await Promise.all(Array.from({ length: 34 }, attempt));
  expect(warmUp.map((answer) => answer.status)).toEqual(Array(34).fill(401));

  // The twenty first attempts are waiting before the guest asks.
  const statuses = await whileAttacking(attempt, () => expectGuestPagesAnswered("bei 20 gebremsten Anmeldungen"));
  expect(new Set(statuses)).toEqual(new Set([401]));
});

it("20 sign-ups at once (a password hash and a 500 ms floor each) do not stall a guest page", { timeout: 120_000 }, async () => {
  let counter = 0;
  const run = Date.now();
  // The page's stamp, as a browser without JavaScript sends it: each sign-up is then let in, marked for review.
  const formStamp = await signUpStamp(fetchText(`http://127.0.0.1:${port}`, { "X-Forwarded-For": "203.0.113.251" }));
  const signUp = () => {
    counter += 1;
    return postToAuth(`203.0.113.${(counter % 250) + 1}`, {
      intent: "sign-up",
      firstName: "Viele",
      lastName: "Auf Einmal",
      email: `viele-${run}-${counter}@example.com`,
      password: "viele-passwort",
      confirmPassword: "viele-passwort",
      terms: "on",
      formStamp,
    });
  };
  // Ten per address and hour are allowed; 250 addresses in turn stay below that here.
  const statuses = await whileAttacking(signUp, () => expectGuestPagesAnswered("bei 20 Registrierungen"));
  expect(new Set(statuses)).toEqual(new Set([302]));
});

interface Stream {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
  close(): void;
}

/** Opens the bell's event stream; a 200 stays open until `close()`. */
function openStream(cookie: string, clientIp: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        path: LIVE,
        headers: { Cookie: cookie, "X-Forwarded-For": clientIp, Accept: "text/event-stream" },
        agent: false,
      },
      (response) => {
        const close = () => request.destroy();
        if (response.statusCode === 200) {
          // The first count arrives once the stream is set up.
          response.once("data", () => resolve({ status: 200, body: "", headers: response.headers, close }));
          return;
        }
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), headers: response.headers, close }),
        );
      },
    );
    request.setTimeout(15_000, () => request.destroy(new Error("keine Antwort vom Live-Stream")));
    request.on("error", reject);
    request.end();
  });
}

describe("the bell's live streams", () => {
  const cookies = new Map<string, string>();
  const open: Stream[] = [];
  // Members without staff powers: staff sign in with a second step (decision 0050), which signIn does not take.
  const members = ["tobias.krueger", "soeren.weiss", "aylin.demir", "markus.becker", "felix.braun", "nina.wagner"].map(
    (name) => `${name}@example.com`,
  );

  beforeAll(async () => {
    let n = 0;
    for (const email of members) cookies.set(email, await signIn(forum.url, email, DEMO_PASSWORD, { "X-Forwarded-For": `192.0.2.${++n}` }));
  });

  afterEach(() => {
    for (const stream of open.splice(0)) stream.close();
  });

  async function expectOpen(email: string, clientIp: string) {
    const stream = await openStream(cookies.get(email)!, clientIp);
    open.push(stream);
    expect(stream.status, `${email} von ${clientIp}: ${stream.body}`).toBe(200);
    return stream;
  }

  it("one member keeps at most 5 open; the 6th is refused with 429 in German until one closes", async () => {
    const member = members[0]!;
    for (let i = 0; i < 5; i++) await expectOpen(member, `192.0.2.${10 + i}`);
    const sixth = await openStream(cookies.get(member)!, "192.0.2.20");
    expect(sixth.status).toBe(429);
    expect(sixth.body).toContain("Sie haben zu viele Fenster mit Live-Benachrichtigungen geöffnet");
    // Another member is not affected.
    await expectOpen(members[1]!, "192.0.2.21");

    open.shift()!.close();
    await expect
      .poll(async () => {
        const again = await openStream(cookies.get(member)!, "192.0.2.22");
        open.push(again);
        return again.status;
      })
      .toBe(200);
  });

  it("one address keeps at most 20 open, whichever members they belong to", async () => {
    const address = "192.0.2.100";
    // Four each for five members: nobody reaches the per-member limit.
    for (const member of members.slice(1)) for (let i = 0; i < 4; i++) await expectOpen(member, address);
    const over = await openStream(cookies.get(members[1]!)!, address);
    expect(over.status).toBe(429);
    expect(over.body).toContain("Zu viele Live-Verbindungen von Ihrer Adresse");
    // The same members from another address still get theirs.
    await expectOpen(members[2]!, "192.0.2.101");
  });

  it("opening and closing streams over and over from one address is slowed down with 429", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 60 && !statuses.includes(429); i++) {
      // Taking turns: a closed stream the server has not yet seen go does not count against one member's limit.
      const stream = await openStream(cookies.get(members[i % members.length]!)!, "192.0.2.150");
      stream.close();
      statuses.push(stream.status);
      if (stream.status === 429) {
        expect(stream.body).toContain("Zu viele Verbindungsversuche");
        expect(Number(stream.headers["retry-after"])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toContain(429);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
  });
});
