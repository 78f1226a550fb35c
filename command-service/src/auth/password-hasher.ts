import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane. (The package's Algorithm is a const
// enum, which isolated modules cannot read: 2 is Argon2id.)
const ARGON2ID = 2;
const PARAMS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashing is deliberately slow, so a burst of sign-ins could starve the CPU: at most
 * `concurrency` hashes run at once and the rest queue (rate limits keep the queue short).
 */
export function createPasswordHasher({ concurrency = 2 } = {}) {
  let running = 0;
  const queue: (() => void)[] = [];
  const slot = async <T>(fn: () => Promise<T>): Promise<T> => {
    if (running >= concurrency) await new Promise<void>((r) => queue.push(r));
    running++;
    try {
      return await fn();
    } finally {
      running--;
      queue.shift()?.();
    }
  };
  // Verified against when the account does not exist, so both answers take the same time.
  const decoy = hash('decoy-password-never-used', PARAMS);
  return {
    hash: (password: string) => slot(() => hash(password, PARAMS)),
    async verify(passwordHash: string | null, password: string): Promise<boolean> {
      const target = passwordHash ?? (await decoy);
      const ok = await slot(() => verify(target, password).catch(() => false));
      return ok && passwordHash !== null;
    },
  };
}
export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
