import { Admin } from '@platformatic/kafka';

/** One consumer group as the broker sees it: its state, and the partitions of `topic` each member holds. */
export type GroupShare = { state: string; members: number[][] };

/**
 * How the partitions of `topic` are shared among the members of each group, asked of the broker
 * (the group coordinator): which projector processes hold which partitions after a join or a
 * crash. A member without an assignment yet (a rebalance in progress) shows as an empty list.
 */
export async function consumerGroupShares(brokers: string[], groups: string[], topic: string): Promise<Map<string, GroupShare>> {
  const admin = new Admin({ clientId: 'leadfloor-group-shares', bootstrapBrokers: brokers });
  try {
    const described = await admin.describeGroups({ groups });
    return new Map([...described].map(([id, group]) => [id, {
      state: String(group.state),
      members: [...group.members.values()].map((m) => [...(m.assignments?.get(topic)?.partitions ?? [])].sort((a, b) => a - b)),
    }]));
  } finally {
    await admin.close().catch(() => {});
  }
}

/**
 * True when the group is stable with exactly `members` members, each holding at least one
 * partition, and together every one of the topic's `partitions`, each once.
 */
export function sharedAmong(share: GroupShare | undefined, members: number, partitions: number): boolean {
  if (!share || share.state.toUpperCase() !== 'STABLE' || share.members.length !== members) return false;
  if (share.members.some((m) => m.length === 0)) return false;
  const held = share.members.flat().sort((a, b) => a - b);
  return held.length === partitions && held.every((p, i) => p === i);
}
