import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { SendHorizontal } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/textarea';
import { cx } from '../../../lib/cx';
import { refusal } from '../closer-errors';

type MessageComposerProps = {
  label: string;
  placeholder: string;
  max: number;
  sendLabel: string;
  /** Sends the trimmed text; the text is cleared only once it is accepted. */
  onSend: (content: string) => Promise<unknown>;
};

/**
 * A box to write in, for the thread and the reviewers' notes: Enter sends, Shift+Enter breaks
 * the line. A refused text is kept, with the server's reason under it.
 */
export function MessageComposer({ label, placeholder, max, sendLabel, onSend }: MessageComposerProps) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const errorId = useId();
  const length = text.trim().length;
  const over = length > max;
  const send = () => {
    if (sending || length === 0 || over) return;
    setSending(true);
    setError(null);
    onSend(text.trim())
      .then(() => setText(''))
      .catch((e: unknown) => setError(e))
      .finally(() => setSending(false));
  };
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    send();
  };
  const handleKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };
  return (
    <form onSubmit={handleSubmit} aria-label={label} className="flex flex-col gap-1.5">
      <div className="flex items-end gap-2">
        <Textarea aria-label={label} placeholder={placeholder} rows={2} value={text} readOnly={sending}
          aria-invalid={over || Boolean(error)} aria-describedby={error ? errorId : undefined}
          onChange={(e) => setText(e.target.value)} onKeyDown={handleKey} className="min-h-11 resize-y" />
        <Button type="submit" aria-label={sendLabel} title={sendLabel} disabled={sending || length === 0 || over} className="size-11 px-0">
          <SendHorizontal aria-hidden />
        </Button>
      </div>
      <div className="flex justify-between gap-3 text-xs">
        <p id={errorId} role={error ? 'alert' : undefined} className="font-medium text-destructive-text">{error ? refusal(error) : ''}</p>
        <p className={cx('shrink-0 tabular-nums', over ? 'font-medium text-destructive-text' : 'text-muted')}>
          {length > max * 0.8 ? `${length.toLocaleString('en-US')} / ${max.toLocaleString('en-US')}` : ''}
        </p>
      </div>
    </form>
  );
}
