/**
 * A fresh Idempotency-Key for one mutation attempt: if the answer is lost and the same
 * attempt is sent again, the server replays its first answer instead of acting twice.
 * getRandomValues works on plain-http origins too, where crypto.randomUUID does not exist.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
