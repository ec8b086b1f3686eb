/**
 * An answer's body read as it streams, never more than `maxBytes` of it: whatever the sender
 * declares or sends, a longer body is cut off, its stream cancelled, and nothing more is read.
 */

/**
 * The body's bytes, or null when it is longer than `maxBytes` (declared so in its
 * content-length, or found so while it streams). A response without a body reads as no bytes.
 */
export async function readCappedBytes(response: Response, maxBytes: number): Promise<Uint8Array | null> {
  if (Number(response.headers.get('content-length')) > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
