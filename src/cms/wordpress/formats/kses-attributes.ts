import { checkProtocol } from './kses-protocol';
import { checkStyle } from './kses-css';
import type { CssProfile } from './kses-css-profiles';
import { URI_ATTRIBUTES, type TagRule } from './kses-rules';

/** One attribute as `wp_kses_hair()` parses it. */
export interface ParsedAttribute {
  name: string;
  value: string;
  valueless: boolean;
  /** Schemes `wp_kses_bad_protocol()` removed from a URL attribute. */
  removedSchemes: string[];
}

/** `wp_kses_hair()`'s result: the attributes, and text it threw away as malformed. */
export interface ParsedAttributes {
  attributes: ParsedAttribute[];
  garbage: string[];
}

const NAME = /^[_a-zA-Z][-_a-zA-Z0-9:.]*/;
const VALUE_FORMS = [/^"([^"]*)"(?:\s+|\/?$)/, /^'([^']*)'(?:\s+|\/?$)/, /^([^\s"']+)(?:\s+|\/?$)/];
const AFTER_VALUE = [/^"[^"]*"(\s+|$)/, /^'[^']*'(\s+|$)/, /^[^\s"']+(\s+|$)/];

/**
 * Mirrors `wp_kses_hair()`: a small state machine over the attribute text. The first of
 * two same-named attributes wins; text that fits no rule is removed up to the next space.
 */
export function parseAttributes(text: string): ParsedAttributes {
  const attributes = new Map<string, ParsedAttribute>();
  const garbage: string[] = [];
  let rest = text;
  let mode: 'name' | 'equals' | 'value' = 'name';
  let name = '';
  const add = (value: string, valueless: boolean) => {
    if (attributes.has(name)) return;
    const uri = !valueless && URI_ATTRIBUTES.has(name.toLowerCase());
    const check = uri ? checkProtocol(value) : { value, removed: [] };
    attributes.set(name, { name, value: check.value, valueless, removedSchemes: check.removed });
  };
  while (rest.length > 0) {
    let worked = false;
    if (mode === 'name') {
      const match = NAME.exec(rest);
      if (match)
        [name, rest, mode, worked] = [match[0], rest.slice(match[0].length), 'equals', true];
    } else if (mode === 'equals') {
      const equals = /^\s*=\s*/.exec(rest);
      const space = /^\s+/.exec(rest);
      if (equals) [rest, mode, worked] = [rest.slice(equals[0].length), 'value', true];
      else if (space) {
        add('', true);
        [rest, mode, worked] = [rest.slice(space[0].length), 'name', true];
      }
    } else {
      const form = VALUE_FORMS.findIndex((pattern) => pattern.test(rest));
      if (form !== -1) {
        add(VALUE_FORMS[form]!.exec(rest)![1]!, false);
        rest = rest.replace(AFTER_VALUE[form]!, '');
        [mode, worked] = ['name', true];
      }
    }
    if (!worked) {
      const error = /^("[^"]*("|$)|'[^']*('|$)|\S)*\s*/.exec(rest)![0];
      if (error.trim() !== '') garbage.push(error.trim());
      rest = rest.slice(error.length);
      mode = 'name';
    }
  }
  if (mode === 'equals') add('', true);
  return { attributes: [...attributes.values()], garbage };
}

/** Why kses would drop an attribute from a tag, or null when it keeps it. */
export function attributeProblem(
  tag: string,
  rule: TagRule,
  attr: ParsedAttribute,
  css?: CssProfile,
): string | null {
  const name = attr.name.toLowerCase();
  const allowed = rule.attrs.has(name) || (rule.dataAttrs && /^data(?:-[a-z0-9_]+)+$/.test(name));
  if (!allowed) return `the ${name} attribute on <${tag}>`;
  if (rule.valuelessOnly.has(name) && !attr.valueless) {
    return `a value for the ${name} attribute on <${tag}>`;
  }
  if (attr.removedSchemes.length > 0) {
    const schemes = attr.removedSchemes.join(', ');
    return `the ${schemes} URL in the ${name} attribute on <${tag}>`;
  }
  if (name === 'style') {
    const { kept, dropped } = checkStyle(attr.value, css);
    if (kept === '') return `the style attribute on <${tag}> (${dropped.join('; ')})`;
    if (dropped.length > 0) return `CSS "${dropped.join('; ')}" in the style attribute on <${tag}>`;
  }
  return null;
}
