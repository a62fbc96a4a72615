import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname, '../../../src');
const IMPORT = /^import\s+(?:type\s+)?[^'"]*from\s+'([^']+)';$/gm;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const all = sources(SRC).map((path) => ({
  path: relative(SRC, path),
  text: readFileSync(path, 'utf8'),
}));

describe('DESIGN boundaries: the agent and the SDK', () => {
  it('only src/agent/claude imports @anthropic-ai/sdk', () => {
    const importers = all
      .filter(({ text }) => /from '@anthropic-ai\/sdk[^']*'/.test(text))
      .map(({ path }) => path);
    expect(importers.length).toBeGreaterThan(0);
    for (const path of importers) expect(path, path).toMatch(/^agent\/claude\//);
  });

  it.each(
    all.filter(({ path }) => path.startsWith('agent/')).map(({ path, text }) => [path, text]),
  )('%s imports neither ui nor cms internals', (_path, text) => {
    for (const [, specifier] of (text as string).matchAll(IMPORT)) {
      expect(specifier).not.toMatch(/(^|\/)ui\//);
      expect(specifier).not.toMatch(/(^|\/)cms\/[^/]+\//);
    }
  });
});
