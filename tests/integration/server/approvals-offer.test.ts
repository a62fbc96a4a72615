// G15: offering a call for a second approver, listing, reading (P7), withdrawing, expiry (G12).
import { beforeEach, describe, expect, it } from 'vitest';
import { api, clearTables, count, php, seed, sql, userId, type ApiError } from './support';
import { offer, offerBody, requireSecondApprover, type Approval } from './approvals-support';

beforeEach(async () => {
  await clearTables();
  await api('admin', 'PUT', '/settings', { approvalExpiryMinutes: null });
  await requireSecondApprover({
    tools: {
      wp_list_media: { capability: 'edit_posts' },
      'ab_acme_add-note': { capability: 'edit_posts' },
    },
  });
});

type List = { approvals: Approval[] };

describe('offering a call for a second approver', () => {
  it('stores it with the requester as the caller and the capability from the site policy', async () => {
    const res = await offer('editor1', { requester: userId('admin'), capability: 'read' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'waiting',
      tool: 'wp_update_post',
      toolLabel: 'Update post',
      requester: { userId: userId('editor1') },
      capability: 'edit_others_posts',
      requiredBy: 'live-write',
      canDecide: false,
      expiresAt: null,
    });
  });

  it('knows the site by either form of its REST root; another site is refused', async () => {
    const plain = `${seed.origins.primary.url}/index.php?rest_route=/`;
    expect((await offer('editor1', { siteRoot: plain })).status).toBe(200);
    const pretty = `${seed.origins.primary.url}/wp-json/`;
    expect((await offer('editor1', { siteRoot: pretty })).status).toBe(200);
    const second = await offer('editor1', {
      siteRoot: `${seed.origins.primary.url}/second/wp-json/`,
    });
    expect(second.status).toBe(409);
  });

  it('sanitizes and bounds the card: scripts and unsafe links go, unknown parts are dropped', async () => {
    const long = 'x'.repeat(30000);
    const body = offerBody();
    (body.card as Record<string, unknown>).cardDescription = long;
    const res = await api<Approval>('editor1', 'POST', '/approvals', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const stored = res.body.card as NonNullable<Approval['card']> & { entity: { link: string } };
    expect(JSON.stringify(stored)).not.toContain('<script');
    expect(stored.fields?.[0]?.currentRendered).toBe('<b>Old</b>alert(1)');
    expect(stored.entity.link).toBe('');
    expect(stored.editor).toBeUndefined();
    expect((stored.cardDescription as string).length).toBe(20000);
  });

  it('refuses a call the site policy does not send to a second approver, a bad body, and another site', async () => {
    const draft = await offer('editor1', { class: null });
    expect(draft.status).toBe(409);
    expect((draft.body as unknown as ApiError).code).toBe('countersign_approval_not_required');
    const bad = await offer('editor1', { payloadHash: 'nothex' });
    expect(bad.status).toBe(400);
    expect((bad.body as unknown as ApiError).data.field).toBe('payloadHash');
    const other = await offer('editor1', { siteRoot: 'http://127.0.0.1:1/wp-json/' });
    expect(other.status).toBe(409);
    expect((other.body as unknown as ApiError).code).toBe('countersign_approval_other_site');
    expect(await count('approvals')).toBe(0);
  });

  it('lists a call for people with the capability, never for its requester or without it', async () => {
    const call = (await offer('editor1')).body;
    const forAdmin = await api<List>('admin', 'GET', '/approvals');
    expect(forAdmin.body.approvals.map((a) => a.id)).toEqual([call.id]);
    expect(forAdmin.body.approvals[0]).toMatchObject({
      canDecide: true,
      requester: { userId: userId('editor1') },
    });
    expect(forAdmin.body.approvals[0]?.card).toBeUndefined();
    expect((await api<List>('ana', 'GET', '/approvals')).body.approvals).toHaveLength(1);
    expect((await api<List>('editor1', 'GET', '/approvals')).body.approvals).toHaveLength(0);
    expect((await api<List>('author1', 'GET', '/approvals')).body.approvals).toHaveLength(0);
    const mine = await api<List>('editor1', 'GET', '/approvals?scope=mine');
    expect(mine.body.approvals.map((a) => a.id)).toEqual([call.id]);
    expect((await api('anon', 'GET', '/approvals')).status).toBe(401);
  });

  it('P7: an approver who may edit the post reads its current values; one who may not sees them withheld', async () => {
    const post = seed.posts.editorPost;
    const listed = await api<Approval>('editor1', 'POST', '/approvals', {
      ...offerBody({ tool: 'wp_list_media', class: null }),
      entity: { type: 'post', id: post },
    });
    expect(listed.body.capability).toBe('edit_posts');
    const admin = await api<Approval>('admin', 'GET', `/approvals/${listed.body.id}`);
    expect(admin.body.withheld).toBe(false);
    expect(admin.body.card?.fields?.[0]?.current).toBe('Old title');
    expect(admin.body.card?.preview?.lines).toEqual(['Old title', 'Body text']);
    // author1 holds edit_posts (may approve) but may not edit editor1's post.
    const author = await api<Approval>('author1', 'GET', `/approvals/${listed.body.id}`);
    expect(author.status).toBe(200);
    expect(author.body.withheld).toBe(true);
    expect(author.body.card?.fields?.[0]?.current).toBe('');
    expect(author.body.card?.fields?.[0]?.proposed).toBe('New title');
    expect(author.body.card?.preview).toMatchObject({ state: 'withheld', lines: [] });
    expect(JSON.stringify(author.body)).not.toContain('Old title');
    const contributor = await api<ApiError>('subscriber1', 'GET', `/approvals/${listed.body.id}`);
    expect(contributor.status).toBe(403);
    expect(contributor.body.code).toBe('countersign_forbidden');
    const unknown = await api<ApiError>('admin', 'GET', '/approvals/no-such-call');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('countersign_approval_not_found');
  });

  it("C3, P7: an ability card's argument names are the reader's, from the site; never the requester's", async () => {
    const priv = seed.posts.private;
    const editor = Number(userId('editor1'));
    // An ability's tool name holds '-' (ab_<namespace>_<name>): the route takes it.
    const argumentCard = {
      arguments: [
        {
          key: 'post_id',
          title: 'Post',
          value: String(priv),
          entity: { kind: 'post', id: priv, name: 'Forged by the requester' },
        },
        {
          key: 'user_id',
          title: 'User',
          value: String(editor),
          entity: { kind: 'user', id: editor, name: 'Forged user' },
        },
        { key: 'note', title: 'Note', value: '<b>hi</b>\u0007' },
      ],
      notes: ['The site checks permission only when it runs.'],
    };
    // An ability's call names no entry: nothing on its card was read from one.
    const abilityCard = {
      toolLabel: 'Add a note',
      cardDescription: 'Adds a note to a post.',
      reason: 'It asks.',
      layout: 'args',
      args: [{ key: 'post_id', value: priv }],
      preview: { state: 'none', lines: [], notes: [] },
      argumentCard,
    };
    const body = offerBody({
      tool: 'ab_acme_add-note',
      class: null,
      entity: { type: '', id: 0 },
      card: abilityCard,
    });
    const offered = await api<Approval>('editor1', 'POST', '/approvals', body);
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);
    type Args = { key: string; value: string; entity?: Record<string, unknown> }[];
    const argsFor = async (who: 'admin' | 'author1') => {
      const read = await api<Approval>(who, 'GET', `/approvals/${offered.body.id}`);
      expect(read.status).toBe(200);
      expect(read.body.withheld).toBe(false);
      expect(JSON.stringify(read.body)).not.toContain('Forged');
      const card = read.body.card as { argumentCard: { arguments: Args; notes: string[] } };
      return card.argumentCard;
    };
    const [[title]] = (await sql(`SELECT post_title FROM wp_posts WHERE ID = ${priv}`)) as [
      [string],
    ];
    const [[shown]] = (await sql(`SELECT display_name FROM wp_users WHERE ID = ${editor}`)) as [
      [string],
    ];
    const admin = await argsFor('admin');
    expect(admin.arguments[0]?.entity).toEqual({ kind: 'post', id: priv, name: title });
    expect(admin.arguments[1]?.entity).toEqual({ kind: 'user', id: editor, name: shown });
    // Values stay text for the card to show as text; control characters go.
    expect(admin.arguments[2]).toEqual({ key: 'note', title: 'Note', value: '<b>hi</b>' });
    expect(admin.notes).toEqual(['The site checks permission only when it runs.']);
    // author1 may approve (edit_posts) but may neither read the private post nor list users.
    const author = await argsFor('author1');
    expect(author.arguments[0]?.entity).toEqual({ kind: 'post', id: priv });
    expect(author.arguments[1]?.entity).toEqual({ kind: 'user', id: editor });
    // A card with values read from an entry is withheld as before, though it names none.
    const withValues = await api<Approval>('editor1', 'POST', '/approvals', {
      ...body,
      id: `${String(body.id)}-b`,
      card: {
        ...abilityCard,
        fields: [{ key: 'x', label: 'X', current: 'Secret', proposed: 'y' }],
      },
    });
    expect(withValues.status).toBe(200);
    const hidden = await api<Approval>('author1', 'GET', `/approvals/${withValues.body.id}`);
    expect(hidden.body.withheld).toBe(true);
    expect(JSON.stringify(hidden.body)).not.toContain('Secret');
  });

  it('the requester withdraws a waiting call; nobody else may, and a withdrawn call is gone from every list', async () => {
    const call = (await offer('editor1')).body;
    const byAdmin = await api<ApiError>('admin', 'POST', `/approvals/${call.id}/withdraw`);
    expect(byAdmin.status).toBe(403);
    const res = await api<Approval>('editor1', 'POST', `/approvals/${call.id}/withdraw`);
    expect(res.body.status).toBe('withdrawn');
    expect((await api<List>('admin', 'GET', '/approvals')).body.approvals).toHaveLength(0);
    expect(
      (await api<List>('editor1', 'GET', '/approvals?scope=mine')).body.approvals,
    ).toHaveLength(0);
    const again = await api<ApiError>('editor1', 'POST', `/approvals/${call.id}/withdraw`);
    expect(again.status).toBe(409);
  });

  it('G12: past the admin-set expiry a call is marked expired (on read and by cron), never rejected', async () => {
    expect((await api('admin', 'PUT', '/settings', { approvalExpiryMinutes: 30 })).status).toBe(
      200,
    );
    const a = (await offer('editor1')).body;
    const b = (await offer('editor1')).body;
    expect(a.expiresAt).toBeGreaterThan(Date.now() + 29 * 60000);
    await sql(
      `UPDATE wp_countersign_approvals SET expires_at = 1 WHERE id IN ('${a.id}','${b.id}')`,
    );
    await php("do_action('countersign_expire_approvals');");
    expect(
      (await sql(`SELECT status FROM wp_countersign_approvals WHERE id='${a.id}'`))[0],
    ).toEqual(['expired']);
    const read = await api<Approval>('editor1', 'GET', `/approvals/${b.id}`);
    expect(read.body).toMatchObject({ status: 'expired', decidedBy: null, note: null });
    const bad = await api<ApiError>('admin', 'PUT', '/settings', { approvalExpiryMinutes: 0 });
    expect(bad.body.data.field).toBe('approvalExpiryMinutes');
  });
});
