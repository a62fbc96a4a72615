// Issue 34: saving the site's rules from the options page with an ability's class. A class the
// site could not use (on a WordPress tool, or not read/write/destructive) is refused before
// anything is sent, naming the entry and the field; a good one is sent with the entry.
import { describe, expect, it, vi } from 'vitest';
import { saveSitePolicy } from '../../../src/background/options-site-policy';
import type { SitePolicyService } from '../../../src/background/site-policy';
import { parseSitePolicy } from '../../../src/settings/policy-site';
import { ABILITY_TOOL_PREFIXES } from '../../../src/cms/wordpress/abilities/names';

const target = { siteRoot: 'http://127.0.0.1:8885/', userId: '1' };

function serviceWriting() {
  const write = vi.fn((_target: unknown, _replaces: number, policy: object) =>
    Promise.resolve(
      parseSitePolicy(
        { version: 2, policy, updatedAt: 1, updatedBy: null, canEdit: true },
        [],
        1,
        ABILITY_TOOL_PREFIXES,
      ),
    ),
  );
  return { write, service: { write } as unknown as SitePolicyService };
}

describe("saving an ability's class in the site's rules", () => {
  it.each([
    ['on a WordPress tool', { wp_update_post: { mode: 'ask', class: 'read' } }, 'wp_update_post'],
    ['that is no class', { 'ab_acme_sync-all': { class: 'harmless' } }, 'ab_acme_sync-all'],
  ])('a class %s is refused, naming the entry, and nothing is sent', async (_, raw, entry) => {
    const { write, service } = serviceWriting();
    const answer = await saveSitePolicy(service, target, 1, raw, ABILITY_TOOL_PREFIXES);
    expect(answer.ok).toBe(false);
    expect(!answer.ok && answer.error.problems).toEqual([
      expect.objectContaining({ entry, field: 'class' }),
    ]);
    expect(write).not.toHaveBeenCalled();
  });

  it('a good class is sent with its entry, and the view reads it back', async () => {
    const { write, service } = serviceWriting();
    const raw = { 'ab_acme_sync-all': { class: 'write' }, wp_update_post: { mode: 'ask' } };
    const answer = await saveSitePolicy(service, target, 1, raw, ABILITY_TOOL_PREFIXES);
    expect(write.mock.calls[0]?.[2]).toEqual(raw);
    expect(answer.ok && answer.value.view.classes).toEqual({ 'ab_acme_sync-all': 'write' });
  });
});
