import { describe, expect, it } from "vitest";
import { SingleFlight } from "~/server/platform";

describe("SingleFlight", () => {
  it("lets a caller after a failed load start anew instead of sharing the failure", async () => {
    const flight = new SingleFlight<string>();
    const failed = flight.run("k", 0, () => Promise.reject(new Error("Datenbank weg")));
    await expect(failed.load).rejects.toThrow("Datenbank weg");
    const next = flight.run("k", 0, async () => "wieder da");
    expect(next.shared).toBe(false);
    await expect(next.load).resolves.toBe("wieder da");
  });

  it("keeps the newer load when an older one settles after it began", async () => {
    const flight = new SingleFlight<string>();
    let finishOld!: (value: string) => void;
    const old = flight.run("k", 0, () => new Promise<string>((resolve) => (finishOld = resolve)));
    const newer = flight.run("k", 1, () => new Promise<string>(() => undefined));
    finishOld("alt");
    await old.load;
    expect(flight.run("k", 1, async () => "dritter").load).toBe(newer.load);
  });
});
