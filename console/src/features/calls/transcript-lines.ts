/** One turn of a transcript: who spoke (as written), whether that is the agent, and what they said. */
export type TranscriptTurn = { speaker: string | null; agent: boolean; text: string };

const SPEAKER = /^\s*([A-Za-z][A-Za-z .'-]{0,30}?)\s*:\s*(.*)$/;
const AGENT = /^(agent|rep|sales ?rep|closer|me)$/i;

/**
 * A transcript as turns, read the way the analyzer reads it: `Speaker: words` starts a turn,
 * `Agent:` (or Rep, Closer, Me) is the agent and anyone else the customer, and a line without
 * a speaker continues the turn before it. Text with no speakers at all is one unattributed turn.
 */
export function transcriptTurns(transcript: string): TranscriptTurn[] {
  const turns: TranscriptTurn[] = [];
  for (const line of transcript.split(/\r?\n/)) {
    const m = SPEAKER.exec(line);
    const last = turns.at(-1);
    if (m) {
      const speaker = m[1]!.trim();
      turns.push({ speaker, agent: AGENT.test(speaker), text: m[2]!.trim() });
    } else if (line.trim() !== '') {
      if (last) last.text = last.text ? `${last.text}\n${line.trim()}` : line.trim();
      else turns.push({ speaker: null, agent: false, text: line.trim() });
    }
  }
  return turns;
}
