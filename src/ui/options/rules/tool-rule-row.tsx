import { t } from '../../../i18n';
import { summarizeRule } from '../../../settings/policy-summary';
import type { ModeView, ToolSummary } from '../../../shared/protocols/options-protocol';
import { alwaysAskNote, kindLabel } from './always-ask-note';
import { alwaysAsks, ModeSelect } from './mode-select';
import { RuleEditor } from './rule-editor';
import { ClassOrigin } from './class-origin';
import { draft, editEntry, lockOf, problemAt, view } from './rules-model';
import { chosenSite, originOf, siteModeOf, siteView, type RuleOrigin } from './site-rules-model';

const ORIGIN_WORDS = {
  managed: () => t('optionsRules.origin.managed'),
  site: () => t('optionsRules.origin.site'),
  'site-failed': () => t('optionsRules.origin.siteFailed'),
  browser: () => t('optionsRules.origin.browser'),
  default: () => t('optionsRules.origin.default'),
} satisfies Record<RuleOrigin, () => string>;

/** G11: which source decides the tool, on the site the page shows (or any site without rules). */
function OriginLine({ tool }: { tool: ToolSummary }) {
  const current = view.value;
  if (!current) return null;
  const managed = current.managed.status === 'ok' ? current.managed.entries : null;
  const site = chosenSite.value ? siteView.value : null;
  const { origin, entry } = originOf(tool, managed, site, current.admin);
  const where = chosenSite.value
    ? t('optionsRules.origin.on', { site: chosenSite.value.label })
    : '';
  const siteMode = site && origin === 'site' ? siteModeOf(site, entry) : null;
  return (
    <p class="opt-origin" data-testid={`origin-${tool.name}`}>
      <span class={`badge origin-${origin}`}>{ORIGIN_WORDS[origin]()}</span>{' '}
      {t('optionsRules.origin.decides')}
      {where}
      {entry === '*' ? t('optionsRules.origin.wildcard') : ''}
      {siteMode ? `: ${siteMode}` : ''}
      {origin === 'site' || origin === 'site-failed'
        ? t('optionsRules.origin.browserOnlyElsewhere')
        : '.'}
    </p>
  );
}

/** What applies to a tool without an entry of its own: the `"*"` entry, else its default (G3). */
function defaultLabel(tool: ToolSummary): string {
  const wildcard = draft.value['*']?.mode;
  if (wildcard && wildcard !== 'default')
    return t('optionsRules.mode.sameAsWildcard', { mode: wildcard });
  return tool.defaultMode === 'allow'
    ? t('optionsRules.mode.defaultAllow')
    : t('optionsRules.mode.defaultAsk');
}

/** Why an entry cannot be edited here (G11). */
function lockText(lock: string, managedMode?: ModeView): string {
  if (lock === 'invalid') return t('optionsRules.lock.invalid');
  const mode = managedMode ?? 'ask';
  return lock === '*'
    ? t('optionsRules.lock.wildcard', { mode })
    : t('optionsRules.lock.tool', { mode });
}

/**
 * One tool of the registry in the rules editor: what it does, its mode, its rule. A site's
 * tool sits under its site's and its group's headings, so its own heading is a level deeper.
 */
export function ToolRuleRow({
  tool,
  optIn,
  heading: Heading = 'h3',
}: {
  tool: ToolSummary;
  optIn: boolean;
  heading?: 'h3' | 'h5';
}) {
  const lock = lockOf(tool.name);
  const managed = view.value?.managed.entries ?? {};
  const managedEntry = lock ? (managed[lock] ?? undefined) : undefined;
  const entry = draft.value[tool.name] ?? { mode: 'default' as const, ruleText: '' };
  const mode = managedEntry ? managedEntry.mode : entry.mode;
  const note = alwaysAskNote(tool.alwaysAsk, optIn);
  const error = problemAt(tool.name, 'mode') ?? problemAt(tool.name, null);
  const id = `mode-${tool.name}`;
  const describedBy = [
    note ? `${id}-note` : '',
    lock ? `${id}-lock` : '',
    error ? `${id}-error` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const ruleAllowed =
    (mode === 'ask' || mode === 'once') && !(alwaysAsks(tool.alwaysAsk) && !optIn);
  return (
    <li class={`tool-rule${lock ? ' locked' : ''}`} data-testid={`tool-${tool.name}`}>
      <div class="tool-head">
        <div>
          <Heading>
            {tool.label} <code data-i18n-exempt="a tool's name">{tool.name}</code>
          </Heading>
          <p class="muted">{tool.cardDescription}</p>
          <span class="badge">{kindLabel(tool.kind, tool.destructive)}</span>
          <ClassOrigin tool={tool} />
        </div>
        <div class="tool-mode">
          <label for={id}>{t('optionsRules.mode.label')}</label>
          <ModeSelect
            id={id}
            value={mode}
            defaultLabel={defaultLabel(tool)}
            alwaysAsk={tool.alwaysAsk}
            optIn={optIn}
            disabled={lock !== null}
            describedBy={describedBy || undefined}
            invalid={Boolean(error)}
            onChange={(next) => editEntry(tool.name, { mode: next })}
          />
        </div>
      </div>
      <OriginLine tool={tool} />
      {note && (
        <p id={`${id}-note`} class="opt-note">
          {note}
        </p>
      )}
      {lock && (
        <p id={`${id}-lock`} class="opt-lock" data-testid={`lock-${tool.name}`}>
          <span class="badge">{t('optionsRules.lock.badge')}</span>{' '}
          {lockText(lock, managedEntry?.mode)}
        </p>
      )}
      {managedEntry?.rule !== undefined && (
        <p class="opt-note">
          {t('optionsRules.managedRule', { rule: summarizeRule(managedEntry.rule) })}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} class="field-error" role="alert">
          {error}
        </p>
      )}
      {ruleAllowed && !lock && <RuleEditor tool={tool.name} disabled={false} />}
    </li>
  );
}
