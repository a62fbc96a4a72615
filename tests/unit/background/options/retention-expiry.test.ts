import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beforeEach, describe, expect, it } from 'vitest';
import { syntheticRecords } from '../../../support/synthetic-records';
import {
  RETENTION_ALARM,
  registerRetentionAlarm,
  runRetentionPurge,
} from '../../../../src/background/audit-retention';
import {
  readLastPurge,
  readRetention,
  writeRetention,
} from '../../../../src/settings/retention-store';
import { writeTrusted } from '../../../../src/settings/trusted-settings';
import {
  readRunOptions,
  readRunOptionsSetting,
  writeRunOptionsSetting,
} from '../../../../src/settings/run-options';
import { bulkSeed, freshLog } from '../../audit/support';

beforeEach(() => fakeBrowser.reset());

describe('retention setting and the daily purge (A2)', () => {
  it('keeps everything by default; the setting names its field when refused', async () => {
    expect(await readRetention()).toEqual({ days: null });
    await expect(writeRetention(0)).rejects.toThrow(
      /^Keep audit records for: must be a whole number/,
    );
    await expect(writeRetention(2.5)).rejects.toThrow(/whole number of days from 1 to 3650/);
    expect(await readRetention()).toEqual({ days: null });
    await writeRetention(30);
    expect(await readRetention()).toEqual({ days: 30 });
  });

  it('registers one daily alarm, and keeps an existing one on restart', async () => {
    registerRetentionAlarm(() => freshLog().log);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const alarm = await fakeBrowser.alarms.get(RETENTION_ALARM);
    expect(alarm).toMatchObject({ periodInMinutes: 1440 });
    registerRetentionAlarm(() => freshLog().log);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await fakeBrowser.alarms.get(RETENTION_ALARM))?.scheduledTime).toBe(
      alarm?.scheduledTime,
    );
  });

  it('the alarm purges with the setting and records what it removed', async () => {
    const { db, log } = freshLog();
    await bulkSeed(db, syntheticRecords(50, { start: Date.now() - 100 * 86_400_000 }));
    await writeRetention(7);
    registerRetentionAlarm(() => log);
    await fakeBrowser.alarms.onAlarm.trigger({
      name: RETENTION_ALARM,
      scheduledTime: Date.now(),
      persistAcrossSessions: true,
    });
    await expect.poll(readLastPurge).toMatchObject({ removed: 40, days: 7, trigger: 'alarm' });
    expect(await db.records.count()).toBe(10);
  });

  it('the alarm does nothing while no retention is set', async () => {
    const { db, log } = freshLog();
    await bulkSeed(db, syntheticRecords(5, { start: 0 }));
    expect(await runRetentionPurge(log, 'alarm')).toBeNull();
    expect(await db.records.count()).toBe(5);
    expect(await readLastPurge()).toBeNull();
  });
});

describe('pending expiry (G12)', () => {
  it('is off by default: no expiry reaches the run loop', async () => {
    expect(await readRunOptions()).toEqual({});
    expect(await readRunOptionsSetting()).toEqual({ expireAfterMinutes: null });
  });

  it('an admin setting becomes expireAfterMs; off again removes it', async () => {
    await writeRunOptionsSetting(90);
    expect(await readRunOptions()).toEqual({ expireAfterMs: 90 * 60_000 });
    await writeRunOptionsSetting(null);
    expect(await readRunOptions()).toEqual({});
  });

  it('refuses a value that is not a whole number of minutes, naming the field; a damaged value reads as off', async () => {
    await expect(writeRunOptionsSetting(-1)).rejects.toThrow(/^Expire unanswered approvals after:/);
    await writeTrusted('runOptions', { expireAfterMinutes: 'soon' });
    expect(await readRunOptions()).toEqual({});
  });
});
