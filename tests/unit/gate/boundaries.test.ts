import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const GATE_DIR = join(__dirname, '../../../src/gate');
const files = readdirSync(GATE_DIR).filter((name) => name.endsWith('.ts'));
const IMPORT = /^import\s+(type\s+)?[^'"]*from\s+'([^']+)';$/gm;

describe('DESIGN boundaries: src/gate is pure', () => {
  it.each(files)('%s imports only shared, tool types and libraries', (file) => {
    const source = readFileSync(join(GATE_DIR, file), 'utf8');
    for (const [, typeOnly, specifier] of source.matchAll(IMPORT)) {
      const allowed =
        specifier === 'zod' ||
        specifier === 'json-logic-js' ||
        specifier?.startsWith('./') ||
        specifier?.startsWith('../shared/') ||
        (typeOnly !== undefined && specifier?.startsWith('../tools/'));
      expect(allowed, `${file} imports ${typeOnly ?? ''}${specifier}`).toBe(true);
    }
  });

  it.each(files)('%s uses no browser API, storage or network', (file) => {
    const source = readFileSync(join(GATE_DIR, file), 'utf8');
    expect(source).not.toMatch(
      /\b(chrome|browser|indexedDB|localStorage|fetch|XMLHttpRequest|Dexie)\b/,
    );
  });
});
