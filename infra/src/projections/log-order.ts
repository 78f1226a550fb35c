import type { RecordedEvent } from '@leadfloor/events';
import type { LogPosition } from '../event-store/types';

export const positionOf = (e: RecordedEvent): LogPosition => ({ transactionId: e.transactionId, globalPosition: e.globalPosition });

/** Orders log positions by (transaction id, global position), the log's commit order. */
export function compareLogPositions(a: LogPosition, b: LogPosition): number {
  const tx = BigInt(a.transactionId) - BigInt(b.transactionId);
  if (tx !== 0n) return tx < 0n ? -1 : 1;
  const pos = BigInt(a.globalPosition) - BigInt(b.globalPosition);
  return pos === 0n ? 0 : pos < 0n ? -1 : 1;
}
