import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname, '../../../src');
const DIR = join(SRC, 'ui/options');
/** Every script of the options page, its sections' folders included, relative to DIR. */
const files = (readdirSync(DIR, { recursive: true }) as string[])
  .filter((name) => /\.tsx?$/.test(name))
  .map((name) => name.split('\\').join('/'));
// A3: the one file that opens the audit database, read-only, for the export.
const READER = 'audit/audit-reader.ts';

/** The areas of src/ (`audit`, `run`, …) a file imports from, static imports only. */
function areasImported(file: string): string[] {
  const source = readFileSync(join(DIR, file), 'utf8');
  return [...source.matchAll(/^import [^;]*? from '(\.[^']+)'/gm)].map(
    ([, spec]) => relative(SRC, resolve(dirname(join(DIR, file)), spec!)).split('/')[0]!,
  );
}

describe('DESIGN boundaries: the options page (src/ui/options)', () => {
  it('sees the files of every section', () => {
    expect(files).toContain(READER);
    expect(files).toContain('app.tsx');
  });

  it.each(files.filter((file) => file !== READER))(
    '%s never touches the audit database or IndexedDB',
    (file) => {
      const source = readFileSync(join(DIR, file), 'utf8');
      expect(source).not.toMatch(/\b(indexedDB|Dexie|AuditDb)\b/);
      expect(areasImported(file)).not.toEqual(
        expect.arrayContaining([expect.stringMatching(/^(audit|run|agent)$/)]),
      );
    },
  );

  it('the audit reader only reads: it exports and closes, and writes nothing', () => {
    const source = readFileSync(join(DIR, READER), 'utf8');
    expect(source).not.toMatch(/\b(put|add|bulk\w+|delete|clear|update|modify|transaction)\(/);
    expect(areasImported(READER)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^(run|agent)$/)]),
    );
  });

  it('only the export loads the audit reader, on demand', () => {
    for (const file of files.filter((name) => name !== READER)) {
      const source = readFileSync(join(DIR, file), 'utf8');
      const loads = /import\('\.\.?\/(audit\/)?audit-reader'\)/.test(source);
      expect(loads, file).toBe(file === 'audit/export-model.ts');
      expect(source, file).not.toMatch(/^import \{[^}]*\} from '[./]+(audit\/)?audit-reader'/m);
    }
  });
});
