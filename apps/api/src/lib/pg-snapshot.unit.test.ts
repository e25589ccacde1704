import { describe, expect, it } from 'vitest';
import { snapshotSaw } from './pg-snapshot';

describe('whether a PostgreSQL snapshot saw a transaction', () => {
  it('follows pg_visible_in_snapshot: older than xmin seen, from xmax on not, running between not', () => {
    const snapshot = '100:110:102,105';
    expect(snapshotSaw(snapshot, '99')).toBe(true);
    expect(snapshotSaw(snapshot, '100')).toBe(true);
    expect(snapshotSaw(snapshot, '101')).toBe(true);
    expect(snapshotSaw(snapshot, '102')).toBe(false);
    expect(snapshotSaw(snapshot, '105')).toBe(false);
    expect(snapshotSaw(snapshot, '109')).toBe(true);
    expect(snapshotSaw(snapshot, '110')).toBe(false);
    expect(snapshotSaw(snapshot, '5000')).toBe(false);
    // No transaction running: everything before xmax was seen.
    expect(snapshotSaw('748:748:', '747')).toBe(true);
    expect(snapshotSaw('748:748:', '748')).toBe(false);
  });

  it('reads 64-bit transaction ids exactly (past an epoch, beyond a double’s integers)', () => {
    const big = '9007199254740993';
    expect(snapshotSaw(`9007199254740990:9007199254741000:${big}`, big)).toBe(false);
    expect(snapshotSaw(`9007199254740990:9007199254741000:${big}`, '9007199254740992')).toBe(true);
  });

  it('says nothing of a snapshot or an id it cannot read', () => {
    for (const [snapshot, xid] of [
      ['', '1'],
      ['1:2', '1'],
      ['1:2:x', '1'],
      ['1:2:3,', '1'],
      ['1:2:', '-1'],
      ['1:2:', ''],
    ] as const)
      expect(snapshotSaw(snapshot, xid)).toBeUndefined();
  });
});
