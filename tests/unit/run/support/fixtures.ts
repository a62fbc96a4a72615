import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const DIR = join(__dirname, '../../../fixtures/run-state');

/** A frozen run-state fixture, parsed as storage would give it back (own `__proto__` keys kept). */
export function fixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(DIR, `${name}.json`), 'utf8')) as Record<string, unknown>;
}
