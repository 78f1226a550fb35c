import { cx } from '../../../lib/cx';
import { transcriptTurns } from '../transcript-lines';

/** The transcript as a conversation: the agent's turns on one side, the customer's on the other. */
export function CallTranscript({ transcript }: { transcript: string }) {
  const turns = transcriptTurns(transcript);
  return (
    <ol aria-label="Transcript" className="flex flex-col gap-2.5">
      {turns.map((t, i) => (
        <li key={i} className={cx('flex flex-col gap-0.5', t.agent ? 'items-end pl-8 sm:pl-16' : 'items-start pr-8 sm:pr-16')}>
          {t.speaker && <span className="px-1 text-xs font-medium text-muted">{t.speaker}</span>}
          <p
            className={cx(
              'rounded-2xl px-3.5 py-2 text-sm break-words whitespace-pre-line',
              t.agent ? 'rounded-br-sm bg-primary-soft text-primary-soft-foreground' : 'rounded-bl-sm bg-surface-muted text-foreground',
            )}
          >
            {t.text}
          </p>
        </li>
      ))}
    </ol>
  );
}
