/**
 * Export chunks travel gzip-compressed and base64-encoded: extension messages carry JSON
 * text only, serialising a few megabytes of JSONL costs more than compressing it, and the
 * compressed form is a few percent of the size. The page decompresses each chunk into a
 * Blob part (src/ui/options/gunzip.ts). The input is streamed from memory: a Blob's
 * stream would round-trip through the browser's blob storage, several times slower.
 */
export async function gzipBase64(text: string): Promise<string> {
  const input = new TextEncoder().encode(text);
  const source = new ReadableStream<BufferSource>({
    start(controller) {
      controller.enqueue(input);
      controller.close();
    },
  });
  const compressed = source.pipeThrough(new CompressionStream('gzip'));
  const bytes = new Uint8Array(await new Response(compressed).arrayBuffer());
  let binary = '';
  // String.fromCharCode takes its bytes as arguments: convert in slices the stack can hold.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}
