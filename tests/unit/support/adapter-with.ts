import type { CmsAdapter } from '../../../src/cms/adapter';

/** The adapter's optional capabilities: absent means the CMS has none (issue 35 item 5). */
const OPTIONAL = new Set<PropertyKey>(['companion', 'siteTools', 'siteToolPrefixes']);

/**
 * The one way a unit test fakes part of a CMS adapter: the members it gives, the optional
 * capabilities absent unless given, and any other member a use of which fails naming it
 * (instead of "undefined is not a function" somewhere deeper). Whole fake CMSs built on the
 * adapter contract: `background/support/service-world.ts` (WordPress's pages, a fake site)
 * and `background/support/ledger.ts` (a CMS of its own, no companion server).
 */
export function adapterWith(parts: Partial<CmsAdapter>): CmsAdapter {
  return new Proxy(parts, {
    get(target, key) {
      if (key in target) return target[key as keyof CmsAdapter];
      // Not a thenable, and printable by the test runner.
      if (OPTIONAL.has(key) || key === 'then' || typeof key === 'symbol') return undefined;
      throw new Error(`this test's adapter has no "${String(key)}": give it in adapterWith()`);
    },
  }) as CmsAdapter;
}
