import { t } from '../../../i18n';
import type { ToolSummary } from '../../../shared/protocols/options-protocol';
import { chosenSite } from './site-rules-model';
import { loadSiteTools, siteTools, siteToolsError, siteToolsLoading } from './site-tools-model';
import { ToolRuleRow } from './tool-rule-row';

/** The site's tools by their group (an ability's category), groups and tools by label. */
function groups(tools: ToolSummary[]): [string, ToolSummary[]][] {
  const byGroup = new Map<string, ToolSummary[]>();
  for (const tool of tools) {
    const group = tool.siteOrigin?.group ?? '';
    byGroup.set(group, [...(byGroup.get(group) ?? []), tool]);
  }
  const order = (a: string, b: string) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b));
  return [...byGroup.entries()]
    .sort(([a], [b]) => order(a, b))
    .map(([group, list]) => [group, list.sort((a, b) => a.label.localeCompare(b.label))]);
}

/**
 * Issue 34: the abilities the chosen site offers the person, in the rules table with the
 * browser's rules for them and where each one's class came from. Read through the person's
 * open admin tab of the site (their own session), so each person sees what they may use.
 */
export function SiteToolRules({ optIn }: { optIn: boolean }) {
  const site = chosenSite.value;
  if (!site) return null;
  const view = siteTools.value;
  const target = { siteRoot: site.siteRoot, userId: site.userId };
  return (
    <section class="site-tools" aria-labelledby="site-tools-title" data-testid="site-tools">
      <h3 id="site-tools-title">{t('optionsAbilities.title', { site: site.label })}</h3>
      <p class="opt-hint">{t('optionsAbilities.intro')}</p>
      {siteToolsLoading.value && (
        <p class="muted" aria-busy="true" role="status">
          {t('optionsAbilities.reading', { site: site.label })}
        </p>
      )}
      {siteToolsError.value && (
        <p class="inline-error" role="alert">
          {siteToolsError.value}
        </p>
      )}
      {view?.status === 'no-tab' && (
        <p class="muted" data-testid="site-tools-no-tab">
          {t('optionsAbilities.noTab', { site: site.label })}{' '}
          <button type="button" class="opt-link" onClick={() => void loadSiteTools(target)}>
            {t('optionsAbilities.readAgain')}
          </button>
        </p>
      )}
      {view?.status === 'listed' && view.tools.length === 0 && (
        <p class="muted" data-testid="site-tools-none">
          {t('optionsAbilities.none', { site: site.label })}
        </p>
      )}
      {view?.status === 'listed' && view.tools.length > 0 && (
        <>
          <p class="muted" role="status">
            {t('optionsAbilities.count', { count: view.tools.length })}
          </p>
          {groups(view.tools).map(([group, tools]) => (
            <section
              key={group}
              class="site-tool-group"
              aria-label={group || t('optionsAbilities.ungrouped')}
            >
              <h4>{group || t('optionsAbilities.ungrouped')}</h4>
              <ul class="tool-rules">
                {tools.map((tool) => (
                  <ToolRuleRow key={tool.name} tool={tool} optIn={optIn} heading="h5" />
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </section>
  );
}
