import { describe, expect, it } from 'vitest';
import { freshLog, pendingCall } from './support';

describe('configuration changes (A6)', () => {
  it('A6: a thread lists the configuration its calls changed, in order', async () => {
    const { log, clock } = freshLog();
    const title = { key: 'title', current: 'Old', proposed: 'New' };
    const first = await log.create(
      pendingCall({ tool: 'wp_update_settings', configChanges: [title] }),
    );
    await log.transition(first.id, 'approved', { decidedBy: '7' });
    await log.transition(first.id, 'run', { resultSummary: 'Saved 1 setting.' });
    clock.now += 1;
    const menu = { key: 'menu.main', current: { items: 2 }, proposed: null, deleted: true };
    const second = await log.create(pendingCall({ tool: 'wp_delete_menu' }));
    await log.transition(second.id, 'rejected', { decidedBy: '7', configChanges: [menu] });
    await log.create(pendingCall({ tool: 'wp_update_post' }));
    await log.create(pendingCall({ threadId: 'other', configChanges: [title] }));

    const changes = await log.configChangesForThread('thread-1');

    expect(changes).toEqual([
      expect.objectContaining({ recordId: first.id, status: 'run', changes: [title] }),
      expect.objectContaining({ recordId: second.id, status: 'rejected', changes: [menu] }),
    ]);
  });
});
