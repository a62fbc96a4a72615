// Issue 33 item 1: what GET /records/export streams is decided in the route callback from the
// request and the caller, never from response data that `_fields`, `_envelope` or another
// plugin's `rest_post_dispatch` filter can trim (A3, P7).
import { beforeAll, describe, expect, it } from 'vitest';
import { api, batch, clearTables, record, userId } from './support';

const mine = record('subscriber1');
const theirs = record('admin', { input: { id: 4, title: 'the admin secret draft', meta: {} } });

beforeAll(async () => {
  await clearTables();
  expect((await batch('subscriber1', [mine])).status).toBe(200);
  expect((await batch('admin', [theirs])).status).toBe(200);
});

/** The ids in a JSONL export body (lines that do not parse are kept as text). */
function ids(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      try {
        return String((JSON.parse(line) as { id?: unknown }).id);
      } catch {
        return line;
      }
    });
}

describe('a subscriber’s export holds only the subscriber’s own records', () => {
  it.each([
    ['no _fields', '/records/export?format=jsonl'],
    ['_fields=countersignExport', '/records/export?format=jsonl&_fields=countersignExport'],
    [
      '_fields=countersignExport,format',
      '/records/export?format=jsonl&_fields=countersignExport,format',
    ],
    [
      '_fields=filter.status',
      '/records/export?format=jsonl&_fields=countersignExport,filter.status',
    ],
    ['_envelope', '/records/export?format=jsonl&_envelope=1'],
    ['csv with _fields', '/records/export?format=csv&_fields=countersignExport'],
  ])('%s', async (_name, path) => {
    const res = await api<string>('subscriber1', 'GET', path);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(theirs.id);
    expect(res.text).not.toContain('secret draft');
    expect(res.text).not.toContain(`"${userId('admin')}"`);
    if (path.includes('format=jsonl') && !path.includes('_envelope')) {
      expect(ids(res.text)).toEqual([mine.id]);
    }
  });

  it('the administrator (countersign_read_audit) still exports every record with _fields', async () => {
    const res = await api<string>(
      'admin',
      'GET',
      '/records/export?format=jsonl&_fields=countersignExport',
    );
    expect(res.status).toBe(200);
    expect(ids(res.text).sort()).toEqual([mine.id, theirs.id].sort());
  });
});
