/**
 * Progress of long work: a bar with rate and ETA on a terminal, a plain line every few seconds
 * otherwise (logs, CI).
 */
export function progressReporter(what: string, out: NodeJS.WriteStream = process.stderr) {
  const started = Date.now();
  let lastLine = 0;
  return (done: number, total: number) => {
    const seconds = (Date.now() - started) / 1000;
    const rate = done / Math.max(seconds, 0.001);
    const eta = rate > 0 ? Math.round((total - done) / rate) : 0;
    const pct = total === 0 ? 100 : Math.floor((done / total) * 100);
    if (out.isTTY) {
      const width = 30;
      const filled = Math.round((pct / 100) * width);
      out.write(`\r${what} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${pct}% ${done}/${total} ${rate.toFixed(0)}/s ETA ${eta}s`);
      if (done >= total) out.write('\n');
    } else if (Date.now() - lastLine > 5000 || done >= total) {
      lastLine = Date.now();
      out.write(`${what}: ${done}/${total} (${pct}%), ${rate.toFixed(0)}/s, ETA ${eta}s\n`);
    }
  };
}
