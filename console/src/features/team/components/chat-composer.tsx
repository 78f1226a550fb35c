import { useId, useState, type FormEvent } from 'react';
import { SendHorizontal } from 'lucide-react';
import { PostTeamMessageBodySchema, TEAM_MESSAGE_MAX, type TeamMessageCommandResponseSchema } from '@leadfloor/contracts';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../lib/cx';
import { usePostTeamMessage } from '../api/team-chat-mutations';
import type { ChatPerson } from '../chat-mentions';
import { errorMessage } from '../team-permissions';
import { CharacterCount, nearLimit } from './character-count';
import { MentionTextarea } from './mention-textarea';

type Posted = z.infer<typeof TeamMessageCommandResponseSchema>;

/**
 * Writing to the team: Enter sends, Shift+Enter breaks the line, `@` names someone. While the
 * post is under way the text stays put; a refusal is shown under it, and the text is kept.
 */
export function ChatComposer({ teamId, teamName, people, meId, onPosted }: {
  teamId: number; teamName: string; people: ChatPerson[]; meId: number; onPosted: (answer: Posted) => void;
}) {
  const [text, setText] = useState('');
  const post = usePostTeamMessage(teamId);
  const errorId = useId();
  const length = text.trim().length;
  const over = length > TEAM_MESSAGE_MAX;
  const refusal = post.error ? errorMessage(post.error) : undefined;

  const send = () => {
    if (post.isPending || length === 0 || over) return;
    const body = PostTeamMessageBodySchema.parse({ content: text });
    post.mutate(body, {
      onSuccess: (answer) => {
        setText('');
        onPosted(answer);
      },
    });
  };
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    send();
  };

  return (
    <form onSubmit={handleSubmit} aria-label="Write a message" className="flex flex-col gap-1.5 border-t border-border px-3 py-3 sm:px-4">
      <div className="flex items-end gap-2">
        <MentionTextarea
          value={text}
          onChange={(next) => {
            setText(next);
            if (post.error) post.reset();
          }}
          people={people}
          meId={meId}
          onEnter={send}
          label="Message"
          placeholder={`Message ${teamName}`}
          readOnly={post.isPending}
          invalid={over || Boolean(refusal)}
          describedBy={refusal ? errorId : undefined}
        />
        <Button type="submit" size="icon" aria-label="Send" disabled={post.isPending || length === 0 || over} className="size-10">
          <SendHorizontal aria-hidden />
        </Button>
      </div>
      <div className={cx('min-h-4 items-center justify-between gap-3 text-xs', refusal || nearLimit(length) ? 'flex' : 'hidden sm:flex')}>
        {refusal ? <p id={errorId} role="alert" className="font-medium text-destructive-text">{refusal}</p> : (
          <p className="hidden text-muted sm:block">
            <kbd className="font-sans font-medium">Enter</kbd> to send, <kbd className="font-sans font-medium">Shift + Enter</kbd> for a new line, <kbd className="font-sans font-medium">@</kbd> to mention
          </p>
        )}
        {nearLimit(length) && <CharacterCount length={length} />}
      </div>
    </form>
  );
}
