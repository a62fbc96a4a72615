import { describe, expect, it } from 'vitest';
import { readRunState, RunStateError, type RunState } from '../../../src/run';
import { fixture } from './support/fixtures';

describe('RunState v1 fixtures (STYLE 5, STYLE 7)', () => {
  // v1-pending's done call is from before results kept their summary and panel data apart
  // (issue 15 item 3); v1-done-display's has both: each reads back as it was written.
  it.each(['v1-idle', 'v1-pending', 'v1-executing', 'v1-done-display'])(
    '%s reads back whole and unchanged',
    (name) => {
      const raw = fixture(name);
      const { state, report } = readRunState(raw);
      expect(report).toEqual({ droppedCalls: [], droppedPreviews: 0 });
      expect(state).toEqual(raw);
    },
  );

  it('a state written today reads back identical through JSON', () => {
    const { state } = readRunState(fixture('v1-pending'));
    const again = readRunState(JSON.parse(JSON.stringify(state)) as unknown);
    expect(again.state).toEqual(state);
  });

  it.each([
    ['bad-future-version', 'run-state-version', ['schemaVersion']],
    ['bad-missing-fields', 'run-state-invalid', ['owner.siteOrigin', 'transcript']],
    ['bad-no-version', 'run-state-invalid', ['schemaVersion']],
    ['bad-proto-key', 'run-state-unsafe', ['transcript[1].content[2].input.__proto__']],
    ['bad-constructor-key', 'run-state-unsafe', ['owner.constructor']],
    ['bad-not-object', 'run-state-invalid', []],
  ])('%s is a RunStateError %s naming %j', (name, code, fields) => {
    let error: unknown;
    try {
      readRunState(fixture(name), 'thread-x');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RunStateError);
    expect(error).toMatchObject({ code, threadId: 'thread-x' });
    expect([...(error as RunStateError).fields].sort()).toEqual(fields);
    expect((error as Error).message).toContain('thread-x');
  });

  it('a prototype key never reaches an object prototype', () => {
    expect(() => readRunState(fixture('bad-proto-key'))).toThrow(RunStateError);
    expect(({} as Record<string, unknown>)['isAdmin']).toBeUndefined();
  });
});

describe('degrading on read (P5, P6)', () => {
  it('P5: an unusable call is dropped and reported; previews are translated onto the surviving calls', () => {
    const { state, report } = readRunState(fixture('v1-unusable-call'));
    expect(state.turn?.calls.map((c) => c.recordId)).toEqual(['rec-a', 'rec-c']);
    expect(report.droppedCalls).toEqual([{ index: 1, recordId: 'rec-b', status: 'done' }]);
    expect(state.turn?.previews).toEqual([
      { position: 0, tool: 'wp_get_post', lines: ['Reads post 1'] },
      { position: 1, tool: 'wp_delete_post', lines: ['Deletes "Draft"'] },
    ]);
    expect(report.droppedPreviews).toBe(1);
  });

  it('P5: a preview whose tool does not match the call at its position is dropped, not shown beside it', () => {
    const raw = fixture('v1-pending') as unknown as RunState;
    raw.turn!.previews = [{ position: 1, tool: 'wp_delete_post', lines: ['Deletes "Draft"'] }];
    const { state, report } = readRunState(raw);
    expect(state.turn?.previews).toEqual([]);
    expect(report.droppedPreviews).toBe(1);
  });

  it('P6: malformed stored previews degrade to no preview and the state still reads', () => {
    const bad = readRunState(fixture('v1-bad-previews'));
    expect(bad.state.turn?.previews).toEqual([]);
    expect(bad.report.droppedPreviews).toBe(4);
    expect(bad.state.turn?.calls).toHaveLength(3);
    const notArray = readRunState(fixture('v1-previews-not-array'));
    expect(notArray.state.turn?.previews).toEqual([]);
    expect(notArray.report.droppedPreviews).toBe(1);
  });

  it('P6: card data kept with a preview that does not validate is left out; the lines stay (issue 35)', () => {
    const raw = fixture('v1-pending') as { turn: { previews: Record<string, unknown>[] } };
    const card = {
      entity: { ref: { type: 'post', id: 7 }, typeLabel: 'Post', title: 'Hello' },
      fields: [
        {
          key: 'title',
          label: 'Title',
          format: 'text',
          current: { raw: 'Hello' },
          proposed: 'New',
        },
      ],
      lands: 'draft',
    };
    raw.turn.previews[0] = { ...raw.turn.previews[0], card };
    const kept = readRunState(structuredClone(raw));
    expect(kept.state.turn?.previews[0]).toMatchObject({ card });
    raw.turn.previews[0] = { ...raw.turn.previews[0], card: { ...card, lands: 'tomorrow' } };
    const { state, report } = readRunState(raw);
    expect(state.turn?.previews[0]).toEqual({
      position: 1,
      tool: 'wp_update_post',
      lines: ['Title: "Hello" → "New"'],
    });
    expect(report.droppedPreviews).toBe(0);
  });

  it('P6: a missing previews field is no preview, and refused decisions that do not parse are dropped', () => {
    const raw = fixture('v1-pending') as Record<string, unknown> & {
      turn: Record<string, unknown>;
    };
    delete raw.turn['previews'];
    raw['refusedDecisions'] = 'garbage';
    const { state, report } = readRunState(raw);
    expect(state.turn?.previews).toEqual([]);
    expect(state.refusedDecisions).toEqual([]);
    expect(report.droppedPreviews).toBe(0);
  });
});
