import type { CheckResult as GuardResult } from '../../tools/tool';
import type { AnyTool } from '../../tools/tool';
import { POST_FIELDS, holdsValue, metaOf } from './post-fields';
import type { WpTypeInfo } from './post-types';
import type { WpPost } from './schemas/post';

/**
 * G9, pure: when a tool's input is the entity's whole desired state (`whole: true`), every
 * field that holds a value today must be in the input, or the call is refused before any
 * card, naming the fields. A field sent as an explicit empty value ("", [], 0) is a
 * deliberate clear and passes. Nested records (meta) are checked key by key.
 */
export function checkWholeState(
  tool: Pick<AnyTool, 'name' | 'classification'>,
  input: Record<string, unknown>,
  current: Record<string, unknown>,
): GuardResult {
  if (!tool.classification?.whole) return { ok: true };
  const missing: string[] = [];
  for (const [key, value] of Object.entries(current)) {
    if (isRecord(value)) {
      const given = isRecord(input[key]) ? input[key] : {};
      for (const [inner, innerValue] of Object.entries(value)) {
        if (holdsValue(innerValue) && given[inner] === undefined) missing.push(`${key}.${inner}`);
      }
    } else if (holdsValue(value) && input[key] === undefined) {
      missing.push(key);
    }
  }
  if (missing.length === 0) return { ok: true };
  return {
    ok: false,
    fields: missing,
    message:
      `${tool.name} replaces the whole entry, and these fields hold a value today but are ` +
      `missing from the input: ${missing.join(', ')}. Send each of them (an explicit empty ` +
      `value such as "" or [] clears a field on purpose), or change only some fields with ` +
      `a patch tool.`,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The whole state of a post as G9 compares it: its type's content fields and its meta. */
export function wholeStateOf(type: WpTypeInfo, post: WpPost): Record<string, unknown> {
  const state: Record<string, unknown> = {};
  for (const field of POST_FIELDS) if (field.applies(type)) state[field.key] = field.read(post).raw;
  const meta = metaOf(post);
  if (Object.keys(meta).length > 0) state['meta'] = meta;
  return state;
}
