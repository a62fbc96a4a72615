// The plugin's life on the site: capabilities, the retention purge by cron, the schema
// upgrade path, a newer schema refused, settings, and uninstall (data kept unless opted in).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvHeader, toCsvLine } from '../../../src/audit/export';
import { api, batch, clearTables, count, php, record, sql, type ApiError } from './support';

const DAY = 86_400_000;
const PLUGIN = 'countersign/countersign.php';

beforeAll(clearTables);
afterAll(async () => {
  // Leave the plugin as the stack script leaves it: active, current schema, default settings.
  await php(`require_once ABSPATH . 'wp-admin/includes/plugin.php'; activate_plugin('${PLUGIN}');`);
  await sql(
    "DELETE FROM wp_options WHERE option_name IN ('countersign_retention_days','countersign_remove_data_on_uninstall')",
  );
  await api('admin', 'GET', '/status');
});

describe('activation', () => {
  it('grants the two capabilities to administrators only and schedules the purge', async () => {
    const out = await php(`
      foreach (['administrator', 'editor', 'author', 'subscriber'] as $r) {
        $role = get_role($r);
        echo $r, ':', (int) $role->has_cap('countersign_read_audit'), (int) $role->has_cap('countersign_manage_policy'), "\\n";
      }
      echo 'cron:', wp_next_scheduled('countersign_purge') ? 'yes' : 'no', ':', wp_get_schedule('countersign_purge'), "\\n";`);
    expect(out.trim().split('\n')).toEqual([
      'administrator:11',
      'editor:00',
      'author:00',
      'subscriber:00',
      'cron:yes:daily',
    ]);
  });
});

describe('retention', () => {
  it('the cron job removes records older than the setting, never pending ones', async () => {
    const now = Date.now();
    const old = (fields: Parameters<typeof record>[1]) => record('editor1', fields);
    const records = [
      old({ status: 'run', createdAt: now - 40 * DAY }),
      old({ status: 'refused', createdAt: now - 31 * DAY }),
      old({ status: 'expired', createdAt: now - 90 * DAY }),
      old({ status: 'pending', createdAt: now - 90 * DAY }),
      old({ status: 'run', createdAt: now - 29 * DAY }),
      old({ status: 'pending', createdAt: now - DAY }),
    ];
    expect((await batch('editor1', records)).status).toBe(200);
    const set = await api<{ retentionDays: number | null }>('admin', 'PUT', '/settings', {
      retentionDays: 30,
    });
    expect(set.body.retentionDays).toBe(30);
    expect(
      (await api<{ retentionDays: number }>('editor1', 'GET', '/status')).body.retentionDays,
    ).toBe(30);
    await php("do_action('countersign_purge');");
    const left = (await sql('SELECT id FROM wp_countersign_records')).map(([id]) => id);
    expect(left.sort()).toEqual([records[3]?.id, records[4]?.id, records[5]?.id].sort());
  });

  it('without a retention setting nothing is purged', async () => {
    await clearTables();
    await batch('editor1', [record('editor1', { createdAt: Date.now() - 400 * DAY })]);
    await api('admin', 'PUT', '/settings', { retentionDays: null });
    await php("do_action('countersign_purge');");
    expect(await count('records')).toBe(1);
  });

  it('bad settings are refused, naming the setting', async () => {
    for (const [body, field, code] of [
      [{ retentionDays: 0 }, 'retentionDays', 'rest_invalid_param'],
      [{ retentionDays: 'forever' }, 'retentionDays', 'rest_invalid_param'],
      [{ removeDataOnUninstall: 'yes' }, 'removeDataOnUninstall', 'rest_invalid_param'],
      [{ keepForever: true }, 'keepForever', 'countersign_invalid_settings'],
    ] as const) {
      const res = await api<ApiError>('admin', 'PUT', '/settings', body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(code);
      expect(res.body.data.field).toBe(field);
    }
  });
});

describe('schema versions', () => {
  it('tables of an older schema version are upgraded on the next request, old rows still export', async () => {
    // Schema 1 had no csv_line (nor schema 2's policy approvals); take away another column and an index too.
    await sql(
      'ALTER TABLE wp_countersign_records DROP COLUMN csv_line, DROP COLUMN site_root, DROP INDEX decided_created;' +
        ' ALTER TABLE wp_countersign_policy DROP COLUMN approvals;' +
        " UPDATE wp_options SET option_value='1' WHERE option_name='countersign_schema_version';",
    );
    const status = await api<{ schemaVersion: number }>('editor1', 'GET', '/status');
    expect(status.status).toBe(200);
    expect(status.body.schemaVersion).toBe(5);
    const columns = (await sql('SHOW COLUMNS FROM wp_countersign_records')).map(([name]) => name);
    expect(columns).toEqual(expect.arrayContaining(['site_root', 'csv_line']));
    const policyColumns = (await sql('SHOW COLUMNS FROM wp_countersign_policy')).map(([n]) => n);
    expect(policyColumns).toContain('approvals');
    const indexes = (await sql('SHOW INDEX FROM wp_countersign_records')).map((row) => row[2]);
    expect(indexes).toContain('decided_created');
    // A row as schema 1 stored it (no CSV line) exports as the extension's exporter writes it.
    const r = record('editor1', { threadId: 'thread-upgrade', resultSummary: '-1, "minus"' });
    expect((await batch('editor1', [r])).status).toBe(200);
    await sql(`UPDATE wp_countersign_records SET csv_line = NULL WHERE id = '${r.id}'`);
    const csv = await api('editor1', 'GET', '/records/export?format=csv&thread=thread-upgrade');
    expect(csv.text).toBe(csvHeader() + toCsvLine(r));
  });

  it('tables of a newer schema than the plugin knows are refused with a clear error, nothing written', async () => {
    await sql(
      "UPDATE wp_options SET option_value='99' WHERE option_name='countersign_schema_version'",
    );
    try {
      const before = await count('records');
      const res = await batch('editor1', [record('editor1')]);
      expect(res.status).toBe(500);
      expect((res.body as ApiError).code).toBe('countersign_schema_newer');
      expect((res.body as ApiError).message).toMatch(
        /schema version 99, newer than this plugin knows \(5\)/,
      );
      expect(await count('records')).toBe(before);
    } finally {
      await sql(
        "UPDATE wp_options SET option_value='5' WHERE option_name='countersign_schema_version'",
      );
    }
  });
});

describe('uninstall', () => {
  const uninstall = `require_once ABSPATH . 'wp-admin/includes/plugin.php'; deactivate_plugins('${PLUGIN}'); uninstall_plugin('${PLUGIN}');`;
  const tables = async () =>
    (await sql("SHOW TABLES LIKE 'wp_countersign_%'")).map(([t]) => t).sort();

  it('keeps the tables unless the admin opted in, and always takes the capabilities back', async () => {
    await api('admin', 'PUT', '/settings', { removeDataOnUninstall: false });
    await php(uninstall);
    expect(await tables()).toEqual([
      'wp_countersign_approvals',
      'wp_countersign_chain',
      'wp_countersign_policy',
      'wp_countersign_records',
    ]);
    expect(
      (
        await php("echo (int) get_role('administrator')->has_cap('countersign_read_audit');")
      ).trim(),
    ).toBe('0');
    await php(
      `require_once ABSPATH . 'wp-admin/includes/plugin.php'; activate_plugin('${PLUGIN}');`,
    );
    expect(await count('records')).toBeGreaterThan(0);
  });

  it('removes the tables when the admin opted in', async () => {
    await api('admin', 'PUT', '/settings', { removeDataOnUninstall: true });
    await php(uninstall);
    expect(await tables()).toEqual([]);
    await php(
      `require_once ABSPATH . 'wp-admin/includes/plugin.php'; activate_plugin('${PLUGIN}');`,
    );
    expect(await tables()).toEqual([
      'wp_countersign_approvals',
      'wp_countersign_chain',
      'wp_countersign_policy',
      'wp_countersign_records',
    ]);
  });
});
