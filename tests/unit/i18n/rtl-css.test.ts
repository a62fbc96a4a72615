import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { directionOf, PSEUDO_RTL_LOCALE, setLocale, t } from '../../../src/i18n';

/** Every style sheet of the extension's pages. */
function styleSheets(dir = 'src/ui'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return styleSheets(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

/** Properties that name a physical side: they stay on the left in a right-to-left layout. */
const PHYSICAL: readonly [RegExp, string][] = [
  [/\b(margin|padding|border)-(left|right)\b/, 'use margin/padding/border-inline-start or -end'],
  [/\btext-align:\s*(left|right)\b/, 'use text-align: start or end'],
  [/(^|[\s;{])(left|right)\s*:/, 'use inset-inline-start or -end'],
  [/\bfloat:\s*(left|right)\b/, 'use float: inline-start or inline-end'],
  [/\bborder-(top|bottom)-(left|right)-radius\b/, 'use border-start-start-radius and the like'],
  [/\bborder-radius:\s*[^;]+\s[^;]+\s[^;]+/, 'a radius per corner: use the logical corners'],
  [/\b(margin|padding):\s*[^;\s]+\s+[^;\s]+\s+[^;\s]+\s+[^;\s]+;/, 'four sides: use -inline-'],
];

describe('right to left (issue 37 item 2)', () => {
  it('the style sheets use logical sides only, so a right-to-left language mirrors the layout', () => {
    const problems: string[] = [];
    for (const file of styleSheets()) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const [pattern, fix] of PHYSICAL)
            if (pattern.test(line)) problems.push(`${file}:${i + 1}: ${line.trim()} (${fix})`);
        });
    }
    expect(problems).toEqual([]);
  });

  it('the right-to-left pseudo-locale lays out right to left and marks every message', () => {
    expect(directionOf(PSEUDO_RTL_LOCALE)).toBe('rtl');
    setLocale(PSEUDO_RTL_LOCALE);
    try {
      // The value is isolated (first-strong isolate … pop), as in every right-to-left language.
      expect(t('cards.edit.label', { field: 'Title' })).toBe(
        '\u200f⟦Your version of \u2068Title\u2069⟧\u200f',
      );
    } finally {
      setLocale('en');
    }
  });
});
