import { signal } from '@preact/signals';
import { t } from '../../i18n';
import { ToolsHereSchema, type ToolHere } from '../../shared/protocols/panel-protocol';
import { currentTabId } from './current-tab';

type Loaded =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'listed'; cms: string; tools: ToolHere[] }
  | { kind: 'error'; message: string };

const list = signal<Loaded>({ kind: 'idle' });

/** Asks the background what the agent may use on this tab; the answer is validated. */
async function load(): Promise<void> {
  list.value = { kind: 'loading' };
  try {
    const tabId = await currentTabId();
    if (tabId === undefined) throw new Error(t('panel.tools.noTab'));
    const reply = (await chrome.runtime.sendMessage({ type: 'tools-here', tabId })) as unknown;
    const ok = reply as { ok?: boolean; value?: unknown; error?: { message?: unknown } };
    if (!ok?.ok) {
      const said = typeof ok?.error?.message === 'string' ? ok.error.message : '';
      throw new Error(said || t('panel.tools.failed'));
    }
    const parsed = ToolsHereSchema.safeParse(ok.value);
    if (!parsed.success) throw new Error(t('panel.error.badMessage'));
    list.value = { kind: 'listed', ...parsed.data };
  } catch (error) {
    list.value = { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
}

/** The groups as the person reads them: the CMS's tools, the site's by category, the page's. */
function groupsOf(tools: ToolHere[], cms: string): Array<{ title: string; tools: ToolHere[] }> {
  const groups = new Map<string, ToolHere[]>();
  const add = (title: string, tool: ToolHere) =>
    groups.set(title, [...(groups.get(title) ?? []), tool]);
  for (const tool of tools.filter((x) => x.where === 'cms')) add(cms, tool);
  for (const tool of tools.filter((x) => x.where === 'site')) {
    add(t('panel.tools.siteGroup', { group: tool.group ?? t('panel.tools.siteOther') }), tool);
  }
  for (const tool of tools.filter((x) => x.where === 'page')) add(t('panel.tools.pageGroup'), tool);
  return [...groups].map(([title, grouped]) => ({
    title,
    tools: grouped.sort((a, b) => a.label.localeCompare(b.label)),
  }));
}

/** What the gate makes of a tool, in a word: it reads, it changes, it may destroy, it always asks. */
function kindOf(tool: ToolHere): 'read' | 'write' | 'destructive' | 'unclassified' {
  if (tool.kind === null) return 'unclassified';
  if (tool.destructive || tool.kind === 'delete') return 'destructive';
  return tool.kind === 'read' ? 'read' : 'write';
}

/**
 * Issue 34: "What the agent can use here", folded until the person opens it: every tool the
 * agent may call on this tab, the site's abilities grouped by their category and the admin
 * page's own apart, each with what it does. Read when opened (a site may add many).
 */
export function ToolsHereList() {
  const state = list.value;
  return (
    <details
      class="tools-here"
      data-testid="tools-here"
      onToggle={(event) => {
        if ((event.currentTarget as HTMLDetailsElement).open) void load();
      }}
    >
      <summary>{t('panel.tools.title')}</summary>
      {state.kind === 'loading' && (
        <p class="muted" aria-busy="true">
          <span class="spinner" aria-hidden="true" /> {t('panel.tools.loading')}
        </p>
      )}
      {state.kind === 'error' && (
        <p class="inline-error" role="alert">
          {state.message}
        </p>
      )}
      {state.kind === 'listed' && (
        <>
          <p class="muted">{t('panel.tools.hint', { count: state.tools.length })}</p>
          {groupsOf(state.tools, state.cms).map((group) => (
            <section key={group.title} aria-label={group.title}>
              <h3 data-i18n-exempt="a group the site or the CMS names">{group.title}</h3>
              <ul>
                {group.tools.map((tool) => (
                  <li key={tool.name} data-testid={`tool-here-${tool.name}`}>
                    <span data-i18n-exempt="the tool's label">{tool.label}</span>{' '}
                    <span class={`badge kind-${kindOf(tool)}`}>
                      {t(`panel.tools.kind.${kindOf(tool)}`)}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </details>
  );
}
