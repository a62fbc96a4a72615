import { describe, expect, it } from 'vitest';
import {
  NO_PREVIEW_NOTE,
  PREVIEW_CAPTURED_NOTE,
  PREVIEW_WITHHELD_NOTE,
  previewView,
  type OfferedCall,
} from '../../../src/run';
import { createRegistry } from '../../../src/tools/registry';
import type { ActingUser } from '../../../src/tools/tool';
import { FakeCms, updatePostTool } from './support/fake-cms';
import { USER } from './support/world';

const cms = new FakeCms();
const base = updatePostTool(cms);
const registry = createRegistry([
  { ...base, mayViewerReadPreview: (viewer: ActingUser) => viewer.roles.includes('administrator') },
]);
const bare = createRegistry([base]);
const offered: OfferedCall = {
  recordId: 'r1',
  position: 0,
  tool: 'wp_update_post',
  input: { id: 1, title: 'New' },
  preview: { position: 0, tool: 'wp_update_post', lines: ['Title: "Hello" → "New"'] },
};
const admin: ActingUser = { id: 1, name: 'Ada', roles: ['administrator'], capabilities: {} };
const author: ActingUser = { id: 3, name: 'Al', roles: ['author'], capabilities: {} };

describe('previews on the card (P3, P4, P6, P7)', () => {
  it('P4: the owner sees the lines with "Captured when the run paused"', () => {
    expect(previewView(offered, USER, '7', registry)).toEqual({
      kind: 'ok',
      lines: ['Title: "Hello" → "New"'],
      note: PREVIEW_CAPTURED_NOTE,
    });
    expect(PREVIEW_CAPTURED_NOTE).toBe(
      'Captured when the run paused: the target may have changed since.',
    );
  });

  it('P3: a failed preview says "No preview: you are deciding without one" with only its class', () => {
    const failed = {
      ...offered,
      preview: {
        position: 0,
        tool: 'wp_update_post',
        lines: ['Preview failed (TypeError)'],
        failed: { errorClass: 'TypeError' },
      },
    };
    expect(previewView(failed, USER, '7', registry)).toEqual({
      kind: 'failed',
      note: NO_PREVIEW_NOTE,
      errorClass: 'TypeError',
    });
    expect(NO_PREVIEW_NOTE).toBe('No preview: you are deciding without one');
  });

  it('P6: a missing preview is "no preview"', () => {
    expect(previewView({ ...offered, preview: null }, USER, '7', registry)).toEqual({
      kind: 'none',
      note: NO_PREVIEW_NOTE,
    });
  });

  it('P7: a viewer other than the owner sees the preview only when the tool says so', () => {
    expect(previewView(offered, admin, '7', registry).kind).toBe('ok');
    expect(previewView(offered, author, '7', registry)).toEqual({
      kind: 'withheld',
      note: PREVIEW_WITHHELD_NOTE,
    });
  });

  it('P7: fails closed without a viewer, an unknown tool, no contract, bad input or a throwing check', () => {
    expect(previewView(offered, null, '7', registry).kind).toBe('withheld');
    expect(previewView({ ...offered, tool: 'wp_gone_tool' }, admin, '7', registry).kind).toBe(
      'withheld',
    );
    expect(previewView(offered, admin, '7', bare).kind).toBe('withheld');
    expect(previewView({ ...offered, input: { id: 'x' } }, admin, '7', registry).kind).toBe(
      'withheld',
    );
    const throwing = createRegistry([
      {
        ...base,
        mayViewerReadPreview: () => {
          throw new Error('no');
        },
      },
    ]);
    expect(previewView(offered, admin, '7', throwing).kind).toBe('withheld');
  });
});
