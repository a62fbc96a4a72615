import { beforeEach, describe, expect, it, vi } from 'vitest';

// The options page asks the background for each page of the site's audit; two requests in
// flight may answer in either order. What shows must be the answer to the newest one. Opening
// the audit also asks the site to verify its chain (A7): that answer is not a page, and comes
// at once here.
const pending: Array<{ request: { filter: object }; resolve: (v: unknown) => void }> = [];
vi.mock('../../../src/ui/options/options-request', () => ({
  ask: (request: { type: string; filter: object }) =>
    request.type === 'options-site-chain'
      ? Promise.resolve({ intact: true })
      : new Promise((resolve) => pending.push({ request, resolve })),
  messageOf: (error: unknown) => String(error),
}));

const { applySiteFilters, openSiteAudit, siteFilter, siteLoading, sitePage } =
  await import('../../../src/ui/options/site-audit/site-audit-model');

const site = { siteRoot: 'https://example.test/wp-json/', userId: '1' } as Parameters<
  typeof openSiteAudit
>[0];
/** A page whose one record says which request it answers. */
const pageOf = (which: string) => ({ records: [{ id: which }], nextCursor: null, everyone: true });

describe("the site audit's pages (A3)", () => {
  beforeEach(() => {
    pending.length = 0;
    siteFilter.value = { tool: '', status: '', user: '', thread: '' };
  });

  it('a filter applied while the unfiltered page is still on its way shows the filtered answer, whatever answers last', async () => {
    const opening = openSiteAudit(site);
    siteFilter.value = { ...siteFilter.value, thread: 'thread-7' };
    const filtering = applySiteFilters();
    expect(pending.map((p) => p.request.filter)).toEqual([{}, { thread: 'thread-7' }]);
    // The filtered request answers first, the unfiltered one after it.
    pending[1]!.resolve(pageOf('filtered'));
    await filtering;
    pending[0]!.resolve(pageOf('everything'));
    await opening;
    expect(sitePage.value?.records).toEqual([{ id: 'filtered' }]);
    expect(siteLoading.value).toBe(false);
  });

  it('the newest answer shows when they come in order too', async () => {
    const opening = openSiteAudit(site);
    siteFilter.value = { ...siteFilter.value, tool: 'wp_update_post' };
    const filtering = applySiteFilters();
    pending[0]!.resolve(pageOf('everything'));
    await opening;
    expect(siteLoading.value).toBe(true); // the filtered page is still on its way
    pending[1]!.resolve(pageOf('filtered'));
    await filtering;
    expect(sitePage.value?.records).toEqual([{ id: 'filtered' }]);
    expect(siteLoading.value).toBe(false);
  });
});
