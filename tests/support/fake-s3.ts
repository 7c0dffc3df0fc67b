import http from "node:http";

/**
 * A minimal S3-compatible server (path-style PUT/GET/HEAD/DELETE and
 * ListObjectsV2) for tests. It checks that requests are SigV4-signed; it
 * does not verify the signature itself.
 */
export async function startFakeS3() {
  const objects = new Map<string, { body: Buffer; contentType: string; cacheControl: string }>();
  const authorizations: string[] = [];
  const server = http.createServer((req, res) => {
    const auth = req.headers.authorization ?? "";
    authorizations.push(auth);
    if (!auth.startsWith("AWS4-HMAC-SHA256 Credential=")) {
      res.writeHead(403).end("<Error><Code>AccessDenied</Code></Error>");
      return;
    }
    const url = new URL(req.url ?? "/", "http://s3.local");
    const [, bucket, ...rest] = url.pathname.split("/");
    const key = rest.map(decodeURIComponent).join("/");
    const id = `${bucket}/${key}`;
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (req.method === "PUT") {
        if (req.headers["if-none-match"] === "*" && objects.has(id)) return void res.writeHead(412).end();
        objects.set(id, {
          body: Buffer.concat(chunks),
          contentType: String(req.headers["content-type"]),
          cacheControl: String(req.headers["cache-control"]),
        });
        return void res.writeHead(200).end();
      }
      if (req.method === "DELETE") {
        objects.delete(id);
        return void res.writeHead(204).end();
      }
      if (req.method === "HEAD") return void res.writeHead(objects.has(id) ? 200 : 404).end();
      if (req.method === "GET" && key === "" && url.searchParams.get("list-type") === "2") {
        const prefix = `${bucket}/${url.searchParams.get("prefix") ?? ""}`;
        const keys = [...objects.keys()]
          .filter((k) => k.startsWith(prefix))
          .map((k) => `<Contents><Key>${k.slice(bucket!.length + 1)}</Key></Contents>`);
        return void res.writeHead(200, { "Content-Type": "application/xml" }).end(`<ListBucketResult>${keys.join("")}</ListBucketResult>`);
      }
      res.writeHead(400).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    authorizations,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
