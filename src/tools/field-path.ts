const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * Formats a path into the input the way a person (or the model) reads it:
 * `meta.tags[2]`, `items[].title`, `["odd key"]`. An empty path is `(input)`.
 * Segments that already start with `[` (such as `[]`) are appended as they are.
 */
export function formatFieldPath(segments: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (typeof segment === 'symbol') out += `[${String(segment)}]`;
    else if (segment.startsWith('[')) out += segment;
    else if (IDENTIFIER.test(segment)) out += out ? `.${segment}` : segment;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out || '(input)';
}
