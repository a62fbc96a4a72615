/**
 * Turns an export chunk (gzip, then base64; see src/background/audit-gzip.ts) back into
 * its bytes, a part of the export's Blob: the file is never held as one huge string.
 */
export async function gunzipBase64(data: string): Promise<Uint8Array<ArrayBuffer>> {
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  const source = new ReadableStream<BufferSource>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  const text = source.pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(text).arrayBuffer());
}
