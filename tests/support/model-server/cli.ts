/**
 * Standalone launcher: starts the scripted model server and keeps it running until SIGINT/SIGTERM.
 *
 *   --port <n>         port to listen on (default: a free one)
 *   --host <h>         default 127.0.0.1
 *   --script <file>    JSON file: an array of turns, or {"turns": [...]}
 *   --api-key <key>    require this key (x-api-key or Authorization: Bearer)
 *   --verbose          log requests to stderr
 *
 * Prints one line `MODEL_SERVER_URL=http://127.0.0.1:<port>` on stdout once listening. Scripts can
 * then be loaded over HTTP (POST /__script). Node 20 cannot run TypeScript directly; see
 * docs/model-server.md for a one-line bundle with rolldown.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startModelServer } from './server';

export async function main(argv: string[] = process.argv.slice(2)): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      script: { type: 'string' },
      'api-key': { type: 'string' },
      verbose: { type: 'boolean' },
    },
  });
  let script: unknown[] | undefined;
  if (values.script) {
    const parsed = JSON.parse(readFileSync(values.script, 'utf8')) as unknown;
    const turns =
      parsed && typeof parsed === 'object' && 'turns' in parsed
        ? (parsed as { turns: unknown }).turns
        : parsed;
    if (!Array.isArray(turns)) throw new Error(`${values.script}: expected an array of turns`);
    script = turns;
  }
  const server = await startModelServer({
    port: values.port ? Number(values.port) : 0,
    host: values.host,
    script,
    apiKey: values['api-key'] ?? null,
    verbose: values.verbose ?? false,
  });
  process.stdout.write(`MODEL_SERVER_URL=${server.url}\n`);
  const stop = () => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

const entry = process.argv[1];
if (entry && /[\\/]cli\.(?:ts|js|mjs)$/.test(entry)) {
  main().catch((err: unknown) => {
    process.stderr.write(`model-server: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
