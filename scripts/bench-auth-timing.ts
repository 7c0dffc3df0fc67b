/**
 * Does the time of a sign-up or sign-in tell whether an address is registered?
 * Starts the built server (fresh in-memory database with demo content, no SMTP)
 * and takes the median of 16 tries per case, the cases interleaved so that a
 * busy machine slows all of them alike. Usage: npm run build && tsx scripts/bench-auth-timing.ts
 */
import { startServer } from "./lib/bench-server";
import { fetchText, signUpStamp, solvedProof } from "./lib/sign-up-form";

const TRIES = 16;
const PORT = Number(process.env.BENCH_PORT ?? 3290);
// Approved demo members: the wrong-password tries are spread over them so no per-address rule interferes.
const MEMBERS = [
  "lena.hoffmann",
  "juergen.mueller",
  "soeren.weiss",
  "aylin.demir",
  "markus.becker",
  "sabine.koehler",
  "felix.braun",
  "tobias.krueger",
].map((name) => `${name}@example.com`);

let ipCounter = 0;
/** A client address of its own for each request (the server trusts one proxy hop), so per-IP limits stay out of the figures. */
function nextIp(): string {
  ipCounter += 1;
  return `10.77.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

async function timedPost(url: string, fields: Record<string, string>): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await fetch(`${url}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: url, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": nextIp() },
    body: new URLSearchParams(fields),
  });
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const signUpFields = (email: string, guard: { formStamp: string; altcha: string }) => ({
  intent: "sign-up",
  firstName: "Zeit",
  lastName: "Messung",
  email,
  password: "messung-passwort",
  confirmPassword: "messung-passwort",
  terms: "on",
  ...guard,
});

/**
 * What a browser with JavaScript sends (decision 0031), prepared before the timed request: a stamp older than
 * the minimum fill time and a challenge solved in Node. The sign-up then runs its whole path, unmarked.
 */
async function browserFields(url: string, formStamp: string) {
  return { formStamp, altcha: await solvedProof(fetchText(url)) };
}

async function main() {
  const server = await startServer({
    port: PORT,
    env: { DATA_DIR: "memory://", SEED_DEMO: "true", DEMO_ADMIN_PASSWORD: "bench-admin-passwort", TRUST_PROXY: "1", SMTP_URL: "" },
  });
  try {
    const cases = {
      "sign-up, existing address": [] as number[],
      "sign-up, new address": [] as number[],
      "sign-in, wrong password": [] as number[],
      "sign-in, unknown account": [] as number[],
    };
    const statuses = new Map<string, Set<number>>();
    const record = (name: keyof typeof cases, result: { ms: number; status: number }) => {
      cases[name].push(result.ms);
      statuses.set(name, (statuses.get(name) ?? new Set()).add(result.status));
    };
    // One stamp for all sign-ups (as a page left open), old enough not to count as "too fast".
    const formStamp = await signUpStamp(fetchText(server.url));
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    // One untimed round warms up the code paths (JIT, first queries).
    await timedPost(server.url, signUpFields("aufwaermen@example.com", await browserFields(server.url, formStamp)));
    await timedPost(server.url, { intent: "sign-in", email: "niemand-warm@example.com", password: "falsch-falsch" });
    const run = Date.now();
    for (let i = 0; i < TRIES; i++) {
      const existing = signUpFields(MEMBERS[i % MEMBERS.length]!, await browserFields(server.url, formStamp));
      record("sign-up, existing address", await timedPost(server.url, existing));
      const fresh = signUpFields(`neu-${run}-${i}@example.com`, await browserFields(server.url, formStamp));
      record("sign-up, new address", await timedPost(server.url, fresh));
      record(
        "sign-in, wrong password",
        await timedPost(server.url, { intent: "sign-in", email: MEMBERS[i % MEMBERS.length]!, password: `falsch-${i}-x` }),
      );
      record(
        "sign-in, unknown account",
        await timedPost(server.url, { intent: "sign-in", email: `unbekannt-${run}-${i}@example.com`, password: `falsch-${i}-x` }),
      );
    }
    for (const [name, times] of Object.entries(cases)) {
      console.log(
        `${name.padEnd(28)} median ${median(times).toFixed(1).padStart(7)} ms  (HTTP ${[...(statuses.get(name) ?? [])].join(", ")})`,
      );
    }
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
