// G15: the pure parts of second approvers: poll back-off, the approver's notification text,
// the approvals view's card built from what the site holds, and who-may-approve in words.
import { describe, expect, it } from 'vitest';
import {
  nextPollDelay,
  POLL_MAX_MS,
  POLL_MIN_MS,
} from '../../../src/background/approvers/poll-timing';
import { approverNotice } from '../../../src/background/approvers/approver-notify';
import { forget, offeredCalls } from '../../../src/background/approvers/requester';
import { RequesterPickup } from '../../../src/background/approvers/pickup';
import type { Approval } from '../../../src/background/approvers/approvals-client';
import { toApprovalCard } from '../../../src/ui/approvals/to-card';
import { approversLabel, secondApproverForClass } from '../../../src/gate/approver-policy';

const approval: Approval = {
  id: 'rec-1',
  threadId: 't',
  tool: 'wp_update_post',
  toolLabel: 'Update an entry',
  entityTitle: 'Hello <b>world</b> &amp; more',
  status: 'waiting',
  requester: { userId: '3', displayName: 'Editor One' },
  capability: 'edit_others_posts',
  requiredBy: 'live-write',
  payloadHash: 'a'.repeat(64),
  stamp: '2026-12-01T10:00:00',
  entity: { type: 'post', id: 4 },
  createdAt: 1,
  expiresAt: null,
  decidedBy: null,
  decidedAt: null,
  note: null,
  canDecide: true,
};

describe('second approvers', () => {
  it('polls back off while nothing arrives, start over when something does, and respect Retry-After', () => {
    expect(nextPollDelay(0, false, null)).toBe(POLL_MIN_MS);
    expect(nextPollDelay(POLL_MIN_MS, false, null)).toBe(2 * POLL_MIN_MS);
    expect(nextPollDelay(POLL_MAX_MS, false, null)).toBe(POLL_MAX_MS);
    expect(nextPollDelay(POLL_MAX_MS, true, null)).toBe(POLL_MIN_MS);
    expect(nextPollDelay(0, true, 120_000)).toBe(120_000);
  });

  it('the notification names the requester, the tool and the entity, as plain text', () => {
    expect(approverNotice(approval)).toEqual({
      title: 'Editor One asks for your approval',
      message: 'Update an entry on “Hello world & more”. Open Countersign to review it.',
    });
  });

  it("the view's card is bound to the site's id, hash and stamp, never the card data's", () => {
    const card = toApprovalCard({
      type: 'card',
      target: { siteRoot: 'http://x/wp-json/', userId: '1' },
      id: 'rec-1',
      status: 'waiting',
      requester: 'Editor One',
      decidedBy: null,
      canDecide: true,
      withheld: false,
      payloadHash: 'a'.repeat(64),
      stamp: 's1',
      tool: 'wp_update_post',
      card: {
        toolLabel: 'Update',
        layout: 'args',
        reason: 'You asked for this call, so you cannot approve it yourself.',
        recordId: 'forged',
        payloadHash: 'b',
        targetModified: 'old',
        canGrantThread: true,
      },
    });
    expect(card).toMatchObject({
      recordId: 'rec-1',
      payloadHash: 'a'.repeat(64),
      targetModified: 's1',
      canGrantThread: false,
      // The approver reads why the site asks them, not the requester's "not yourself".
      reason: 'The site asks a second person to approve this call.',
    });
    const broken = toApprovalCard({
      type: 'card',
      target: { siteRoot: 'x', userId: '1' },
      id: 'r',
      status: 'waiting',
      requester: '',
      decidedBy: null,
      canDecide: true,
      withheld: false,
      payloadHash: 'h',
      stamp: null,
      tool: 'wp_x',
      card: { layout: 'nonsense' },
    });
    expect(broken.layout).toBe('args');
    expect(broken.cardDescription).toMatch(/could not be read/);
  });

  it("an ability's card reaches the approver with its arguments by title and the site's names (C4)", () => {
    const push = {
      type: 'card' as const,
      target: { siteRoot: 'http://x/wp-json/', userId: '1' },
      id: 'rec-2',
      status: 'waiting',
      requester: 'Editor One',
      decidedBy: null,
      canDecide: true,
      withheld: false,
      payloadHash: 'c'.repeat(64),
      stamp: null,
      tool: 'ab_acme_trash-post',
      card: {
        toolLabel: 'Move a post to the trash',
        layout: 'args',
        args: [{ key: 'post_id', value: 7 }],
        argumentCard: {
          arguments: [
            {
              key: 'post_id',
              title: 'Post',
              value: '7',
              entity: { kind: 'post', id: 7, name: 'Named by the site' },
            },
          ],
          notes: ['The site checks permission only when it runs.'],
        },
      },
    };
    expect(toApprovalCard(push).argumentCard).toEqual(push.card.argumentCard);
    // An argument card that is not one leaves the card unreadable, never half-shown.
    const bad = toApprovalCard({ ...push, card: { ...push.card, argumentCard: { arguments: 1 } } });
    expect(bad.argumentCard).toBeUndefined();
    expect(bad.cardDescription).toMatch(/could not be read/);
  });

  it('says who may approve in words', () => {
    expect(approversLabel('edit_others_posts')).toBe('editors and administrators');
    expect(approversLabel('manage_options')).toBe('administrators');
    expect(approversLabel('publish_pages')).toBe('people with the “publish_pages” capability');
    expect(
      secondApproverForClass({ classes: { destructive: {} } }, 'wp_delete_entity', 'destructive'),
    ).toEqual({ capability: 'edit_others_posts', by: 'destructive' });
    expect(
      secondApproverForClass({ classes: { destructive: {} } }, 'wp_update_post', null),
    ).toBeNull();
  });
});

describe('the calls this browser offered to second approvers', () => {
  it('calls handled at the same moment all leave the list, and no other call does (G15)', async () => {
    const offer = (recordId: string) => ({
      threadId: 't',
      recordId,
      siteRoot: 'https://site.test/wp-json/',
      userId: '3',
    });
    await chrome.storage.local.set({
      'requester:offers': ['a', 'b', 'c', 'd'].map(offer),
    });
    await Promise.all([forget('a'), forget('b'), forget('c')]);
    expect((await offeredCalls()).map((o) => o.recordId)).toEqual(['d']);
  });
});

describe('the pickup and calls that wait on unreadable rules', () => {
  it('a call never offered (its rules could not be read) is read again, not asked of the site (G15)', async () => {
    const waiting = {
      threadId: 't',
      recordId: 'u1',
      siteRoot: 'https://site.test/wp-json/',
      userId: '3',
      unreadable: true as const,
    };
    await chrome.storage.local.set({ 'requester:offers': [waiting] });
    const applied: string[] = [];
    const rechecked: string[] = [];
    const pickup = new RequesterPickup(
      async (offer) => {
        applied.push(offer.recordId);
        return true;
      },
      async (offer) => {
        rechecked.push(offer.recordId);
      },
    );
    await pickup.poll();
    expect(rechecked).toEqual(['u1']);
    expect(applied).toEqual([]);
    // Still waiting: it stays in the list for the next round.
    expect((await offeredCalls()).map((o) => o.recordId)).toEqual(['u1']);
    await forget('u1');
  });
});
