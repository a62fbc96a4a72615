// Fails a production build (`npm run build`, `npm run zip`) whose manifest still grants or
// matches a loopback host: only development and test builds may (scripts/loopback-manifest.mjs).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loopbackIn } from './loopback-manifest.mjs';

const dir = process.env.COUNTERSIGN_OUT_DIR ?? '.output';
const file = join(dir, 'chrome-mv3', 'manifest.json');
const found = loopbackIn(JSON.parse(readFileSync(file, 'utf8')));
if (found.length) {
  console.error(`${file} is a production build but reaches loopback hosts: ${found.join(', ')}`);
  process.exit(1);
}
