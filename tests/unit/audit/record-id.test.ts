import { describe, expect, it } from 'vitest';
import { newRecordId } from '../../../src/audit/record-schema';

describe('record ids (A1, A2)', () => {
  it('are UUIDs of version 7 that sort in the order they were made', () => {
    const ids = Array.from({ length: 2000 }, () => newRecordId());
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    expect(new Set(ids).size).toBe(ids.length);
    // A purge of old records then deletes one contiguous range of primary keys.
    expect([...ids].sort()).toEqual(ids);
  });

  it('carry their creation time in the first 48 bits', () => {
    const before = Date.now();
    const id = newRecordId();
    const ms = parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(Date.now());
  });
});
