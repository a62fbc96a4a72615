// The abilities bench's page (scripts/bench-abilities.mjs): what a site with N abilities costs
// the model and the worker, with the real src modules (discovery's parsing, abilityTools, the
// registry, the offer of issue 34 item 2). No network: the catalog is built in the page as the
// test plugin's shop registers it (scripts/wp-stack/abilities-test-plugin.php).
import { toAbility, type Ability } from '../../src/cms/wordpress/abilities/discover';
import { abilityTools } from '../../src/cms/wordpress/abilities/ability-tool';
import { WORDPRESS_TOOLS } from '../../src/cms/wordpress/tools';
import { SiteTools } from '../../src/background/site-tools';
import { createRegistry } from '../../src/tools/registry';
import { offeredDefinitions } from '../../src/tools/tool-offer';

declare global {
  interface Window {
    abilitiesBench: (args: { count: number; runs: number }) => Promise<unknown>;
  }
}

const annotations = { readonly: true, destructive: false, idempotent: true };

/** The raw REST entries of a shop with `count` abilities (as `/wp-abilities/v1/abilities`). */
function rawCatalog(count: number): unknown[] {
  const raw: unknown[] = [];
  for (let i = 1; i < count; i++) {
    raw.push({
      name: `countersign-shop/sales-report-${i}`,
      label: `Sales report ${i}`,
      description: `The sales figures of region ${i}.`,
      category: 'countersign-shop',
      input_schema: {
        type: 'object',
        properties: { month: { type: 'string', description: 'A month, YYYY-MM.' } },
      },
      meta: { annotations, show_in_rest: true },
    });
  }
  raw.push({
    name: 'countersign-shop/stock-level',
    label: 'Stock level',
    description: 'How many pieces of an article the warehouse holds.',
    category: 'countersign-shop',
    input_schema: {
      type: 'object',
      properties: { sku: { type: 'string', title: 'Article number' } },
      required: ['sku'],
    },
    meta: { annotations, show_in_rest: true },
  });
  return raw;
}

async function registryOf(count: number) {
  const abilities = rawCatalog(count)
    .map((entry) => toAbility(entry))
    .filter((parsed): parsed is Ability => !('reason' in parsed));
  const categories = [{ slug: 'countersign-shop', label: 'Test shop', description: '' }];
  const tools = new SiteTools(createRegistry([...WORDPRESS_TOOLS]), {
    tools: () => [...WORDPRESS_TOOLS],
    siteTools: () => Promise.resolve(abilityTools({ abilities, categories })),
  });
  return tools.registryFor({ session: {} });
}

const size = (definitions: unknown[]) => JSON.stringify(definitions).length;

window.abilitiesBench = async ({ count, runs }) => {
  const question = [
    {
      role: 'user' as const,
      content: [{ type: 'text' as const, text: 'How are sales in region 12 this month?' }],
    },
  ];
  const registry = await registryOf(count);
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    await registryOf(count);
    times.push(performance.now() - start);
  }
  return {
    count,
    wordpressAlone: size(createRegistry([...WORDPRESS_TOOLS]).definitions()),
    everyAbility: size(registry.definitions()),
    offered: size(offeredDefinitions(registry, question)),
    offeredTools: offeredDefinitions(registry, question).length,
    allTools: registry.definitions().length,
    buildMs: times,
  };
};
