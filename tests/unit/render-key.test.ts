import { describe, expect, it } from "vitest";
import { renderKey, trackViewer } from "~/server/platform";

describe("renderKey: what a render's loaders share (decision record 0042)", () => {
  it("is one object for every loader of a render, though React Router gives each its own Request", async () => {
    const { result } = await trackViewer(async () => {
      const layout = new Request("http://localhost/discussion/x");
      const page = new Request("http://localhost/discussion/x?index");
      return [renderKey(layout), renderKey(page)];
    });
    expect(result[0]).toBe(result[1]);
  });

  it("tells an action from the loaders after it (an action may change who is reading), and one render from the next", async () => {
    const first = await trackViewer(async () => [
      renderKey(new Request("http://localhost/p", { method: "POST" })),
      renderKey(new Request("http://localhost/p")),
    ]);
    const second = await trackViewer(async () => renderKey(new Request("http://localhost/p")));
    expect(first.result[0]).not.toBe(first.result[1]);
    expect(second.result).not.toBe(first.result[1]);
  });

  it("is the Request itself outside a render (loaders called by tests and scripts)", () => {
    const request = new Request("http://localhost/");
    expect(renderKey(request)).toBe(request);
  });
});
