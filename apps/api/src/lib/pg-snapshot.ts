/*
 * PostgreSQL snapshots as `pg_current_snapshot()::text` prints them: `xmin:xmax:xip,xip,…`
 * (https://www.postgresql.org/docs/current/functions-info.html#FUNCTIONS-PG-SNAPSHOT-PARTS).
 * A statement that returns its snapshot beside its rows says exactly which committed
 * transactions it saw, so a change announced later can be told apart from one it already counted
 * (docs/decisions/164-price-moves-are-added-to-the-counts.md).
 */

const SNAPSHOT = /^(\d{1,20}):(\d{1,20}):((?:\d{1,20}(?:,\d{1,20})*)?)$/;

/**
 * Whether a statement run in `snapshot` saw the work of transaction `xid` (a `pg_current_xact_id()`
 * that committed): it did when the transaction ended before the snapshot was taken, that is when
 * it is older than every transaction the snapshot saw running, or older than the snapshot's end
 * and not one of those running. The same rule as PostgreSQL's `pg_visible_in_snapshot`. An
 * unreadable snapshot answers `undefined`: nothing can be said.
 */
export function snapshotSaw(snapshot: string, xid: string): boolean | undefined {
  const parts = SNAPSHOT.exec(snapshot);
  if (!parts || !/^\d{1,20}$/.test(xid)) return undefined;
  const id = BigInt(xid);
  const xmin = BigInt(parts[1]!);
  const xmax = BigInt(parts[2]!);
  if (id < xmin) return true;
  if (id >= xmax) return false;
  const running = parts[3] ? parts[3].split(',').map(BigInt) : [];
  return !running.includes(id);
}
