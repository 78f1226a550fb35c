import { useId, useRef, useState } from 'react';
import { ImageUp, Trash2 } from 'lucide-react';
import { AVATAR_ACCEPTED_TYPES, AVATAR_MAX_BYTES, type User } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { UserAvatar } from '../../../components/user-avatar';
import { serverMessage } from '../../../lib/api';
import { useRemoveAvatar, useUploadAvatar } from '../api/account-mutations';

const MAX_MB = AVATAR_MAX_BYTES / (1024 * 1024);

/**
 * The profile picture: upload (PNG, JPEG or WebP up to 5 MB; the server decodes it, crops it to
 * a square and keeps a small WebP) or remove. Too large a file is refused here before it is sent.
 */
export function AvatarEditor({ user }: { user: User }) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const busy = upload.isPending || remove.isPending;

  const handleFile = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (file.size > AVATAR_MAX_BYTES) return setProblem(`The image must be at most ${MAX_MB} MB.`);
    setProblem(null);
    upload.mutate(file, {
      onSuccess: () => toast({ title: 'Photo updated', description: 'Your new profile photo is shown across LeadFloor.', variant: 'success' }),
      onError: (error) => setProblem(serverMessage(error) ?? 'The photo could not be uploaded. Please try again.'),
    });
  };

  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-center">
      <UserAvatar fullName={user.fullName} avatarUrl={user.avatarUrl} size="xl" />
      <div className="flex flex-col items-center gap-2 sm:items-start">
        <div className="flex flex-wrap justify-center gap-2">
          <input
            ref={input}
            type="file"
            accept={AVATAR_ACCEPTED_TYPES.join(',')}
            className="sr-only"
            tabIndex={-1}
            aria-hidden
            onChange={(e) => handleFile(e.target.files?.[0])}
            data-testid="avatar-file"
          />
          <Button variant="secondary" size="sm" disabled={busy} aria-describedby={hintId} onClick={() => input.current?.click()}>
            <ImageUp aria-hidden /> {upload.isPending ? 'Uploading...' : 'Upload photo'}
          </Button>
          {user.avatarUrl && (
            <Button variant="ghost" size="sm" disabled={busy} onClick={() => { setProblem(null); remove.mutate(); }}>
              <Trash2 aria-hidden /> Remove photo
            </Button>
          )}
        </div>
        <p id={hintId} className="text-xs text-muted">PNG, JPEG or WebP, up to {MAX_MB} MB. Shown as a square.</p>
        {problem && <p role="alert" className="text-xs font-medium text-destructive-text">{problem}</p>}
      </div>
    </div>
  );
}
