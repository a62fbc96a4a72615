import { t } from '../../../i18n';
import { computed, signal } from '@preact/signals';
import {
  SitePolicySaveViewSchema,
  SitePolicyViewSchema,
  type FieldProblem,
  type ModeView,
  type SitePolicyView,
  type ToolSummary,
} from '../../../shared/protocols/options-protocol';

type SiteClassView = SitePolicyView['classes'][string];
import { ask, messageOf, RequestFailed } from '../options-request';
import { draftToPolicy, toDraft, type DraftEntry } from './rules-model';
import { loadSync, syncSites } from '../site-audit/sync-model';
import { loadSiteTools } from './site-tools-model';

/** The site whose rules the page shows (`userId@siteRoot`), or null for "this browser only". */
export const siteChoice = signal<string | null>(null);
export const siteView = signal<SitePolicyView | null>(null);
export const siteLoading = signal(false);
export const siteError = signal<string | null>(null);
/** The site rules being edited (only for a person who may manage them). */
export const siteDraft = signal<Record<string, DraftEntry>>({});
/** Issue 34: the classes being edited for the site's abilities (none: as its plugin says). */
export const siteClassDraft = signal<Record<string, SiteClassView>>({});
export const siteProblems = signal<FieldProblem[]>([]);
export const siteStatus = signal<{
  kind: 'idle' | 'saving' | 'saved' | 'stale' | 'error';
  text?: string;
}>({
  kind: 'idle',
});

/** The sites that may hold site rules: all but those known to lack the plugin. */
export const pluginSites = computed(() =>
  (syncSites.value ?? []).filter((s) => s.mode !== 'local-only'),
);

const keyOf = (site: { userId: string; siteRoot: string }) => `${site.userId}@${site.siteRoot}`;

/** The chosen site as the mirror lists it. */
export const chosenSite = computed(
  () => pluginSites.value.find((site) => keyOf(site) === siteChoice.value) ?? null,
);

function adopt(view: SitePolicyView): void {
  siteView.value = view;
  siteDraft.value = toDraft(view.entries);
  siteClassDraft.value = { ...view.classes };
  siteProblems.value = [];
}

/** Lists the sites, and shows the first with the plugin unless one is chosen. */
export async function loadSiteChoices(): Promise<void> {
  await loadSync();
  if (siteChoice.value === null && pluginSites.value[0]) {
    await chooseSite(keyOf(pluginSites.value[0]));
  }
}

/** Shows (and reads now) the rules of one site; null for this browser's rules alone. */
export async function chooseSite(key: string | null): Promise<void> {
  siteChoice.value = key;
  siteView.value = null;
  siteError.value = null;
  siteStatus.value = { kind: 'idle' };
  const site = chosenSite.value;
  void loadSiteTools(site ? { siteRoot: site.siteRoot, userId: site.userId } : null);
  if (!site) return;
  siteLoading.value = true;
  try {
    const request = {
      type: 'options-site-policy-get',
      siteRoot: site.siteRoot,
      userId: site.userId,
    } as const;
    adopt(await ask(request, SitePolicyViewSchema));
  } catch (error) {
    siteError.value = messageOf(error);
  } finally {
    siteLoading.value = false;
  }
}

/** Changes one tool's site rule in the draft. */
export function editSiteEntry(key: string, change: Partial<DraftEntry>): void {
  const current = siteDraft.value[key] ?? { mode: 'default', ruleText: '' };
  siteDraft.value = { ...siteDraft.value, [key]: { ...current, ...change } };
  siteStatus.value = { kind: 'idle' };
}

/** Issue 34: gives one of the site's abilities a class, or (null) leaves it as its plugin says. */
export function editSiteClass(key: string, cls: SiteClassView | null): void {
  const next = { ...siteClassDraft.value };
  if (cls) next[key] = cls;
  else delete next[key];
  siteClassDraft.value = next;
  siteStatus.value = { kind: 'idle' };
}

/** The site's document: each entry's rule, with the class of the abilities that have one. */
function withClasses(
  policy: Record<string, object>,
  classes: Record<string, SiteClassView>,
): Record<string, object> {
  const doc: Record<string, object> = { ...policy };
  for (const [key, cls] of Object.entries(classes)) doc[key] = { ...doc[key], class: cls };
  return doc;
}

/** Whether the site draft differs from the site's rules as read. */
export const siteDirty = computed(() => {
  const view = siteView.value;
  const saved = withClasses(view?.entries ?? {}, view?.classes ?? {});
  const sorted = (policy: object) =>
    JSON.stringify(Object.entries(policy).sort(([a], [b]) => (a < b ? -1 : 1)));
  const draft = withClasses(draftToPolicy(siteDraft.value).policy, siteClassDraft.value);
  return sorted(draft) !== sorted(saved);
});

/**
 * G11: saves the site's rules, naming the version read. When someone saved in between,
 * nothing is overwritten: the page shows the site's rules as they are now and says so.
 */
export async function saveSiteRules(): Promise<void> {
  const view = siteView.value;
  if (!view || view.version === null) return;
  const built = draftToPolicy(siteDraft.value);
  if (built.problems.length > 0) {
    siteProblems.value = built.problems;
    siteStatus.value = {
      kind: 'error',
      text: t('optionsRules.site.fix'),
    };
    return;
  }
  siteStatus.value = { kind: 'saving' };
  try {
    const request = {
      type: 'options-site-policy-save',
      siteRoot: view.siteRoot,
      userId: view.userId,
      replaces: view.version,
      policy: withClasses(built.policy, siteClassDraft.value),
    } as const;
    const answer = await ask(request, SitePolicySaveViewSchema);
    adopt(answer.view);
    siteStatus.value =
      answer.outcome === 'saved'
        ? {
            kind: 'saved',
            text: t('optionsRules.site.saved'),
          }
        : {
            kind: 'stale',
            text: t('optionsRules.site.stale'),
          };
  } catch (error) {
    if (error instanceof RequestFailed) siteProblems.value = error.problems;
    siteStatus.value = {
      kind: 'error',
      text: t('optionsRules.notSaved', { reason: messageOf(error) }),
    };
  }
}

/** Where the rule that applies to a tool on the chosen site comes from (G11). */
export type RuleOrigin = 'managed' | 'site' | 'site-failed' | 'browser' | 'default';

/**
 * G11: which source decides a tool: managed > site > this browser > default, a tool's own
 * entry before its source's `"*"`. `admin` is this browser's saved rules.
 */
export function originOf(
  tool: Pick<ToolSummary, 'name'>,
  managed: Record<string, unknown> | null,
  site: SitePolicyView | null,
  admin: Record<string, unknown>,
): { origin: RuleOrigin; entry: string } {
  const has = (policy: Record<string, unknown> | null | undefined, key: string) =>
    Boolean(policy && Object.hasOwn(policy, key));
  for (const key of [tool.name, '*'])
    if (managed && has(managed, key)) return { origin: 'managed', entry: key };
  if (site && site.status !== 'none') {
    for (const key of [tool.name, '*']) {
      if (has(site.failed, key)) return { origin: 'site-failed', entry: key };
      if (has(site.entries, key)) return { origin: 'site', entry: key };
    }
  }
  for (const key of [tool.name, '*']) if (has(admin, key)) return { origin: 'browser', entry: key };
  return { origin: 'default', entry: tool.name };
}

/** The site rule's mode for a tool as the page shows it, if the site sets one. */
export function siteModeOf(view: SitePolicyView, key: string): ModeView | 'fails closed' | null {
  if (Object.hasOwn(view.failed, key)) return 'fails closed';
  return view.entries[key]?.mode ?? null;
}
