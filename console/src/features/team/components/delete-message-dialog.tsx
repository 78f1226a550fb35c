import type { TeamMessage } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useDeleteTeamMessage } from '../api/team-chat-mutations';
import { errorMessage } from '../team-permissions';

/** Asked before a message goes: it keeps its place in the conversation, without its text. */
export function DeleteMessageDialog({ teamId, message, onClose }: { teamId: number; message: TeamMessage | null; onClose: () => void }) {
  const remove = useDeleteTeamMessage(teamId);
  const close = () => {
    remove.reset();
    onClose();
  };
  const excerpt = message && message.content.length > 160 ? `${message.content.slice(0, 159)}…` : message?.content;
  return (
    <Dialog open={message !== null} onClose={close} title="Delete this message?" description="Everyone on the team will see that a message was deleted." maxWidth="max-w-[440px]">
      <div className="flex flex-col gap-4">
        {excerpt && (
          <blockquote className="rounded-lg border border-border bg-surface-muted px-3 py-2 text-sm [overflow-wrap:anywhere] whitespace-pre-wrap text-foreground">
            {excerpt}
          </blockquote>
        )}
        {remove.error && <p role="alert" className="text-sm font-medium text-destructive-text">{errorMessage(remove.error)}</p>}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={close}>Cancel</Button>
          <Button variant="destructive" disabled={remove.isPending} onClick={() => message && remove.mutate(message.id, { onSuccess: close })}>Delete</Button>
        </div>
      </div>
    </Dialog>
  );
}
