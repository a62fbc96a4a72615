// The project's own conventions, enforced in one table-driven test (issue 15 item 5;
// DESIGN.md "Boundaries", STYLE.md 1, 9, 13). Imports are read with the TypeScript parser,
// so `import`, `import type`, `export … from`, `import()` and `import('x').T` all count.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../..');

/** Every .ts/.tsx file under `dir`, relative to the repository root. */
function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

interface Specifier {
  text: string;
  dynamic: boolean;
}

/** Every module a file names, however it names it. */
export function specifiersOf(path: string, text: string): Specifier[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: Specifier[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ text: node.moduleSpecifier.text, dynamic: false });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ text: node.arguments[0].text, dynamic: true });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push({ text: node.argument.literal.text, dynamic: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/**
 * The area a src path belongs to: its top folder, `cms/<adapter>` for an adapter's
 * files, and `agent/models` (the model list the UI and settings may name).
 */
function areaOf(srcPath: string): string {
  const parts = srcPath.split('/');
  if (parts[0] === 'cms' && parts.length > 2) return `cms/${parts[1]}`;
  if (srcPath === 'agent/models.ts' || srcPath === 'agent/models') return 'agent/models';
  return parts[0]!;
}

const PACKAGE = (name: string) =>
  name
    .split('/')
    .slice(0, name.startsWith('@') ? 2 : 1)
    .join('/');

interface Rule {
  /** Areas of src/ this area may import (its own always allowed). */
  may: string[] | '*';
  /** Packages it may import. */
  packages: string[] | '*';
}

/** DESIGN.md's boundary table as it stands (docs/architecture.md explains the additions). */
const TABLE: Record<string, Rule> = {
  shared: { may: [], packages: ['zod', 'entities'] },
  // The message catalogue (issue 37): a leaf every area that composes words may use.
  i18n: { may: [], packages: [] },
  tools: { may: ['i18n', 'shared'], packages: ['zod'] },
  gate: { may: ['i18n', 'shared', 'tools'], packages: ['zod', 'json-logic-js'] },
  cms: { may: ['i18n', 'shared', 'tools'], packages: ['zod'] },
  'cms/wordpress': { may: ['i18n', 'shared', 'tools', 'cms'], packages: ['zod'] },
  cards: { may: ['i18n', 'shared', 'tools'], packages: ['diff', 'yaml'] },
  // virtual:countersign/…: the record check compiled at build time (scripts/record-check-plugin.mjs).
  audit: { may: ['i18n', 'shared'], packages: ['zod', 'dexie', 'uuid', 'virtual:countersign'] },
  store: { may: ['i18n', 'shared'], packages: ['zod', 'dexie'] },
  run: { may: ['i18n', 'shared', 'tools', 'gate', 'cards', 'audit'], packages: ['zod'] },
  'agent/models': { may: [], packages: [] },
  // The agent names the record owner type from audit (a type only, checked below).
  agent: {
    may: ['i18n', 'shared', 'tools', 'run', 'audit', 'agent/models'],
    packages: ['zod', '@anthropic-ai/sdk'],
  },
  // settings -> store: the key, connection and policy are sealed in IndexedDB (S3, G11).
  settings: {
    may: ['i18n', 'shared', 'tools', 'gate', 'agent/models', 'store'],
    packages: ['zod', '#imports'],
  },
  ui: {
    may: ['i18n', 'shared', 'cards', 'settings', 'agent/models'],
    packages: ['preact', '@preact/signals', 'dompurify', 'marked', 'zod'],
  },
  // The background wires everything; it never renders, and it names no CMS: it reaches one
  // only through `cms/adapter.ts` (issue 15 item 2; the entrypoint chooses the adapter).
  background: {
    may: [
      'i18n',
      'shared',
      'tools',
      'gate',
      'cms',
      'cards',
      'audit',
      'store',
      'run',
      'agent',
      'agent/models',
      'settings',
    ],
    packages: '*',
  },
};

/** Named exceptions, each with its reason; anything else breaking the table fails. */
const EXCEPTIONS: { file: string; to: string; why: string }[] = [
  {
    file: 'ui/options/audit/audit-reader.ts',
    to: 'audit',
    why: 'A3: the export reads the audit database read-only in the options page',
  },
];

/** Areas that may take only types from another (no code runs across). */
const TYPE_ONLY = [
  { from: 'agent', to: 'audit' },
  { from: 'gate', to: 'tools' },
];

/** Packages only one place may import, and whether only dynamically. */
const OWNED_PACKAGES: { name: string; only: RegExp; dynamicFrom?: RegExp }[] = [
  { name: '@anthropic-ai/sdk', only: /^src\/agent\/claude\// },
  { name: 'dompurify', only: /^src\/ui\/sanitize\.ts$/ },
  { name: 'dexie', only: /^src\/(audit|store)\// },
  { name: 'entities', only: /^src\/shared\/html-text\.ts$/ },
  { name: 'marked', only: /^src\/ui\/markdown\/markdown-html\.ts$/ },
  { name: 'yaml', only: /^src\/cards\//, dynamicFrom: /^src\/cards\// },
];

const SRC_FILES = sources('src').map((path) => ({
  path,
  text: readFileSync(join(ROOT, path), 'utf8'),
}));
const ENTRY_FILES = sources('entrypoints').map((path) => ({
  path,
  text: readFileSync(join(ROOT, path), 'utf8'),
}));

/** Where a relative specifier lands inside src/, or the package it names. */
function resolve(file: string, spec: string): { src?: string; pkg?: string } {
  if (!spec.startsWith('.')) return { pkg: PACKAGE(spec) };
  const target = relative(join(ROOT, 'src'), join(ROOT, dirname(file), spec));
  return target.startsWith('..') ? {} : { src: target };
}

/** Source text without comments (a comment may name an API the code does not use). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

describe('conventions: the boundary table (DESIGN.md) holds for every import', () => {
  it('the parser sees every kind of import', () => {
    const text = [
      "import a from './a';",
      "import type { B } from '../b';",
      "export { c } from '../../c';",
      "export * from 'pkg';",
      "const d = () => import('./d');",
      "type E = import('./e').E;",
    ].join('\n');
    expect(specifiersOf('x.ts', text).map((s) => s.text)).toEqual([
      './a',
      '../b',
      '../../c',
      'pkg',
      './d',
      './e',
    ]);
  });

  it('every src area is in the table', () => {
    const areas = new Set(SRC_FILES.map((f) => areaOf(f.path.slice('src/'.length))));
    for (const area of areas) expect(Object.keys(TABLE), `area ${area}`).toContain(area);
  });

  it.each(SRC_FILES.map((f) => [f.path, f] as const))(
    '%s imports only what its area may',
    (_, file) => {
      const from = areaOf(file.path.slice('src/'.length));
      const rule = TABLE[from]!;
      for (const spec of specifiersOf(file.path, file.text)) {
        const { src, pkg } = resolve(file.path, spec.text);
        if (pkg) {
          if (pkg.startsWith('node:'))
            throw new Error(`${file.path} imports ${pkg}: src runs in the browser`);
          if (rule.packages !== '*')
            expect(rule.packages, `${file.path} imports the package ${pkg}`).toContain(pkg);
          continue;
        }
        expect(src, `${file.path} reaches outside src: ${spec.text}`).toBeDefined();
        const to = areaOf(src!);
        if (to === from) continue;
        const excepted = EXCEPTIONS.some((e) => e.file === file.path.slice(4) && e.to === to);
        if (!excepted && rule.may !== '*') {
          expect(rule.may, `${file.path} imports ${spec.text} (${to})`).toContain(to);
        }
        // Adapters never import each other.
        if (from.startsWith('cms/') && to.startsWith('cms/')) expect(to).toBe(from);
      }
    },
  );

  it('nothing in src imports the UI except the UI', () => {
    for (const file of SRC_FILES) {
      if (file.path.startsWith('src/ui/')) continue;
      for (const spec of specifiersOf(file.path, file.text)) {
        const { src } = resolve(file.path, spec.text);
        expect(src?.startsWith('ui/') ?? false, `${file.path} imports ${spec.text}`).toBe(false);
      }
    }
  });

  it.each(TYPE_ONLY.map((pair) => [pair.from, pair.to] as const))(
    '%s takes only types from %s',
    (from, to) => {
      for (const file of SRC_FILES.filter((f) => areaOf(f.path.slice(4)) === from)) {
        const parsed = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true);
        for (const node of parsed.statements) {
          if (!ts.isImportDeclaration(node) && !ts.isExportDeclaration(node)) continue;
          const spec = node.moduleSpecifier;
          if (!spec || !ts.isStringLiteral(spec)) continue;
          const { src } = resolve(file.path, spec.text);
          if (!src || areaOf(src) !== to) continue;
          const typeOnly = ts.isImportDeclaration(node)
            ? node.importClause?.isTypeOnly === true
            : node.isTypeOnly;
          expect(typeOnly, `${file.path}: ${node.getText()}`).toBe(true);
        }
      }
    },
  );

  it('the gate is pure: no storage, network or browser API', () => {
    for (const file of SRC_FILES.filter((f) => f.path.startsWith('src/gate/'))) {
      expect(withoutComments(file.text), file.path).not.toMatch(
        /\b(chrome|browser|indexedDB|localStorage|fetch|XMLHttpRequest|Dexie)\b/,
      );
    }
  });

  it.each(OWNED_PACKAGES.map((p) => [p.name, p] as const))(
    'only its owner imports %s',
    (name, owned) => {
      let seen = 0;
      for (const file of [...SRC_FILES, ...ENTRY_FILES]) {
        for (const spec of specifiersOf(file.path, file.text)) {
          if (PACKAGE(spec.text) !== name) continue;
          seen += 1;
          expect(file.path, `${file.path} imports ${name}`).toMatch(owned.only);
          if (owned.dynamicFrom)
            expect(spec.dynamic, `${file.path} imports ${name} statically`).toBe(true);
        }
      }
      expect(seen).toBeGreaterThan(0);
    },
  );

  it('the pure layers use no browser extension API', () => {
    for (const file of SRC_FILES.filter((f) =>
      /^src\/(shared|tools|gate|run|cards|audit|store)\//.test(f.path),
    )) {
      expect(withoutComments(file.text), file.path).not.toMatch(
        /\b(chrome|browser)\.(runtime|storage|tabs|scripting|sidePanel|notifications|alarms|permissions)\b/,
      );
    }
  });
});

/** Files that are over 250 lines today, each to be split (issue 15); none may be added. */
const OVER_250 = new Set(['src/cms/wordpress/rest-client.ts']);

describe('conventions: small files everywhere (STYLE 13)', () => {
  const all = [...SRC_FILES, ...ENTRY_FILES];
  const lines = (text: string) => text.split('\n').length;

  it('nothing is over 400 lines, and only the listed files are over 250', () => {
    for (const file of all) {
      const n = lines(file.text);
      expect(n, file.path).toBeLessThanOrEqual(400);
      if (n > 250)
        expect([...OVER_250], `${file.path} has ${n} lines: split it`).toContain(file.path);
    }
  });

  it('the median file is under 80 lines', () => {
    const sorted = all.map((f) => lines(f.text)).sort((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length / 2)]).toBeLessThan(80);
  });

  it('test and bench material lives outside src (issue 15 item 9)', () => {
    const misplaced = SRC_FILES.map((f) => f.path).filter((path) =>
      /\/(fixtures|__tests__)\/|\/(bench|synthetic|sample)[^/]*$|\.(test|spec|bench)\.tsx?$/.test(
        path,
      ),
    );
    expect(misplaced).toEqual([]);
  });

  it('entrypoints only wire: each well under 60 lines (STYLE 1)', () => {
    for (const file of ENTRY_FILES) expect(lines(file.text), file.path).toBeLessThan(60);
  });
});
