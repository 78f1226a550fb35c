/**
 * Where a learner stands with one assessment, from their attempts at it (any version): the
 * command side enforces it and the reads show it, so both use this one rule. A pass ends the
 * attempts; `maxAttempts` (null: unlimited) caps them; after a failed attempt the next one waits
 * `cooldownHours`.
 */
export function attemptStanding(
  rules: { maxAttempts: number | null; cooldownHours: number },
  attempts: readonly { passed: boolean; score: number; at: string }[],
): { used: number; left: number | null; passed: boolean; bestScore: number | null; nextAttemptAt: string | null } {
  const used = attempts.length;
  const passed = attempts.some((a) => a.passed);
  const bestScore = used === 0 ? null : Math.max(...attempts.map((a) => a.score));
  const left = rules.maxAttempts === null ? null : Math.max(0, rules.maxAttempts - used);
  const last = attempts.at(-1);
  const waitUntil = last && !last.passed && rules.cooldownHours > 0
    ? new Date(Date.parse(last.at) + rules.cooldownHours * 3_600_000).toISOString() : null;
  return { used, left, passed, bestScore, nextAttemptAt: passed || left === 0 ? null : waitUntil };
}
