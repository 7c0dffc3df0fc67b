/**
 * Reads and discards a request body that is too large to process, so the
 * browser receives our 413 answer instead of a connection reset mid-upload.
 * Stops after `limit` bytes: beyond that the connection is not worth keeping.
 */
export async function discardBody(request: Request, limit = 16 * 1024 * 1024): Promise<void> {
  const reader = request.body?.getReader();
  if (!reader) return;
  let read = 0;
  try {
    while (read <= limit) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away; nothing to answer.
  }
}
