import { formatDateTime, t } from '../../../i18n';
import { useEffect } from 'preact/hooks';
import type { ModeView, ToolSummary } from '../../../shared/protocols/options-protocol';
import { SITE_CLASSES } from '../../../shared/vocabulary';
import { ModeSelect } from './mode-select';
import {
  chooseSite,
  chosenSite,
  editSiteClass,
  editSiteEntry,
  siteClassDraft,
  loadSiteChoices,
  pluginSites,
  saveSiteRules,
  siteChoice,
  siteDirty,
  siteDraft,
  siteError,
  siteLoading,
  siteModeOf,
  siteProblems,
  siteStatus,
  siteView,
} from './site-rules-model';

/** G11: which site's rules the page shows; the rows below say what decides on it. */
export function SiteChooser() {
  useEffect(() => void loadSiteChoices(), []);
  const sites = pluginSites.value;
  if (sites.length === 0) return null;
  return (
    <div class="opt-field" data-testid="site-chooser">
      <label for="rules-site">{t('optionsRules.site.show')}</label>
      <select
        id="rules-site"
        value={siteChoice.value ?? ''}
        onChange={(e) => void chooseSite(e.currentTarget.value || null)}
      >
        {sites.map((site) => (
          <option key={`${site.userId}@${site.siteRoot}`} value={`${site.userId}@${site.siteRoot}`}>
            {site.label}
          </option>
        ))}
        <option value="">{t('optionsRules.site.withoutPlugin')}</option>
      </select>
    </div>
  );
}

/** One tool's site rule: editable for a person who may manage the site's rules. */
function SiteToolRow({ tool, canEdit }: { tool: ToolSummary; canEdit: boolean }) {
  const view = siteView.value;
  if (!view) return null;
  const id = `site-mode-${tool.name}`;
  const entry = siteDraft.value[tool.name] ?? { mode: 'default' as const, ruleText: '' };
  const mode = siteModeOf(view, tool.name);
  const problem = siteProblems.value.find((p) => p.entry === tool.name)?.message;
  const cls = view.classes[tool.name];
  if (!canEdit) {
    if (mode === null && !cls) return null;
    return (
      <li data-testid={`site-rule-${tool.name}`}>
        {tool.label} <code data-i18n-exempt="a tool's name">{tool.name}</code>:{' '}
        {mode !== null && (
          <strong>{mode === 'fails closed' ? t('optionsRules.site.unreadable') : mode}</strong>
        )}
        {cls && <span class="badge">{t(`optionsRules.site.class.${cls}`)}</span>}
      </li>
    );
  }
  const showRule = entry.mode === 'ask' || entry.mode === 'once';
  return (
    <li class="site-rule" data-testid={`site-rule-${tool.name}`}>
      <label for={id}>
        {tool.label} <code data-i18n-exempt="a tool's name">{tool.name}</code>
        {mode === 'fails closed' && (
          <span class="badge warn">{t('optionsRules.site.unreadableBadge')}</span>
        )}
      </label>
      <ModeSelect
        id={id}
        value={entry.mode}
        defaultLabel={t('optionsRules.site.noRule')}
        alwaysAsk={tool.alwaysAsk}
        optIn={false}
        disabled={false}
        invalid={Boolean(problem)}
        onChange={(next: ModeView | 'default') => editSiteEntry(tool.name, { mode: next })}
      />
      {showRule && (
        <textarea
          aria-label={t('optionsRules.site.ruleLabel', { tool: tool.name })}
          class="rule-text"
          rows={2}
          value={entry.ruleText}
          placeholder={t('optionsRules.site.rulePlaceholder', {
            example: '{"==": [{"var": "facts.entity.status"}, "draft"]}',
          })}
          onInput={(e) => editSiteEntry(tool.name, { ruleText: e.currentTarget.value })}
        />
      )}
      {tool.siteOrigin && <SiteClassSelect tool={tool} />}
      {problem && (
        <p class="field-error" role="alert">
          {problem}
        </p>
      )}
    </li>
  );
}

/**
 * Issue 34: the class the site's rules give one of its abilities. It classifies an ability
 * its plugin left unclassified, or makes a claim stricter; a looser one has no effect.
 */
function SiteClassSelect({ tool }: { tool: ToolSummary }) {
  const id = `site-class-${tool.name}`;
  const value = siteClassDraft.value[tool.name] ?? '';
  return (
    <div class="site-class">
      <label for={id}>{t('optionsRules.site.classLabel')}</label>
      <select
        id={id}
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          const next = e.currentTarget.value;
          editSiteClass(tool.name, SITE_CLASSES.find((c) => c === next) ?? null);
        }}
      >
        <option value="">{t('optionsRules.site.classClaimed')}</option>
        {SITE_CLASSES.map((c) => (
          <option key={c} value={c}>
            {t(`optionsRules.site.class.${c}`)}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} class="opt-hint">
        {t('optionsRules.site.classHint')}
      </p>
    </div>
  );
}

/** G11: the chosen site's own rules: what they are, who changed them, and (for its admins) an editor. */
export function SiteRulesPanel({ tools }: { tools: ToolSummary[] }) {
  const site = chosenSite.value;
  if (!site) return null;
  const view = siteView.value;
  const status = siteStatus.value;
  return (
    <section class="opt-card" aria-labelledby="site-rules-title" data-testid="site-rules">
      <h3 id="site-rules-title">{t('optionsRules.site.title', { site: site.label })}</h3>
      <p class="opt-hint">{t('optionsRules.site.intro')}</p>
      <p class="opt-hint" data-testid="site-rules-limits">
        {t('optionsRules.site.limits')}
      </p>
      {siteLoading.value && (
        <p class="muted" aria-busy="true">
          {t('optionsRules.site.reading')}
        </p>
      )}
      {siteError.value && (
        <p class="inline-error" role="alert">
          {siteError.value}
        </p>
      )}
      {view && view.status === 'none' && <p class="muted">{t('optionsRules.site.noPlugin')}</p>}
      {view && view.problems.length > 0 && (
        <div class="notice warning" role="alert" data-testid="site-policy-problems">
          <ul>
            {view.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      {view && view.status !== 'none' && (
        <>
          <p class="muted" data-testid="site-policy-version">
            {view.version
              ? t('optionsRules.site.version', { version: view.version })
              : t('optionsRules.site.noVersion')}
            {view.updatedAt
              ? t('optionsRules.site.changed', { when: formatDateTime(view.updatedAt) })
              : ''}
            {view.updatedBy ? t('optionsRules.site.by', { name: view.updatedBy }) : ''}.
            {view.canEdit ? '' : t('optionsRules.site.adminsOnly')}
          </p>
          <ul class="site-rules" aria-label={t('optionsRules.site.listLabel')}>
            {tools.map((tool) => (
              <SiteToolRow key={tool.name} tool={tool} canEdit={view.canEdit} />
            ))}
          </ul>
          {!view.canEdit &&
            Object.keys(view.entries).length + Object.keys(view.failed).length === 0 && (
              <p class="muted">{t('optionsRules.site.none')}</p>
            )}
          {view.canEdit && (
            <div class="opt-actions">
              <button
                type="button"
                class="primary"
                onClick={() => void saveSiteRules()}
                disabled={status.kind === 'saving' || !siteDirty.value}
              >
                {status.kind === 'saving' ? t('optionsRules.saving') : t('optionsRules.site.save')}
              </button>
              <span
                role="status"
                class={`form-status ${status.kind === 'stale' ? 'error' : status.kind}`}
                data-testid="site-rules-status"
              >
                {status.text ?? (siteDirty.value ? t('optionsRules.site.unsaved') : '')}
              </span>
            </div>
          )}
        </>
      )}
    </section>
  );
}
