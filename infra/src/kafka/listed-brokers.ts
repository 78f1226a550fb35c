import { Admin } from '@platformatic/kafka';

/**
 * How many brokers a metadata request lists, asked as a client would: a port that accepts
 * connections is not enough (KRaft opens its listeners before the broker is registered). A
 * fresh client each time, so no cached metadata or half-open connection from an earlier try
 * answers for it. Throws what the client met when no broker answers.
 */
export async function listedBrokers(bootstrapBrokers: string[], { clientId, timeoutMs = 3_000 }: { clientId: string; timeoutMs?: number }): Promise<number> {
  const admin = new Admin({ clientId, bootstrapBrokers, retries: 0, timeout: timeoutMs, connectTimeout: timeoutMs });
  try {
    return (await admin.metadata({ topics: [], forceUpdate: true })).brokers.size;
  } finally {
    await admin.close().catch(() => {});
  }
}
