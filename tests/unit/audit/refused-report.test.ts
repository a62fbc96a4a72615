import { describe, expect, it } from 'vitest';
import { freshLog, pendingCall } from './support';

describe('refused-calls report (A4)', () => {
  it('A4: counts refusals per tool with the latest one and the tool’s hint flag', async () => {
    const { log, clock } = freshLog();
    const refused = (tool: string) =>
      log.create(pendingCall({ tool, status: 'refused', outcome: 'No access.' }));
    await refused('wp_update_settings');
    clock.now += 10;
    await refused('wp_delete_post');
    clock.now += 10;
    const latest = await refused('wp_update_settings');
    await log.create(pendingCall({ tool: 'wp_update_settings', status: 'run' }));
    await log.create(pendingCall({ tool: 'wp_get_post' }));

    const report = await log.refusedReport((tool) => tool === 'wp_delete_post');

    expect(report).toEqual([
      {
        tool: 'wp_update_settings',
        count: 2,
        latestAt: clock.now,
        latestRecordId: latest.id,
        hasHint: false,
      },
      expect.objectContaining({ tool: 'wp_delete_post', count: 1, hasHint: true }),
    ]);
  });

  it('A4: an empty log gives an empty report', async () => {
    const { log } = freshLog();
    expect(await log.refusedReport(() => true)).toEqual([]);
  });
});
