const DELIMITER =
  /<!--\s+(\/)?wp:([a-z][a-z0-9_-]*\/)?([a-z][a-z0-9_-]*)\s+(\{[\s\S]*?\}\s+)?(\/)?-->/g;

/**
 * `wp_pre_kses_block_attributes()` parses the blocks and runs kses over every string key
 * and value of their attributes, then serializes them again. This returns those strings,
 * so the caller can check them like markup. A delimiter whose attributes are not valid
 * JSON loses them entirely when WordPress re-serializes the block: that is a finding.
 */
export function findBlockAttributeStrings(text: string, findings: Set<string>): string[] {
  const strings: string[] = [];
  for (const match of text.matchAll(DELIMITER)) {
    const [, closer, namespace = '', name = '', attrs] = match;
    if (closer || attrs === undefined) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(attrs);
    } catch {
      findings.add(`the attributes of the ${namespace}${name} block, which are not valid JSON`);
      continue;
    }
    collectStrings(parsed, strings);
  }
  return strings;
}

function collectStrings(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) collectStrings(item, out);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      out.push(key);
      collectStrings(item, out);
    }
  }
}
