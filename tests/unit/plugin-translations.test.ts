// Issue 37 item 3: the companion plugin's .pot, German .po and .mo are what its sources make.
// scripts/make-pot.php --check reads every gettext call with PHP's tokenizer; this test runs it
// on the repository (a stale .pot, an untranslated string or a stale .mo fails here) and on
// altered copies of the plugin, so the check itself is shown to fail when it should.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const SCRIPT = join(ROOT, 'scripts/make-pot.php');
const PLUGIN = join(ROOT, 'server/wordpress/countersign');
const LANGUAGES = join(PLUGIN, 'languages');

function check(plugin?: string): { status: number | null; out: string } {
  const args = [SCRIPT, '--check', ...(plugin ? [`--plugin=${plugin}`] : [])];
  const run = spawnSync('php', args, { encoding: 'utf8' });
  return { status: run.status, out: run.stdout + run.stderr };
}

let copies: string[] = [];
afterEach(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
  copies = [];
});

/** A copy of the plugin to alter. */
function copy(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'countersign-pot-')), 'countersign');
  cpSync(PLUGIN, dir, { recursive: true });
  copies.push(join(dir, '..'));
  return dir;
}

/** Appends PHP to one of the copy's files. */
function addPhp(dir: string, code: string): void {
  const file = join(dir, 'includes/class-countersign-json.php');
  writeFileSync(file, readFileSync(file, 'utf8') + code);
}

describe('the plugin translations (issue 37 item 3)', () => {
  it('the shipped .pot, de_DE .po and .mo are up to date with the sources', () => {
    const result = check();
    expect(result.out).toMatch(/strings; everything is up to date/);
    expect(result.status).toBe(0);
  });

  it('the .pot holds the REST refusals with their translator comments', () => {
    const pot = readFileSync(join(LANGUAGES, 'countersign.pot'), 'utf8');
    expect(pot).toContain('msgid "\\"%s\\" must be true or false"');
    expect(pot).toMatch(
      /#\. translators: 1: a field, 2: the allowed values[^\n]*\n#: [^\n]*\n#, php-format\nmsgid "\\"%1\$s\\" must be one of %2\$s; got \\"%3\$s\\""/,
    );
    expect(pot).toContain('msgid_plural "%d records were refused; nothing was written."');
  });

  it('every German string is translated and keeps its placeholders', () => {
    const po = readFileSync(join(LANGUAGES, 'countersign-de_DE.po'), 'utf8');
    expect(po).toContain('msgstr "„%s“ muss true oder false sein"');
    expect(po).not.toMatch(/^msgstr(\[\d\])? ""\n\n/m);
  });

  it('every Hebrew string is translated and keeps its placeholders', () => {
    const po = readFileSync(join(LANGUAGES, 'countersign-he_IL.po'), 'utf8');
    expect(po).toContain('"Language: he_IL\\n"');
    expect(po).toContain('msgstr "המסנן נדחה: %s."');
    expect(po).not.toMatch(/^msgstr(\[\d\])? ""\n\n/m);
  });

  it('fails on a new string that is not in the .pot', () => {
    const dir = copy();
    addPhp(
      dir,
      "\nfunction countersign_new_message() { return __( 'A message nobody translated', 'countersign' ); }\n",
    );
    const result = check(dir);
    expect(result.status).toBe(1);
    expect(result.out).toContain('countersign.pot is not what the sources make');
    expect(result.out).toContain('"A message nobody translated" is not translated');
  });

  it('fails on a placeholder without a translators comment, and on another text domain', () => {
    const dir = copy();
    addPhp(
      dir,
      "\nfunction countersign_x( $n ) { return sprintf( __( 'Entry %d of nothing', 'countersign' ), $n ) . __( 'Hello', 'default' ) . __( $n, 'countersign' ); }\n",
    );
    const result = check(dir);
    expect(result.status).toBe(1);
    expect(result.out).toContain(
      '"Entry %d of nothing" has placeholders but no /* translators: ... */ comment',
    );
    expect(result.out).toContain("uses the text domain 'default', not 'countersign'");
    expect(result.out).toContain('__() argument 1 is not a string literal');
  });

  it('fails on a German translation that drops a placeholder', () => {
    const dir = copy();
    const file = join(dir, 'languages/countersign-de_DE.po');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(
        'msgstr "„%s“ muss true oder false sein"',
        'msgstr "muss true oder false sein"',
      ),
    );
    const result = check(dir);
    expect(result.status).toBe(1);
    expect(result.out).toContain(
      'the translation of ""%s" must be true or false" has the placeholders none, the original %s',
    );
  });

  // msgfmt is Debian's gettext; the script needs none of it, but where it is installed the .mo
  // is checked against it byte for byte.
  const msgfmt = spawnSync('msgfmt', ['--version']).status === 0;
  it.skipIf(!msgfmt).each(['de_DE', 'he_IL'])(
    'the %s .mo is the same as msgfmt --no-hash makes of the .po',
    (locale) => {
      const out = join(mkdtempSync(join(tmpdir(), 'countersign-mo-')), `${locale}.mo`);
      copies.push(join(out, '..'));
      const po = join(LANGUAGES, `countersign-${locale}.po`);
      execFileSync('msgfmt', ['--check', '--no-hash', '-o', out, po]);
      const mo = join(LANGUAGES, `countersign-${locale}.mo`);
      expect(readFileSync(mo).equals(readFileSync(out))).toBe(true);
    },
  );
});
