import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const RUN_DIR = join(__dirname, '../../../src/run');
const files = readdirSync(RUN_DIR).filter((name) => name.endsWith('.ts'));
const IMPORT = /^import\s+(?:type\s+)?[^'"]*from\s+'([^']+)';$/gm;
const ALLOWED = ['./', '../shared/', '../tools/', '../gate', '../audit'];

describe('DESIGN boundaries: src/run', () => {
  it.each(files)('%s imports only shared, tools, gate, audit, its own files and zod', (file) => {
    const source = readFileSync(join(RUN_DIR, file), 'utf8');
    for (const [, specifier = ''] of source.matchAll(IMPORT)) {
      const allowed = specifier === 'zod' || ALLOWED.some((prefix) => specifier.startsWith(prefix));
      expect(allowed, `${file} imports ${specifier}`).toBe(true);
    }
  });

  it.each(files)('%s uses no browser extension API and no model SDK', (file) => {
    const source = readFileSync(join(RUN_DIR, file), 'utf8');
    expect(source).not.toMatch(
      /\b(chrome|browser)\.\w|from '@anthropic-ai|from '\.\.\/(ui|agent|cms)\//,
    );
  });

  it('files stay small: median under 80 lines, none over 250 (STYLE 13)', () => {
    const lengths = files
      .map((file) => readFileSync(join(RUN_DIR, file), 'utf8').split('\n').length)
      .sort((a, b) => a - b);
    const median = lengths[Math.floor(lengths.length / 2)] ?? 0;
    expect(median).toBeLessThan(80);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(250);
  });
});
