import { GenericError, ProduceAcks, Producer, stringSerializers } from '@platformatic/kafka';

/** The broker refuses the relay itself (authorization, unsupported setting, invalid topic). */
export class RelayFatalError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RelayFatalError';
  }
}

export type OutgoingMessage = { topic: string; key: string; value: string };

// Refused because of the records themselves: split the batch down to the one event to blame.
const REJECTED_RECORDS = new Set(['MESSAGE_TOO_LARGE', 'RECORD_LIST_TOO_LARGE', 'INVALID_RECORD', 'INVALID_TIMESTAMP']);
// Non-retriable to the client library, yet a fresh producer or a later try gets past them:
// producer-state errors (a new producer id resets sequences) and a broker that is going away.
const RECOVERABLE = new Set([
  'OUT_OF_ORDER_SEQUENCE_NUMBER', 'DUPLICATE_SEQUENCE_NUMBER', 'INVALID_PRODUCER_EPOCH', 'UNKNOWN_PRODUCER_ID',
  'PRODUCER_FENCED', 'INVALID_PRODUCER_ID_MAPPING', 'BROKER_NOT_AVAILABLE', 'UNKNOWN_SERVER_ERROR',
]);

export type SendFailure = 'transient' | 'rejected' | 'fatal';

/** Sorts a send error: rejected records beat a fatal refusal, which beats a transient outage. */
export function classifySendError(err: unknown): SendFailure {
  let worst: SendFailure = 'transient';
  const visit = (e: unknown): void => {
    if (!(e instanceof Error)) {
      worst = worst === 'rejected' ? worst : 'fatal';
      return;
    }
    if (e instanceof AggregateError) {
      for (const inner of e.errors) visit(inner);
      return;
    }
    const g = e as GenericError;
    if (!GenericError.isGenericError(e)) {
      worst = worst === 'rejected' ? worst : 'fatal'; // a bug of ours, not the broker: stop loudly
      return;
    }
    if (g.code === 'PLT_KFK_NETWORK' || g.code === 'PLT_KFK_TIMEOUT') return; // broker down or slow
    if (g.code === 'PLT_KFK_PROTOCOL') {
      const id = String(g.apiId);
      if (REJECTED_RECORDS.has(id)) worst = 'rejected';
      else if (!g.canRetry && !RECOVERABLE.has(id) && worst !== 'rejected') worst = 'fatal';
      return;
    }
    if (worst !== 'rejected') worst = 'fatal';
  };
  visit(err);
  return worst;
}

export type RelayProducer = {
  /** Sends and resolves once every message is acknowledged by all in-sync replicas. */
  send(messages: OutgoingMessage[]): Promise<void>;
  close(): Promise<void>;
};

/**
 * Idempotent, acks=all: a retry inside the client never writes a record twice. The client gets
 * a few quick retries; longer outages are the relay's to wait out, with a fresh producer.
 */
export function createRelayProducer(brokers: string[], clientId: string): RelayProducer {
  const producer = new Producer<string, string, string, string>({
    clientId,
    bootstrapBrokers: brokers,
    idempotent: true,
    acks: ProduceAcks.ALL,
    retries: 3,
    retryDelay: 250,
    autocreateTopics: false,
    serializers: stringSerializers,
  });
  return {
    async send(messages) {
      await producer.send({ messages });
    },
    async close() {
      // Forced: an in-flight send to a dead broker must not hold up a stop or a fresh producer.
      await new Promise<void>((resolve) => producer.close(true, () => resolve()));
    },
  };
}
