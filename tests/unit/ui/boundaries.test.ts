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

describe('DESIGN boundaries: src/ui and src/cards', () => {
  it.each(ui.map((f) => [f.path, f]))(
    '%s imports only shared, cards, settings, the model list and the UI packages',
    (_, file) => {
      for (const [, specifier = ''] of file.text.matchAll(IMPORT)) {
        const to = target(file.path, specifier);
        const allowed =
          /^(ui|shared|cards|settings)(\/|$)/.test(to) ||
          to === 'agent/models' ||
          /^(preact|@preact\/signals|dompurify|marked)(\/|$)/.test(to);
        expect(allowed, `${file.path} imports ${specifier}`).toBe(true);
      }
    },
  );

  it.each(cards.map((f) => [f.path, f]))(
    '%s is pure: its own files, shared types, diff and yaml',
    (_, file) => {
      for (const [, specifier = ''] of file.text.matchAll(IMPORT)) {
        const to = target(file.path, specifier);
        expect(
          /^(cards|shared)\//.test(to) || to === 'diff',
          `${file.path} imports ${specifier}`,
        ).toBe(true);
      }
      expect(file.text).not.toMatch(/\b(document|window|chrome)\./);
    },
  );

  it('yaml is only ever imported dynamically (kept out of the panel bundle)', () => {
    for (const file of [...ui, ...cards]) {
      expect(file.text, file.path).not.toMatch(/from 'yaml'/);
    }
    expect(cards.some((file) => file.text.includes("import('yaml')"))).toBe(true);
  });

  it('S1: src/ui/sanitize.ts is the only DOMPurify call site', () => {
    const importers = all
      .filter((file) => /from 'dompurify'/.test(file.text))
      .map((file) => file.path);
    expect(importers).toEqual(['ui/sanitize.ts']);
  });

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

  it('files stay small: median under 80 lines, none over 250 (STYLE 13)', () => {
    const lengths = [...ui, ...cards]
      .map((file) => file.text.split('\n').length)
      .sort((a, b) => a - b);
    expect(lengths[Math.floor(lengths.length / 2)]).toBeLessThan(80);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(250);
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
