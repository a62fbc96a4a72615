// Build-time code for the quick check of stored audit records (virtual:countersign/record-check).
//
// Every audit record read back from storage is validated (STYLE 7). zod's parse of 100k
// records copies each one and costs 1.2-2.3 s in the options page, most of an export's time
// over its read floor (docs/options.md). This plugin turns the same zod schema into JSON
// Schema and compiles it with Ajv, at build time, into a plain function: no copy, no
// garbage, and no `new Function` at run time (an extension page's CSP forbids it). The
// check only ever says "this record is exactly the schema's shape"; anything else
// (an unknown key, a missing field zod would allow) goes on to zod, which decides and
// names what is wrong, so the check can make a read faster but never change its answer.
// Plain JavaScript, so that scripts/bench/page-runner.mjs can use it as well as the two
// TypeScript configs; the zod schema itself is loaded through jiti.
import Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { createJiti } from 'jiti';
import { z } from 'zod';

export const RECORD_CHECK_MODULE = 'virtual:countersign/record-check';
const RESOLVED = `\0${RECORD_CHECK_MODULE}`;

/**
 * zod's object (not strict) strips unknown keys; the JSON Schema of it accepts and keeps
 * them. Closing every such object sends a record with an unknown key to zod, so a record
 * the check accepts is already exactly what zod would return.
 * @param {unknown} node
 */
function closeObjects(node) {
  if (Array.isArray(node)) {
    node.forEach(closeObjects);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = /** @type {Record<string, unknown>} */ (node);
  if (schema.type === 'object' && schema.properties && schema.additionalProperties === undefined) {
    schema.additionalProperties = false;
  }
  Object.values(schema).forEach(closeObjects);
}

const LENGTH_HELPER = 'require("ajv/dist/runtime/ucs2length").default';

/**
 * Ajv options that make JSON Schema mean what zod means.
 * @type {import('ajv').Options}
 */
const AJV_OPTIONS = {
  code: { source: true, esm: true, lines: false },
  unicodeRegExp: false, // zod's patterns have no `u` flag
  strictNumbers: true, // zod's number refuses NaN and Infinity
  useDefaults: true, // `decidedBy` / `decidedAt` default to null, as zod fills them
  allErrors: false,
  messages: false, // zod names the problem; the check only answers yes or no
};

/**
 * The module's source: `export default function (record): boolean`.
 * @returns {Promise<string>}
 */
export async function recordCheckSource() {
  const jiti = createJiti(import.meta.url);
  /** @type {typeof import('../src/audit/record-schema')} */
  const { ToolCallRecordSchema } = await jiti.import('../src/audit/record-schema.ts');
  const schema = z.toJSONSchema(ToolCallRecordSchema, { io: 'input', target: 'draft-07' });
  closeObjects(schema);
  const ajv = new Ajv(AJV_OPTIONS);
  // min/max length count code points in JSON Schema and in zod alike; the compiled code
  // asks Ajv's runtime for its counter, and gets zod's own, so the two cannot disagree.
  const source = standaloneCode(ajv, ajv.compile(schema)).replace(LENGTH_HELPER, 'codePointLength');
  if (/\brequire\(/.test(source)) {
    // Another runtime helper would make Ajv a dependency of the extension.
    throw new Error(`record check: the compiled schema needs an Ajv runtime helper`);
  }
  return `import { util } from 'zod/v4/core';\nconst { codePointLength } = util;\n${source}`;
}

/**
 * Serves the compiled check to the extension build, vitest and the bench pages.
 * @returns {import('vite').Plugin}
 */
export function recordCheckPlugin() {
  /** @type {Promise<string> | undefined} */
  let source;
  return {
    name: 'countersign-record-check',
    resolveId: (id) => (id === RECORD_CHECK_MODULE ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      source ??= recordCheckSource();
      return source;
    },
  };
}
