import { Admin, GenericError } from '@platformatic/kafka';

export type EnsuredTopic = { created: boolean; partitions: number };

/**
 * Creates the topic if it does not exist yet (brokers run with auto-creation off, so a typo in a
 * topic name fails instead of silently creating a one-partition topic), and waits until every
 * partition has a leader, so the first produce does not race the creation.
 *
 * An existing topic is left as it is; its real partition count is returned. Changing the count
 * of a live topic would move streams to other partitions and break per-stream order, so that
 * is an operator's decision, never done here.
 */
export async function ensureTopic(
  brokers: string[],
  topic: string,
  partitions: number,
  { replicas = -1, timeoutMs = 30_000 }: { replicas?: number; timeoutMs?: number } = {},
): Promise<EnsuredTopic> {
  const admin = new Admin({ clientId: 'leadfloor-topics', bootstrapBrokers: brokers });
  try {
    let created = true;
    try {
      // replicas -1: the broker's default.replication.factor (1 locally, 3 in a real cluster).
      await admin.createTopics({ topics: [topic], partitions, replicas });
    } catch (err) {
      if (!isTopicAlreadyExists(err)) throw err;
      created = false;
    }
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const metadata = await admin.metadata({ topics: [topic], forceUpdate: true }).catch(() => undefined);
      const described = metadata?.topics.get(topic);
      if (described && described.partitions.every((p) => p.leader >= 0)) {
        return { created, partitions: described.partitionsCount };
      }
      if (Date.now() > deadline) throw new Error(`topic ${topic} has no leader for every partition after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await admin.close();
  }
}

function isTopicAlreadyExists(err: unknown): boolean {
  return err instanceof Error && GenericError.isGenericError(err)
    && (err as GenericError).findBy('apiId', 'TOPIC_ALREADY_EXISTS') !== null;
}
