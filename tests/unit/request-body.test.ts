import { PassThrough, Readable } from "node:stream";
import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import {
  bodyDeadlineMs,
  bodyLimitFor,
  checkRequestHead,
  drainRequest,
  MAX_FORM_BODY_BYTES,
  MAX_UPLOAD_BODY_BYTES,
  readFormData,
  readRequestBody,
  requestErrorTexts,
} from "~/server/http";

const head = (url: string, contentLength?: number | string, transferEncoding?: string) =>
  checkRequestHead({ url, contentLength: contentLength === undefined ? undefined : String(contentLength), transferEncoding });

describe("checkRequestHead", () => {
  it("lets ordinary requests through", () => {
    expect(head("/")).toEqual({ ok: true });
    expect(head("/discussion/x", 2_000)).toEqual({ ok: true });
    expect(head("/search?q=%FF")).toEqual({ ok: true });
  });

  it("refuses bodies over the limit of their path with 413", () => {
    expect(head("/auth", MAX_FORM_BODY_BYTES + 1)).toEqual({ ok: false, status: 413, message: requestErrorTexts.tooLarge });
    expect(head("/auth?x=1", 10 * 1024 * 1024)).toMatchObject({ status: 413 });
    // The avatar form may send more; the profile page answers a too-large file itself.
    expect(head("/profile/abc", 6 * 1024 * 1024)).toEqual({ ok: true });
    expect(head("/profile/abc.data", 6 * 1024 * 1024)).toEqual({ ok: true });
    expect(head("/profile/abc", MAX_UPLOAD_BODY_BYTES + 1)).toMatchObject({ status: 413 });
    expect(head("/profile/abc/export", MAX_FORM_BODY_BYTES + 1)).toMatchObject({ status: 413 });
  });

  it("wants a length for a body, and a sane one", () => {
    expect(head("/auth", undefined, "chunked")).toEqual({ ok: false, status: 411, message: requestErrorTexts.lengthRequired });
    expect(head("/auth", "zehn")).toMatchObject({ status: 400 });
    expect(head("/auth", -1)).toMatchObject({ status: 400 });
  });

  it("refuses a NUL byte anywhere in the URL", () => {
    expect(head("/discussion/a%00b")).toEqual({ ok: false, status: 400, message: requestErrorTexts.invalid });
    expect(head("/search?q=%00")).toMatchObject({ status: 400 });
  });

  it("knows which paths take uploads", () => {
    expect(bodyLimitFor("/profile/6f1c")).toBe(MAX_UPLOAD_BODY_BYTES);
    expect(bodyLimitFor("/discussion/profile")).toBe(MAX_FORM_BODY_BYTES);
  });
});

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  // What `data()` throws; React Router turns it into the error response the boundary sees.
  const thrown = error as { data?: { message?: string }; init?: { status?: number } } | null;
  if (!thrown?.init) throw new Error(`expected a thrown response, got ${String(error)}`);
  return { status: thrown.init.status, message: thrown.data?.message };
}

const post = (body: BodyInit, contentType?: string) =>
  new Request("http://localhost/x", { method: "POST", body, headers: contentType ? { "Content-Type": contentType } : {} });

describe("readFormData", () => {
  it("reads urlencoded and multipart forms", async () => {
    expect((await readFormData(post("intent=a&content=b", "application/x-www-form-urlencoded"))).get("content")).toBe("b");
    const form = new FormData();
    form.set("intent", "upload");
    expect((await readFormData(new Request("http://localhost/x", { method: "POST", body: form }))).get("intent")).toBe("upload");
  });

  it("reads invalid UTF-8 as U+FFFD, like browsers", async () => {
    const body = new Uint8Array([...Buffer.from("content="), 0xff, 0xc3, 0x28]);
    expect((await readFormData(post(body, "application/x-www-form-urlencoded"))).get("content")).toBe("\uFFFD\uFFFD(");
  });

  it("answers other content types with 415", async () => {
    expect(await refusal(readFormData(post('{"a":1}', "application/json")))).toEqual({
      status: 415,
      message: requestErrorTexts.unsupportedFormat,
    });
    expect(await refusal(readFormData(post("a=1", "text/plain")))).toMatchObject({ status: 415 });
    expect(await refusal(readFormData(post("a=1")))).toMatchObject({ status: 415 });
  });

  it("answers broken multipart with 400", async () => {
    const part = '--g\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--g--\r\n';
    expect(await refusal(readFormData(post(part, "multipart/form-data")))).toEqual({ status: 400, message: requestErrorTexts.invalid });
    expect(await refusal(readFormData(post(part, "multipart/form-data; boundary=h")))).toMatchObject({ status: 400 });
    expect(await refusal(readFormData(post(part.slice(0, 30), "multipart/form-data; boundary=g")))).toMatchObject({ status: 400 });
  });

  it("answers a NUL byte in a field with 400", async () => {
    expect(await refusal(readFormData(post("content=a%00b", "application/x-www-form-urlencoded")))).toMatchObject({ status: 400 });
  });
});

describe("drainRequest", () => {
  const incoming = (chunks: Buffer[]) => Object.assign(Readable.from(chunks), { complete: false }) as unknown as IncomingMessage;

  it("reads a body to its end", async () => {
    expect(await drainRequest(incoming([Buffer.alloc(10), Buffer.alloc(10)]), 100)).toBe(true);
  });

  it("gives up past the limit", async () => {
    expect(await drainRequest(incoming([Buffer.alloc(60), Buffer.alloc(60)]), 100)).toBe(false);
  });
});

describe("readRequestBody", () => {
  const trickle = () => Object.assign(new PassThrough(), { complete: false }) as unknown as IncomingMessage & PassThrough;

  it("reads the whole body", async () => {
    const read = await readRequestBody(Readable.from([Buffer.from("a=1&"), Buffer.from("b=2")]) as unknown as IncomingMessage, {
      limit: 100,
      timeoutMs: 1_000,
    });
    expect(read).toEqual({ ok: true, body: Buffer.from("a=1&b=2") });
  });

  it("answers 408 when the body does not arrive in time, and 413 when more comes than allowed", async () => {
    const slow = trickle();
    slow.write("a");
    expect(await readRequestBody(slow, { limit: 100, timeoutMs: 20 })).toEqual({
      ok: false,
      status: 408,
      message: requestErrorTexts.timeout,
    });
    const large = await readRequestBody(Readable.from([Buffer.alloc(60), Buffer.alloc(60)]) as unknown as IncomingMessage, {
      limit: 100,
      timeoutMs: 1_000,
    });
    expect(large).toEqual({ ok: false, status: 413, message: requestErrorTexts.tooLarge });
  });

  it("is null when the client goes away mid-body", async () => {
    const gone = trickle();
    const read = readRequestBody(gone, { limit: 100, timeoutMs: 1_000 });
    gone.write("a");
    gone.destroy();
    expect(await read).toBeNull();
  });

  it("gives a body ten seconds plus one per 64 KB by default", () => {
    expect(bodyDeadlineMs(5_000, 10)).toBe(10_079);
    expect(bodyDeadlineMs(5 * 1024 * 1024, 10)).toBe(10_000 + 81_920);
  });
});
