import { describe, expect, it } from 'vitest';
import { ThreadRefusedError } from '../../../src/run';
import { awaiting, newThread } from './support/flow';
import { reply, text, toolUse } from './support/scripted-model';
import { OWNER, World } from './support/world';

describe('R1 edit: the person changes an earlier message', () => {
  it('R1: the transcript forgets everything from the edited message on', async () => {
    const world = new World();
    const worker = world.worker();
    const threadId = await newThread(worker);
    world.model.script.push(reply(text('First answer')), reply(text('Second answer')));
    await worker.runs.send(threadId, 'First question', OWNER);
    await worker.runs.send(threadId, 'Second question', OWNER);
    world.model.script.push(reply(text('Answer to the edit')));
    await worker.runs.edit(threadId, 0, 'Edited first question', OWNER);
    const state = await worker.runs.state(threadId);
    const texts = state.transcript.flatMap((m) =>
      m.content.flatMap((b) => (b.type === 'text' ? [`${m.role}: ${b.text}`] : [])),
    );
    expect(texts).toEqual(['user: Edited first question', 'assistant: Answer to the edit']);
  });

  it('R1: an edit is refused while a call waits for a decision (G6), and nothing is lost', async () => {
    const world = new World();
    const worker = world.worker();
    const threadId = await newThread(worker);
    world.model.script.push(reply(toolUse('wp_update_post', { id: 1, title: 'New' })));
    awaiting(await worker.runs.send(threadId, 'Retitle post 1', OWNER));
    await expect(worker.runs.edit(threadId, 0, 'Something else', OWNER)).rejects.toBeInstanceOf(
      ThreadRefusedError,
    );
    expect(await worker.runs.approval(threadId)).not.toBeNull();
  });

  it('R1: only the owner may edit, and only messages that exist', async () => {
    const world = new World();
    const worker = world.worker();
    const threadId = await newThread(worker);
    world.model.script.push(reply(text('Hi')));
    await worker.runs.send(threadId, 'Hello', OWNER);
    await expect(
      worker.runs.edit(threadId, 0, 'x', { ...OWNER, userId: '8' }),
    ).rejects.toMatchObject({ reason: 'not-owner' });
    await expect(worker.runs.edit(threadId, 3, 'x', OWNER)).rejects.toMatchObject({
      reason: 'no-message',
    });
  });
});
