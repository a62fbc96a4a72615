// People read what the extension says in their own language: no requirement ids such as
// "(G2)" in any text it shows (the brief's UI standard). Every string literal, template
// part and JSX text in src/ is read with the TypeScript parser; comments may cite ids.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../..');

/** Developer-facing texts: errors in a tool's own definition, thrown at build/registration. */
const DEVELOPER_ONLY = new Set(['src/tools/tool-definition-checks.ts']);

/** "(G2)", "(S2, G4)", "(G3/G4)", or "SPEC G11" in a sentence. */
const REQUIREMENT_ID =
  /\(\s*[A-Z]\d{1,2}(?:\s*[,/–-]\s*[A-Z]?\d{1,2})*\s*\)|\b(?:SPEC|requirement)\s+[A-Z]\d{1,2}\b/;

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Each text in `path` that names a requirement id, as "file:line: text". */
export function idsInTexts(path: string, text: string): string[] {
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isStringLiteralLike(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    ) {
      const words = node.text;
      if (REQUIREMENT_ID.test(words)) {
        const { line } = file.getLineAndCharacterOfPosition(node.getStart());
        found.push(`${path}:${line + 1}: ${words.trim().slice(0, 120)}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('texts people read', () => {
  it('name no requirement ids', () => {
    const files = sources('src').map((p) => relative(ROOT, join(ROOT, p)));
    const found = files
      .filter((p) => !DEVELOPER_ONLY.has(p))
      .flatMap((p) => idsInTexts(p, readFileSync(join(ROOT, p), 'utf8')));
    expect(found).toEqual([]);
  });

  it('the check sees ids in strings, templates and JSX, and not in comments', () => {
    const sample = [
      '// asks (G2)',
      "const a = 'every call asks (G2).';",
      'const b = `so it asks (S2, G4) ${x}`;',
      'const c = <p>Refused (G5) here</p>;',
    ].join('\n');
    expect(idsInTexts('sample.tsx', sample)).toHaveLength(3);
  });
});
