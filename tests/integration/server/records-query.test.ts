// GET /records filters and keyset paging; GET /records/export as JSONL and CSV, compared
// with what the extension's own exporter writes for the same records.
import { beforeAll, describe, expect, it } from 'vitest';
import { CSV_COLUMNS, csvHeader, toCsvLine } from '../../../src/audit/export';
import type { ToolCallRecord } from '../../../src/audit/record-schema';
import type { RestResponse } from '../../support/wp-session';
import { api, batch, clearTables, record, sql, userId, type ApiError } from './support';

type Page = { records: ToolCallRecord[]; nextCursor: string | null };

const T0 = 1_750_000_000_000;
const sent: ToolCallRecord[] = [];

beforeAll(async () => {
  await clearTables();
  const tools = ['wp_update_post', 'wp_get_post', 'wp_update_settings'];
  const statuses = ['run', 'refused', 'failed', 'pending', 'rejected'] as const;
  for (let i = 0; i < 120; i += 1) {
    const status = statuses[i % statuses.length] ?? 'run';
    const r = record('editor1', {
      status,
      threadId: `thread-${i % 4}`,
      tool: tools[i % tools.length] ?? 'wp_get_post',
      // Two records share each millisecond, so paging must order ties by id.
      createdAt: T0 + Math.floor(i / 2) * 1000,
      resultSummary: i % 7 === 0 ? '=SUM(A1), "quoted"\nline' : undefined,
      // Issue 36: some ran the person's edited version; the export carries it in both.
      ...(status === 'run' && i % 3 === 0
        ? {
            approvedEdit: {
              input: { id: 4, title: `Mine, "edited" ${i}` },
              payloadHash: 'c'.repeat(64),
              fields: ['title'],
            },
          }
        : {}),
    });
    if (i % 10 === 0) r.decidedBy = 'countersign:policy';
    sent.push(r);
  }
  const res = await batch('editor1', sent);
  expect(res.status).toBe(200);
});

async function all(query: string, perPage = 7): Promise<ToolCallRecord[]> {
  const out: ToolCallRecord[] = [];
  let cursor: string | null = null;
  do {
    const q: string = `/records?per_page=${perPage}${query ? `&${query}` : ''}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res: RestResponse<Page> = await api<Page>('admin', 'GET', q);
    expect(res.status).toBe(200);
    expect(res.body.records.length).toBeLessThanOrEqual(perPage);
    out.push(...res.body.records);
    cursor = res.body.nextCursor;
  } while (cursor);
  return out;
}

/** The expected order: newest first, ties by id descending. */
function newestFirst(records: ToolCallRecord[]): string[] {
  return [...records]
    .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .map((r) => r.id);
}

describe('GET /records', () => {
  it('pages through every record once, newest first, with a cursor', async () => {
    const got = await all('');
    expect(got.map((r) => r.id)).toEqual(newestFirst(sent));
  });

  it('a page is 50 by default and says when there is more', async () => {
    const res = await api<Page>('admin', 'GET', '/records');
    expect(res.body.records).toHaveLength(50);
    expect(res.body.nextCursor).toEqual(expect.any(String));
  });

  it.each([
    ['thread=thread-1', (r: ToolCallRecord) => r.threadId === 'thread-1'],
    ['tool=wp_get_post', (r: ToolCallRecord) => r.tool === 'wp_get_post'],
    ['status=refused', (r: ToolCallRecord) => r.status === 'refused'],
    [
      'status=refused,failed',
      (r: ToolCallRecord) => r.status === 'refused' || r.status === 'failed',
    ],
    ['decided_by=countersign:policy', (r: ToolCallRecord) => r.decidedBy === 'countersign:policy'],
    [
      `from=${T0 + 10_000}&to=${T0 + 20_000}`,
      (r: ToolCallRecord) => r.createdAt >= T0 + 10_000 && r.createdAt < T0 + 20_000,
    ],
    [
      `thread=thread-2&status=pending&from=${T0 + 5_000}`,
      (r: ToolCallRecord) =>
        r.threadId === 'thread-2' && r.status === 'pending' && r.createdAt >= T0 + 5_000,
    ],
  ] as const)('filter %s', async (query, keep) => {
    const expected = newestFirst(sent.filter(keep));
    expect(expected.length).toBeGreaterThan(0);
    expect((await all(query, 5)).map((r) => r.id)).toEqual(expected);
  });

  // WordPress refuses what the route's args declare (rest_invalid_param); the route itself
  // what JSON Schema cannot say (a cursor it never gave out, from after to).
  it.each([
    ['status=done', 'status', 'rest_invalid_param'],
    ['per_page=0', 'per_page', 'rest_invalid_param'],
    ['per_page=101', 'per_page', 'rest_invalid_param'],
    ['cursor=not-a-cursor', 'cursor', 'countersign_invalid_filter'],
    ['from=yesterday', 'from', 'rest_invalid_param'],
    [`from=${T0 + 2}&to=${T0 + 1}`, 'from', 'countersign_invalid_filter'],
    ['user=abc', 'user', 'rest_invalid_param'],
  ])('a bad filter %s is refused, naming it', async (query, field, code) => {
    const res = await api<ApiError>('admin', 'GET', `/records?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(code);
    expect(res.body.data.field).toBe(field);
  });
});

describe('GET /records/export', () => {
  it('JSONL: every matching record, one per line, streamed as an attachment', async () => {
    const res = await api('admin', 'GET', '/records/export?format=jsonl&tool=wp_update_post');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/x-ndjson');
    expect(res.headers.get('content-disposition')).toMatch(
      /attachment; filename="countersign-audit-\d{4}-\d\d-\d\d\.jsonl"/,
    );
    const lines = res.text
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as ToolCallRecord);
    const expected = sent.filter((r) => r.tool === 'wp_update_post');
    expect(lines.map((r) => r.id)).toEqual(newestFirst(expected));
    const first = lines[0] as ToolCallRecord;
    const { owner: _o, ...same } = sent.find((r) => r.id === first.id) as ToolCallRecord;
    expect(first).toMatchObject(JSON.parse(JSON.stringify(same)) as object);
  });

  it('CSV: the extension’s columns and cells, line for line', async () => {
    const res = await api('admin', 'GET', '/records/export?format=csv&thread=thread-0');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const expected = newestFirst(sent.filter((r) => r.threadId === 'thread-0')).map((id) =>
      toCsvLine(sent.find((r) => r.id === id) as ToolCallRecord),
    );
    expect(res.text.startsWith(csvHeader())).toBe(true);
    expect(csvHeader()).toBe(`${CSV_COLUMNS.join(',')}\r\n`);
    expect(res.text).toBe(csvHeader() + expected.join(''));
    expect(res.text).toContain(`"'=SUM(A1), ""quoted""\nline"`);
    expect(res.text).toContain('Mine, \\""edited\\""');
  });

  it('an unknown format is refused', async () => {
    const res = await api<ApiError>('admin', 'GET', '/records/export?format=xml');
    expect(res.status).toBe(400);
    expect(res.body.data.field).toBe('format');
  });
});

describe('GET /records names the people who decided', () => {
  type Named = ToolCallRecord & { owner: { displayName?: string }; decidedByName?: string };
  // A7: naming a second approver the site saw decide is in records-chain.test.ts; a
  // decidedBy the browser only reported is never turned into a person's name.
  it("a decidedBy the browser reports (another user's id, the owner's, a rule's, an unknown id) is not named", async () => {
    const at = T0 + 500_000;
    const thread = 'thread-named';
    const byAdmin = record('editor1', {
      threadId: thread,
      createdAt: at,
      decidedBy: userId('admin'),
    });
    const own = record('editor1', { threadId: thread, createdAt: at + 1 });
    const rule = record('editor1', {
      threadId: thread,
      createdAt: at + 2,
      decidedBy: 'countersign:policy',
    });
    const unknown = record('editor1', { threadId: thread, createdAt: at + 3, decidedBy: '999999' });
    expect((await batch('editor1', [byAdmin, own, rule, unknown])).status).toBe(200);
    const nameOf = async (key: 'admin' | 'editor1') =>
      (await sql(`SELECT display_name FROM wp_users WHERE ID = ${userId(key)}`))[0]?.[0] ?? '';
    const adminName = await nameOf('admin');
    const editorName = await nameOf('editor1');
    expect(adminName).not.toBe('');
    const res = await api<{ records: Named[] }>('admin', 'GET', `/records?thread=${thread}`);
    expect(res.status).toBe(200);
    const of = (r: ToolCallRecord) => res.body.records.find((x) => x.id === r.id);
    expect(of(byAdmin)).toMatchObject({
      decidedBy: userId('admin'),
      owner: { displayName: editorName },
    });
    for (const r of [byAdmin, own, rule, unknown])
      expect(of(r)).not.toHaveProperty('decidedByName');
  });
});
