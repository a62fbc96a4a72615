import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = join(__dirname, '../../../src/ui/options');
const files = readdirSync(DIR).filter((name) => /\.tsx?$/.test(name));
// A3: the one file that opens the audit database, read-only, for the export.
const READER = 'audit-reader.ts';

describe('DESIGN boundaries: the options page (src/ui/options)', () => {
  it.each(files.filter((file) => file !== READER))(
    '%s never touches the audit database or IndexedDB',
    (file) => {
      const source = readFileSync(join(DIR, file), 'utf8');
      expect(source).not.toMatch(
        /\b(indexedDB|Dexie|AuditDb)\b|from '\.\.\/\.\.\/(audit|run|agent)/,
      );
    },
  );

  it('the audit reader only reads: it exports and closes, and writes nothing', () => {
    const source = readFileSync(join(DIR, READER), 'utf8');
    expect(source).not.toMatch(/\b(put|add|bulk\w+|delete|clear|update|modify|transaction)\(/);
    expect(source).not.toMatch(/from '\.\.\/\.\.\/(run|agent)/);
  });

  it('only the export loads the audit reader, on demand', () => {
    for (const file of files.filter((name) => name !== READER)) {
      const source = readFileSync(join(DIR, file), 'utf8');
      const loads = /import\('\.\/audit-reader'\)/.test(source);
      expect(loads, file).toBe(file === 'export-model.ts');
      expect(source, file).not.toMatch(/^import \{[^}]*\} from '\.\/audit-reader'/m);
    }
  });
});
