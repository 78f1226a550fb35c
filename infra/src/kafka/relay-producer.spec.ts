import { MultipleErrors, NetworkError, ProtocolError, TimeoutError, UserError } from '@platformatic/kafka';
import { describe, expect, it } from 'vitest';
import { classifySendError } from './relay-producer';

const retried = (...errors: Error[]) => new MultipleErrors(`produce failed ${errors.length} times.`, errors);

describe('classifySendError', () => {
  it('waits out a broker that is down, slow or moving leaders', () => {
    expect(classifySendError(new NetworkError('Connection refused'))).toBe('transient');
    expect(classifySendError(retried(new NetworkError('refused'), new TimeoutError('Request timed out')))).toBe('transient');
    expect(classifySendError(new ProtocolError('NOT_LEADER_OR_FOLLOWER'))).toBe('transient');
    expect(classifySendError(new ProtocolError('NOT_ENOUGH_REPLICAS'))).toBe('transient');
  });

  it('starts a fresh producer over producer-state errors instead of stopping', () => {
    expect(classifySendError(new ProtocolError('OUT_OF_ORDER_SEQUENCE_NUMBER'))).toBe('transient');
    expect(classifySendError(retried(new NetworkError('reset'), new ProtocolError('UNKNOWN_PRODUCER_ID')))).toBe('transient');
  });

  it('blames the records for a batch the broker finds too large or invalid', () => {
    expect(classifySendError(new ProtocolError('MESSAGE_TOO_LARGE'))).toBe('rejected');
    expect(classifySendError(retried(new NetworkError('reset'), new ProtocolError('RECORD_LIST_TOO_LARGE')))).toBe('rejected');
    expect(classifySendError(new ProtocolError('INVALID_RECORD'))).toBe('rejected');
  });

  it('stops on refusals no retry can fix, and on errors that are not the broker’s', () => {
    expect(classifySendError(new ProtocolError('TOPIC_AUTHORIZATION_FAILED'))).toBe('fatal');
    expect(classifySendError(new ProtocolError('INVALID_REQUIRED_ACKS'))).toBe('fatal');
    expect(classifySendError(new UserError('Failed to serialize a message.'))).toBe('fatal');
    expect(classifySendError(new TypeError('x is undefined'))).toBe('fatal');
  });
});
