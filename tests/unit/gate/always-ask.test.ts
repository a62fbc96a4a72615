import { describe, expect, it } from 'vitest';
import { alwaysAskClass, defaultMode, goesLive, landsAsDraft } from '../../../src/gate';
import { makeTool } from '../tools/make-tool';
import { draftFacts, draftInput, liveFacts, tools } from './fixtures';

const throwingDraft = makeTool({
  classification: {
    kind: 'write',
    destructive: false,
    draft: () => {
      throw new Error('no facts');
    },
  },
});
const truthyDraft = makeTool({
  classification: { kind: 'write', destructive: false, draft: (() => 'yes') as never },
});

describe('G2/S2: classes of calls', () => {
  it('T2: a write lands as a draft only when draft() says exactly true', () => {
    expect(landsAsDraft(tools.write, draftInput, draftFacts)).toBe(true);
    expect(landsAsDraft(tools.write, draftInput, liveFacts)).toBe(false);
    expect(landsAsDraft(tools.liveWrite, draftInput, draftFacts)).toBe(false);
    expect(landsAsDraft(truthyDraft, draftInput, draftFacts)).toBe(false);
  });

  it('G2: a draft() that throws counts as live, so the write asks', () => {
    expect(landsAsDraft(throwingDraft, draftInput, draftFacts)).toBe(false);
    expect(alwaysAskClass(throwingDraft, draftInput, draftFacts)).toBe('live-write');
  });

  it.each([
    ['read', tools.read, null],
    ['draft write', tools.write, null],
    ['write without draft()', tools.liveWrite, 'live-write'],
    ['run', tools.run, null],
    ['send', tools.send, null],
    ['non-destructive delete', tools.trash, null],
    ['destructive delete', tools.destroy, 'destructive'],
    ['unclassified', tools.unclassified, 'unclassified'],
  ] as const)('G2: the always-ask class of a %s', (_kind, tool, expected) => {
    expect(alwaysAskClass(tool, draftInput, draftFacts)).toBe(expected);
  });

  it.each([
    ['read', tools.read, false],
    ['draft write', tools.write, false],
    ['write without draft()', tools.liveWrite, true],
    ['run', tools.run, true],
    ['send', tools.send, true],
    ['non-destructive delete', tools.trash, true],
    ['destructive delete', tools.destroy, true],
    ['unclassified', tools.unclassified, true],
  ] as const)('S2: whether a %s goes live', (_kind, tool, expected) => {
    expect(goesLive(tool, draftInput, draftFacts)).toBe(expected);
  });

  it.each([
    ['read', tools.read, 'allow'],
    ['write', tools.write, 'ask'],
    ['run', tools.run, 'ask'],
    ['send', tools.send, 'ask'],
    ['delete', tools.trash, 'ask'],
    ['unclassified', tools.unclassified, 'ask'],
  ] as const)('G3: the default mode of a %s tool', (_kind, tool, expected) => {
    expect(defaultMode(tool)).toBe(expected);
  });
});
