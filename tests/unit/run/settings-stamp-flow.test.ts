import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AnyTool } from '../../../src/tools/tool';
import { awaiting, decisionFor, newThread } from './support/flow';
import { reply, text, toolUse } from './support/scripted-model';
import { OWNER, World } from './support/world';
import type { FakeCms } from './support/fake-cms';

/** The site's settings as the fake configuration tool reads and writes them. */
type Settings = Record<string, string>;

/** wp_update_settings as the real one states its facts: the current values it would change. */
function settingsTool(cms: FakeCms, site: Settings): AnyTool {
  return {
    name: 'wp_update_settings',
    label: 'Change site settings',
    description: 'Change site settings.',
    cardDescription: 'Changes site settings; the change is live at once.',
    input: z.strictObject({ title: z.string().describe('The site title.') }),
    classification: {
      kind: 'write',
      destructive: false,
      changes: { entity: [], values: ['title'] },
    },
    facts: () => Promise.resolve({ settings: { title: site['title'] } }),
    access: () => Promise.resolve({ ok: true }),
    execute: (_ctx, input: { title: string }) => {
      cms.executions.push({ tool: 'wp_update_settings', input });
      site['title'] = input.title;
      return Promise.resolve({ summary: 'Changed the title.', data: null });
    },
  };
}

describe('G13, G15: a settings card carries a stamp that changes with the settings', () => {
  it('a second approval taken on the old values never overwrites a value changed meanwhile', async () => {
    const site: Settings = { title: 'Old title' };
    const world = new World({ tools: (cms) => [settingsTool(cms, site)] });
    const worker = world.worker();
    const threadId = await newThread(worker);
    world.model.script.push(
      reply(toolUse('wp_update_settings', { title: 'Agent title' })),
      reply(text('Done.')),
    );
    const card = awaiting(await worker.runs.send(threadId, 'Rename the site', OWNER));
    expect(card.targetModified).toMatch(/^settings:[0-9a-f]{64}$/);

    // Someone else changes the title after the card was offered to the second approver.
    site['title'] = 'Changed by the editor-in-chief';
    const approvedOnOld = decisionFor(card, {
      countersignedBy: '9',
      targetModified: card.targetModified,
    });
    const first = await worker.runs.decide(threadId, approvedOnOld);
    expect(first.decision.kind).toBe('target-changed');
    if (first.decision.kind !== 'target-changed') return;
    const refreshed = first.decision.approval;
    // The refreshed card is a new offer: its stamp differs, so the site asks again.
    expect(refreshed.targetModified).toMatch(/^settings:[0-9a-f]{64}$/);
    expect(refreshed.targetModified).not.toBe(card.targetModified);

    // The site still holds the approval of the old card and hands it over once more.
    const again = await worker.runs.decide(threadId, approvedOnOld);
    expect(again.decision).toMatchObject({ kind: 'refused', error: { code: 'decision-stale' } });
    expect(world.cms.executions).toEqual([]);
    expect(site['title']).toBe('Changed by the editor-in-chief');

    // A decision on the refreshed card (the values as they are now) runs it.
    const fresh = decisionFor(refreshed, {
      countersignedBy: '9',
      targetModified: refreshed.targetModified,
    });
    expect((await worker.runs.decide(threadId, fresh)).decision.kind).toBe('decided');
    expect(site['title']).toBe('Agent title');
  });

  it('the same values give the same stamp (a restarted worker offers the same card)', async () => {
    const site: Settings = { title: 'Same' };
    const world = new World({ tools: (cms) => [settingsTool(cms, site)] });
    const worker = world.worker();
    const threadId = await newThread(worker);
    world.model.script.push(reply(toolUse('wp_update_settings', { title: 'T' })));
    const card = awaiting(await worker.runs.send(threadId, 'Go', OWNER));
    const restarted = world.worker();
    expect((await restarted.runs.approval(threadId))?.targetModified).toBe(card.targetModified);
  });
});
