// Issue 34 item 2: a thread's tools are the adapter's plus its site's own (WordPress 6.9+:
// abilities), read once per session; a site without any (6.1, 6.8) keeps the adapter's.
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { SiteTools } from '../../../src/background/site-tools';
import { createRegistry } from '../../../src/tools/registry';
import type { AnyTool } from '../../../src/tools/tool';

const tool = (name: string, label = name): AnyTool => ({
  name,
  label,
  description: `${name} for the model`,
  cardDescription: `${name} for people`,
  input: z.object({}),
  classification: { kind: 'read', destructive: false },
  access: () => Promise.resolve({ ok: true }),
  execute: () => Promise.resolve({ summary: 'done', data: null }),
});

const base = [tool('wp_read_post', 'Read a post')];

describe('a site’s tools', () => {
  it('adds the site’s tools to the adapter’s, read once per session', async () => {
    const siteTools = vi.fn(() => Promise.resolve([tool('ab_core_get-site-info', 'Site info')]));
    const tools = new SiteTools(createRegistry(base), { tools: () => base, siteTools });
    const session = {};
    const registry = await tools.registryFor({ session });
    expect(registry.names()).toEqual(['wp_read_post', 'ab_core_get-site-info']);
    expect(await tools.registryFor({ session })).toBe(registry);
    expect(siteTools).toHaveBeenCalledTimes(1);
    expect(tools.label('ab_core_get-site-info')).toBe('Site info');
    // Another session (another site or person) has its own.
    await tools.registryFor({ session: {} });
    expect(siteTools).toHaveBeenCalledTimes(2);
  });

  it('keeps the adapter’s tools for a site with none, and reads again after a failure', async () => {
    const baseRegistry = createRegistry(base);
    const none = new SiteTools(baseRegistry, { tools: () => base, siteTools: async () => [] });
    expect(await none.registryFor({ session: {} })).toBe(baseRegistry);
    const siteTools = vi
      .fn<() => Promise<AnyTool[]>>()
      .mockRejectedValueOnce(new Error('503'))
      .mockResolvedValueOnce([tool('ab_a_b')]);
    const flaky = new SiteTools(baseRegistry, { tools: () => base, siteTools });
    const session = {};
    expect(await flaky.registryFor({ session })).toBe(baseRegistry);
    expect((await flaky.registryFor({ session })).names()).toContain('ab_a_b');
  });

  it('leaves out a site tool that cannot be described honestly, keeping the rest', async () => {
    const bad = { ...tool('ab_x_y'), label: '' };
    const tools = new SiteTools(createRegistry(base), {
      tools: () => base,
      siteTools: async () => [bad, tool('wp_read_post'), tool('ab_ok_one')],
    });
    expect((await tools.registryFor({ session: {} })).names()).toEqual([
      'wp_read_post',
      'ab_ok_one',
    ]);
  });
});
