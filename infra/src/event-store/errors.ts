/** The stream moved past the version the command decided against. */
export class VersionConflictError extends Error {
  readonly kind = 'VersionConflict' as const;
  constructor(readonly streamId: string, readonly expectedVersion: number) {
    super(`stream ${streamId} is no longer at version ${expectedVersion}`);
    this.name = 'VersionConflictError';
  }
}

/** A command-side unique key (username, email...) is already held by another stream. */
export class UniqueKeyTakenError extends Error {
  readonly kind = 'UniqueKeyTaken' as const;
  constructor(readonly scope: string, readonly key: string) {
    super(`${scope} "${key}" is already taken`);
    this.name = 'UniqueKeyTakenError';
  }
}

/** An append would have taken a counter past its limit: nothing was appended. `current` is its value before. */
export class CounterLimitError extends Error {
  readonly kind = 'CounterLimit' as const;
  constructor(readonly scope: string, readonly key: string, readonly max: number, readonly current: number) {
    super(`counter ${scope} "${key}" is at its limit of ${max}`);
    this.name = 'CounterLimitError';
  }
}

/** A stream the decision was built on besides its own (an append's guard) moved past the version read: nothing was appended. */
export class StreamGuardMovedError extends Error {
  readonly kind = 'StreamGuardMoved' as const;
  constructor(readonly streamIds: string[]) {
    super(`one of ${streamIds.join(', ')} moved since it was read`);
    this.name = 'StreamGuardMovedError';
  }
}
