/**
 * Hands a Blob to the browser's download flow. The Blob is built from the chunks as they
 * arrived, so no single string ever holds a large export; the object URL is released once
 * the download has had time to start.
 */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
