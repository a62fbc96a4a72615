import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname, '../../../src');
const IMPORT = /^(?:import|export)\s[^;]*?from\s+'([^']+)';/gm;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}
const read = (dir: string) =>
  sources(join(SRC, dir)).map((path) => ({
    path: relative(SRC, path),
    text: readFileSync(path, 'utf8'),
  }));
// The panel's side of src/ui (the options page under ui/options has its own rules).
const ui = read('ui').filter((file) => !file.path.startsWith('ui/options/'));
const cards = read('cards');
const all = read('.');

/** Where an import lands, relative to src/ (packages as they are). */
function target(file: string, specifier: string): string {
  if (!specifier.startsWith('.')) return specifier;
  return relative(SRC, join(SRC, file, '..', specifier));
}

// The import table and file sizes are checked for all of src in tests/unit/conventions.test.ts;
// these are the UI's own rules on top.
describe('UI conventions: src/ui and src/cards', () => {
  it.each(cards.map((f) => [f.path, f]))(
    '%s is pure: its own files, shared types, the message catalogue, diff and yaml',
    (_, file) => {
      for (const [, specifier = ''] of file.text.matchAll(IMPORT)) {
        const to = target(file.path, specifier);
        expect(
          /^(cards|shared|i18n)(\/|$)/.test(to) || to === 'diff',
          `${file.path} imports ${specifier}`,
        ).toBe(true);
      }
      expect(file.text).not.toMatch(/\b(document|window|chrome)\./);
    },
  );

  it('S1: every dangerouslySetInnerHTML renders sanitized HTML', () => {
    const users = all.filter(
      (file) => file.path !== 'ui/sanitize.ts' && file.text.includes('dangerouslySetInnerHTML='),
    );
    expect(users.length).toBeGreaterThan(0);
    for (const file of users) {
      expect(file.text, file.path).toMatch(
        /import \{[^}]*\b(sanitizeHtml|renderMarkdown|useMarkdown)\b[^}]*\} from/,
      );
    }
  });

  it('every export of the thread and cards has a JSDoc comment (STYLE 13)', () => {
    const mine = [...ui, ...cards].filter(
      (file) => !/^ui\/panel\/[^/]+$/.test(file.path) || file.path === 'ui/panel/app.tsx',
    );
    for (const file of mine) {
      const lines = file.text.split('\n');
      lines.forEach((line, index) => {
        if (!/^export (async )?(function|const|class|interface|type) /.test(line)) return;
        const before = lines.slice(Math.max(0, index - 3), index).join('\n');
        expect(before, `${file.path}:${index + 1} ${line}`).toMatch(/\*\/\s*$/);
      });
    }
  });
});
