// Every language WordPress speaks: a CountersignError's message reaches the person (the panel
// shows it as the request's error or a notice in the thread), so it comes from the catalogue,
// never from an English literal in the code. Five did (a message sent while a call waits, a
// Publish or Undo while one waits, the thread list unreadable or newer, a withdrawal the site
// did not answer) and were shown in English to every language, as were all of a failed model
// call's messages (ModelError: overloaded, rate limit, key refused, cut off, ...). Codes whose
// message no person reads are listed with why.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../../..');

/** Errors whose message stays in the log or reaches only a crafted request, with why. */
const NOT_FOR_PEOPLE: Record<string, string> = {
  'tab-no-answer': 'a tab that did not answer: caught by the callers, which say it in words',
  'cache-breakpoints': 'only a bug can get there; the API would refuse the request anyway',
  'bad-model': 'the panel sends only models it listed; a crafted request gets the schema’s words',
};

/** CountersignError, and ModelError (a model call that failed, said in the thread). */
const ERRORS_PEOPLE_READ = new Set(['CountersignError', 'ModelError']);

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => join(e.parentPath, e.name).slice(ROOT.length + 1));
}

/** `new CountersignError(code, <literal or template>)` (or ModelError) in a file: where, and its code. */
function literalMessages(path: string): { at: string; code: string }[] {
  const text = readFileSync(join(ROOT, path), 'utf8');
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: { at: string; code: string }[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      ERRORS_PEOPLE_READ.has(node.expression.text)
    ) {
      const [code, message] = node.arguments ?? [];
      if (
        message &&
        (ts.isStringLiteral(message) ||
          ts.isNoSubstitutionTemplateLiteral(message) ||
          ts.isTemplateExpression(message))
      ) {
        const line = file.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        found.push({
          at: `${path}:${line}`,
          code: code && ts.isStringLiteral(code) ? code.text : '?',
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('errors people read come from the catalogue', () => {
  const all = sourceFiles('src').flatMap(literalMessages);

  it('no error a person reads carries an English literal', () => {
    expect(all.filter((f) => !(f.code in NOT_FOR_PEOPLE)).map((f) => f.at)).toEqual([]);
  });

  it('each listed code still needs its place (the list only shrinks)', () => {
    const used = new Set(all.map((f) => f.code));
    expect(Object.keys(NOT_FOR_PEOPLE).filter((code) => !used.has(code))).toEqual([]);
  });
});
