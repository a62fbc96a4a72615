import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AuditLog, ToolCallRecord } from '../../../../src/audit';
import type { DraftStamp } from '../../../../src/cms/adapter';
import { draftChange } from '../../../../src/cms/draft-change';
import { followPublish, publishCallFor } from '../../../../src/background/threads/publish';
import type { RunEvent } from '../../../../src/run';
import { createRegistry } from '../../../../src/tools/registry';
import type { AnyTool, ToolContext } from '../../../../src/tools/tool';
import type { ResultCard, ThreadView } from '../../../../src/shared/protocols/thread-protocol';
import { adapterWith } from '../../support/adapter-with';

// U1, U2: the pure parts of Publish as a person's call (publish.ts); the whole path through
// the gate, the site's second approvers and WordPress: tests/e2e/publish-gate.spec.ts.

const stamp = (modified: string, title: string): DraftStamp => ({
  modified,
  fields: [
    { key: 'title', label: 'Title', value: title },
    { key: 'content', label: 'Content', value: 'Body.' },
  ],
});

describe('draftChange (U1, C5)', () => {
  it('is null for the draft as reviewed, and names each field that changed since', () => {
    expect(draftChange(stamp('m1', 'A'), stamp('m1', 'A'))).toBeNull();
    expect(draftChange(stamp('m1', 'A'), stamp('m2', 'B'))).toEqual({
      kind: 'changed',
      stamp: stamp('m2', 'B'),
      changes: [{ key: 'title', label: 'Title', before: 'A', after: 'B' }],
    });
    // Saved again with the same values visitors see: still changed, with no field named.
    expect(draftChange(stamp('m1', 'A'), stamp('m2', 'A'))?.changes).toEqual([]);
  });
});

function world(options: { access?: string; now?: DraftStamp } = {}) {
  const tool: AnyTool = {
    name: 'cms_publish_note',
    label: 'Publish',
    description: 'Publish.',
    cardDescription: 'Publishes.',
    input: z.strictObject({
      id: z.number().describe('The note.'),
      from: z.string().describe('The write.'),
    }),
    classification: { kind: 'write', destructive: false },
    personOnly: true,
    access: () =>
      Promise.resolve(options.access ? { ok: false, reason: options.access } : { ok: true }),
    execute: () => Promise.reject(new Error('not here')),
  };
  const adapter = adapterWith({
    publishCall: (recordId: string, ref: { id: number }) => ({
      tool: tool.name,
      input: { id: ref.id, from: recordId },
    }),
    visibility: () =>
      Promise.resolve({
        visitorsSee: false,
        status: 'draft',
        summary: '',
        published: null,
        stamp: options.now ?? stamp('m1', 'A'),
      }),
  });
  const wiring = { registry: createRegistry([tool]), adapter, audit: {} as never };
  const ctx = { user: { id: 3 }, threadId: 't1', cms: {} } as unknown as ToolContext;
  const card: ResultCard = {
    recordId: 'rec-write',
    toolLabel: 'Update',
    entity: { id: 7, type: 'note', typeLabel: 'note', title: 'A' },
    visibleToVisitors: false,
    visibilityText: 'Draft',
    canPublish: true,
    reviewed: stamp('m1', 'A'),
  };
  return { wiring, ctx, card };
}

describe('publishCallFor (U1, U2, G5)', () => {
  it('proposes the adapter’s publish call, bound to the draft the card showed (G13)', async () => {
    const { wiring, ctx, card } = world();
    expect(await publishCallFor(card, ctx, wiring)).toEqual({
      tool: 'cms_publish_note',
      input: { id: 7, from: 'rec-write' },
      reviewedModified: 'm1',
    });
  });

  it('proposes nothing when the draft changed since the card: the card shows what changed', async () => {
    const { wiring, ctx, card } = world({ now: stamp('m2', 'B') });
    expect(await publishCallFor(card, ctx, wiring)).toBeNull();
    expect(card.changedSince).toEqual([
      { key: 'title', label: 'Title', current: 'A', proposed: 'B', format: 'text' },
    ]);
    expect(card.reviewed?.modified).toBe('m2');
    expect(card.checkedAt).toBeGreaterThan(0);
    // Asked again, it binds to the draft as the card now shows it.
    expect((await publishCallFor(card, ctx, wiring))?.reviewedModified).toBe('m2');
  });

  it('refuses before any card when WordPress would not let the account publish, or the card offers no Publish', async () => {
    const denied = world({ access: 'Your account may not publish notes.' });
    await expect(publishCallFor(denied.card, denied.ctx, denied.wiring)).rejects.toMatchObject({
      code: 'forbidden',
      message: 'Your account may not publish notes.',
    });
    for (const change of [
      { canPublish: false },
      { published: true },
      { publish: { state: 'asked' as const } },
    ]) {
      const { wiring, ctx, card } = world();
      await expect(publishCallFor({ ...card, ...change }, ctx, wiring)).rejects.toMatchObject({
        code: 'not-publishable',
      });
    }
  });
});

describe('followPublish (U2)', () => {
  const record = { id: 'rec-pub', transport: 'command', input: { id: 7, from: 'rec-write' } };
  const audit = {
    get: (id: string) => Promise.resolve(id === 'rec-pub' ? (record as ToolCallRecord) : undefined),
  } as unknown as AuditLog;
  const viewWith = (card: ResultCard): ThreadView =>
    ({ items: [{ kind: 'result', id: 'i1', card }] }) as unknown as ThreadView;
  const result = (status: string, summary = ''): RunEvent =>
    ({ type: 'tool_result', threadId: 't1', recordId: 'rec-pub', status, summary }) as RunEvent;

  it('marks the card asked, then published with U2’s words; a rejection offers Publish again', async () => {
    const { card } = world();
    const view = viewWith(card);
    await followPublish(
      view,
      { type: 'approval', threadId: 't1', approval: { recordId: 'rec-pub' } } as RunEvent,
      { audit },
    );
    expect(card.publish).toEqual({ state: 'asked', recordId: 'rec-pub' });
    await followPublish(view, result('rejected'), { audit });
    expect(card.publish).toBeUndefined();
    await followPublish(view, result('run'), { audit });
    expect(card).toMatchObject({
      published: true,
      canPublish: false,
      visibleToVisitors: true,
      visibilityText: 'Published: visitors see it now.',
    });
  });

  it('says why a publish that could not run did not, and leaves other cards alone', async () => {
    const { card } = world();
    await followPublish(viewWith(card), result('failed', 'Post 7 is publish, not a draft.\nmore'), {
      audit,
    });
    expect(card.publish).toEqual({
      state: 'refused',
      recordId: 'rec-pub',
      message: 'Post 7 is publish, not a draft.',
    });
    const other = { ...world().card, recordId: 'rec-other' };
    await followPublish(viewWith(other), result('run'), { audit });
    expect(other.published).toBeUndefined();
  });
});
