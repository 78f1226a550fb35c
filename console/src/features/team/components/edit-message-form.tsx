import { useId, useState, type FormEvent } from 'react';
import { EditTeamMessageBodySchema, TEAM_MESSAGE_MAX, type TeamMessage } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { useEditTeamMessage } from '../api/team-chat-mutations';
import type { ChatPerson } from '../chat-mentions';
import { errorMessage } from '../team-permissions';
import { CharacterCount, nearLimit } from './character-count';
import { MentionTextarea } from './mention-textarea';

/** One's own message, rewritten in place: Enter saves, Escape cancels; a refusal keeps the text. */
export function EditMessageForm({ message, people, meId, nameOf, onDone }: {
  message: TeamMessage; people: ChatPerson[]; meId: number; nameOf: (userId: number) => string | undefined; onDone: () => void;
}) {
  const [text, setText] = useState(message.content);
  const edit = useEditTeamMessage(message.teamId, nameOf);
  const errorId = useId();
  const length = text.trim().length;
  const refusal = edit.error ? errorMessage(edit.error) : undefined;
  const valid = length > 0 && length <= TEAM_MESSAGE_MAX;

  const save = () => {
    if (edit.isPending || !valid) return;
    if (text.trim() === message.content) return onDone();
    edit.mutate({ messageId: message.id, ...EditTeamMessageBodySchema.parse({ content: text }) }, { onSuccess: onDone });
  };
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    save();
  };

  return (
    <form onSubmit={handleSubmit} aria-label="Edit message" className="mt-1 flex flex-col gap-2">
      <MentionTextarea value={text} onChange={(next) => {
        setText(next);
        if (edit.error) edit.reset();
      }}
      people={people} meId={meId} onEnter={save} onEscape={onDone} label="Edit message" autoFocus readOnly={edit.isPending}
      invalid={!valid || Boolean(refusal)} describedBy={refusal ? errorId : undefined} />
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <Button type="submit" size="sm" disabled={edit.isPending || !valid}>Save</Button>
        <Button variant="ghost" size="sm" onClick={onDone}>Cancel</Button>
        {refusal ? <p id={errorId} role="alert" className="font-medium text-destructive-text">{refusal}</p>
          : <span className="text-muted">Enter to save, Escape to cancel</span>}
        {nearLimit(length) && <CharacterCount length={length} />}
      </div>
    </form>
  );
}
