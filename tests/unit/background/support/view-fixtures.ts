import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const DIR = join(__dirname, '../../../fixtures/thread-view');

/** A frozen thread-view fixture, parsed as the sealed store gives it back. */
export function viewFixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(DIR, `${name}.json`), 'utf8')) as Record<string, unknown>;
}

/** The names of the frozen fixtures of format `version` (`v1-*`). */
export function viewFixtureNames(version: number): string[] {
  return readdirSync(DIR)
    .filter((file) => file.startsWith(`v${version}-`) && file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length));
}
