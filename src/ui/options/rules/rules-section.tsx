import { t } from '../../../i18n';
import { useEffect } from 'preact/hooks';
import { hasWildcardAllow } from '../../../settings/policy-opt-in';
import { PolicyTransfer } from './policy-transfer';
import { RulesSaveBar } from './rules-save-bar';
import { draft, loadError, loadRules, view } from './rules-model';
import { ToolRuleRow } from './tool-rule-row';
import { WildcardEntry } from './wildcard-entry';
import { SiteChooser, SiteRulesPanel } from './site-rules';
import { SiteToolRules } from './site-tools';
import { siteToolList } from './site-tools-model';

/** Issue 7 items 2-3: per-tool modes and rules, managed entries locked (G1-G4, G11). */
export function RulesSection() {
  useEffect(() => void loadRules(), []);
  const current = view.value;
  if (loadError.value)
    return (
      <p class="inline-error" role="alert">
        {loadError.value}
      </p>
    );
  if (!current)
    return (
      <p class="muted" aria-busy="true">
        {t('optionsRules.loading')}
      </p>
    );
  const wildcard = current.managed.entries['*'] ?? draft.value['*'];
  const optIn = wildcard?.mode === 'allow' || hasWildcardAllow(current.managed.entries);
  return (
    <section class="opt-stack" aria-labelledby="rules-title">
      <h2 id="rules-title">{t('optionsRules.title')}</h2>
      <p class="opt-hint">{t('optionsRules.intro')}</p>
      <p class="opt-hint">{t('optionsRules.sources')}</p>
      <SiteChooser />
      <SiteRulesPanel tools={[...current.tools, ...siteToolList.value]} />
      {current.managed.status !== 'none' && (
        <p class="notice" data-testid="managed-banner">
          {current.managed.status === 'ok'
            ? t('optionsRules.managedOk')
            : t('optionsRules.managedBroken')}
        </p>
      )}
      {current.problems.length > 0 && (
        <div class="notice warning" role="alert" data-testid="policy-problems">
          <ul>
            {current.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      <div class="browser-rules">
        <WildcardEntry />
        <ul class="tool-rules" aria-label={t('optionsRules.tools')}>
          {current.tools.map((tool) => (
            <ToolRuleRow key={tool.name} tool={tool} optIn={optIn} />
          ))}
        </ul>
        <SiteToolRules optIn={optIn} />
        <RulesSaveBar />
      </div>
      <PolicyTransfer />
    </section>
  );
}
