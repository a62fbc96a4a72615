/**
 * How the options page shows a stored key: enough to recognise it, never enough to use
 * it. `sk-ant-api03-…wxyz`-style keys keep their `sk-ant-` prefix and last four characters;
 * a short or unusual key shows only its last two.
 */
export function maskedKey(key: string): string {
  const trimmed = key.trim();
  if (trimmed.length < 16) return `…${trimmed.slice(-2)}`;
  const prefix = trimmed.startsWith('sk-ant-') ? 'sk-ant-' : trimmed.slice(0, 3);
  return `${prefix}…${trimmed.slice(-4)}`;
}
