// C5, U1 after a write: the result card says whether visitors see the entry and offers
// Publish for a draft the account may publish, from one read of the entry (issue 35).
import { describe, expect, it } from 'vitest';
import { resultCardFor } from '../../../../src/background/threads/result-cards';
import { WORDPRESS_TOOLS } from '../../../../src/cms/wordpress/tools';
import { wordpressAdapter } from '../../../../src/cms/wordpress/wordpress-adapter';
import type { AuditLog } from '../../../../src/audit';
import type { RunEvent } from '../../../../src/run';
import { createRegistry } from '../../../../src/tools/registry';
import type { ActingUser, ToolContext } from '../../../../src/tools/tool';
import { RecordedSite, WP_ADMIN } from '../../run/support/recorded-site';

const wiring = {
  registry: createRegistry([...WORDPRESS_TOOLS]),
  adapter: wordpressAdapter,
  audit: { get: () => Promise.resolve(undefined) } as unknown as AuditLog,
};

function written(site: RecordedSite): Extract<RunEvent, { type: 'tool_result' }> {
  return {
    type: 'tool_result',
    recordId: 'rec-1',
    position: 0,
    tool: 'wp_update_post',
    status: 'run',
    summary: 'Updated the post.',
    display: { entity: { type: 'post', id: site.postId }, summary: 'Renamed.' },
  } as Extract<RunEvent, { type: 'tool_result' }>;
}

function contextFor(site: RecordedSite, user: ActingUser = WP_ADMIN): ToolContext {
  return { user, threadId: 't-1', cms: site.session() };
}

describe('the result card of a write (C5, U1)', () => {
  it('a draft: visitors see nothing, Publish is offered, and the entry was read once', async () => {
    const site = new RecordedSite();
    const card = await resultCardFor(written(site), contextFor(site), wiring);
    expect(card).toMatchObject({ visibleToVisitors: false, canPublish: true });
    expect(card?.reviewed?.modified).toBe(site.post['modified_gmt']);
    expect(site.postReads()).toBe(1);
  });

  it('a published entry: visitors see it, no Publish, one read', async () => {
    const site = new RecordedSite();
    site.editElsewhere({ status: 'publish' });
    const card = await resultCardFor(written(site), contextFor(site), wiring);
    expect(card).toMatchObject({ visibleToVisitors: true, canPublish: false });
    expect(site.postReads()).toBe(1);
  });

  it('an account that may not publish the type is not offered Publish', async () => {
    const site = new RecordedSite();
    const { publish_posts: _dropped, ...capabilities } = WP_ADMIN.capabilities;
    const author = { ...WP_ADMIN, roles: ['contributor'], capabilities };
    const card = await resultCardFor(written(site), contextFor(site, author), wiring);
    expect(card).toMatchObject({ visibleToVisitors: false, canPublish: false });
  });
});
