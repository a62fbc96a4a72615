import type { CheckResult as GuardResult } from '../../../tools/tool';
import type { AnyTool, ToolContext } from '../../../tools/tool';
import { hasUnfilteredHtml } from '../capabilities';
import { sessionOf } from '../session';
import { findStrippedMarkup, strippedCharacters } from './kses-detect';
import type { AllowedHtml } from './kses-rules';
import { cssProfileFor, type CssProfile } from './kses-css-profiles';

/**
 * A WordPress tool names the fields WordPress runs through kses (G10) and, for a write to
 * an existing entry, the values the save would hold: kses filters every title, content and
 * excerpt the save touches, including those the call leaves as they are.
 */
export type WithFormatFields = {
  formatFields?: Readonly<Record<string, AllowedHtml>>;
  formatValues?(ctx: ToolContext, input: never, target?: never): Promise<Record<string, unknown>>;
};

/** The kses rules among a tool's format fields (the Tool contract does not know their shape). */
function allowedHtmlOf(fields: Readonly<Record<string, unknown>>): Record<string, AllowedHtml> {
  const out: Record<string, AllowedHtml> = {};
  for (const [key, rule] of Object.entries(fields)) if (rule instanceof Map) out[key] = rule;
  return out;
}

/** One field whose markup kses would cut, and what it would cut. */
export interface FormatProblem {
  field: string;
  findings: string[];
}

/**
 * G10, pure: the fields of `input` whose markup kses would cut, with what it would cut;
 * `css`: the safe-CSS rules of the site's WordPress version.
 */
export function findFormatProblems(
  input: Record<string, unknown>,
  fields: Readonly<Record<string, AllowedHtml>>,
  css?: CssProfile,
): FormatProblem[] {
  const problems: FormatProblem[] = [];
  for (const [field, allowed] of Object.entries(fields)) {
    const value = input[field];
    if (typeof value !== 'string') continue;
    if (!value.includes('<') && strippedCharacters(value).length === 0) continue;
    const findings = findStrippedMarkup(value, allowed, css);
    if (findings.length > 0) problems.push({ field, findings });
  }
  return problems;
}

/**
 * The refusal the model reads: each field named, with what WordPress would remove. A field
 * the call does not change is named as such: saving anything would strip it.
 */
export function formatRefusal(
  problems: FormatProblem[],
  changed: ReadonlySet<string>,
): GuardResult {
  if (problems.length === 0) return { ok: true };
  const parts = problems.map(({ field, findings }) => {
    const what = findings.slice(0, 5).join('; ');
    return changed.has(field)
      ? `the ${field} field uses ${what}`
      : `the ${field} field, which this call leaves as it is, already holds ${what}, and ` +
          `WordPress would strip it when this account saves the entry`;
  });
  return {
    ok: false,
    fields: problems.map((problem) => problem.field),
    message:
      `Your account may not use this markup, and WordPress would remove it without saying ` +
      `so: ${parts.join('. Also, ')}. Rewrite it with allowed markup or leave it out ` +
      `(only accounts with the unfiltered_html capability may save it).`,
  };
}

/**
 * G10, called by the run loop before any card: a write whose values use markup the
 * account may not use is refused, naming the field. Accounts WordPress lets save
 * unfiltered HTML (checked through the `wp:action-unfiltered-html` link, which multisite
 * does not lie about) pass.
 */
export async function checkFormats(
  ctx: ToolContext,
  tool: Pick<AnyTool, 'name' | 'formatFields' | 'formatValues'>,
  input: unknown,
  target?: unknown,
): Promise<GuardResult> {
  if (!tool.formatFields || typeof input !== 'object' || input === null) return { ok: true };
  const fields = allowedHtmlOf(tool.formatFields);
  const given = input as Record<string, unknown>;
  const trusted =
    ctx.user.capabilities['unfiltered_html'] === true && (await hasUnfilteredHtml(sessionOf(ctx)));
  if (trusted) return { ok: true };
  const values = tool.formatValues ? await tool.formatValues(ctx, input, target) : given;
  const changed = new Set(Object.keys(given).filter((key) => given[key] !== undefined));
  const css = cssProfileFor(sessionOf(ctx).wpVersion);
  return formatRefusal(findFormatProblems(values, fields, css), changed);
}
