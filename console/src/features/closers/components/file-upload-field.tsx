import { useEffect, useId, useRef, useState } from 'react';
import { FileText, ImageIcon, Paperclip, X } from 'lucide-react';
import { CLOSER_FILE_MAX_BYTES, CloserFileTypeSchema, type CloserFile } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useUploadFile } from '../api/job-mutations';
import { formatBytes } from '../closer-labels';
import { refusal } from '../closer-errors';

const TYPE_NAMES = { 'application/pdf': 'PDF', 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'image/webp': 'WebP' } as const;
const ACCEPT = CloserFileTypeSchema.options.join(',');
const CAPS = `${Object.values(TYPE_NAMES).join(', ')}; up to ${formatBytes(CLOSER_FILE_MAX_BYTES)} each`;

type FileUploadFieldProps = {
  label: string;
  files: CloserFile[];
  max: number;
  onChange: (files: CloserFile[]) => void;
  error?: string;
};

/**
 * Files go to the server as soon as they are chosen (its caps shown, and checked here first so a
 * wrong file is refused at once); the form then sends their ids. The server still decides: it
 * knows a file's type from its bytes, never its name.
 */
export function FileUploadField({ label, files, max, onChange, error }: FileUploadFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadFile();
  const [localError, setLocalError] = useState<string | null>(null);
  const latest = useRef(files);
  // Several chosen at once are added one by one: each addition builds on the files as they are by then.
  useEffect(() => {
    latest.current = files;
  });
  const problemOf = (file: File): string | null =>
    !CloserFileTypeSchema.safeParse(file.type).success ? `${file.name} is not a PDF or an image (PNG, JPEG, WebP).`
      : file.size > CLOSER_FILE_MAX_BYTES ? `${file.name} is ${formatBytes(file.size)}; the limit is ${formatBytes(CLOSER_FILE_MAX_BYTES)}.`
        : null;

  const handleChosen = async (chosen: File[]) => {
    upload.reset();
    setLocalError(null);
    const room = Math.max(0, max - latest.current.length);
    for (const file of chosen.slice(0, room)) {
      const problem = problemOf(file);
      if (problem) {
        setLocalError(problem);
        return;
      }
      const stored = await upload.mutateAsync(file).catch(() => null);
      if (!stored) return;
      latest.current = [...latest.current, stored.file];
      onChange(latest.current);
    }
    if (chosen.length > room) setLocalError(`At most ${max} files: ${chosen.length - room === 1 ? 'one was' : `${chosen.length - room} were`} left out.`);
  };
  const shown = localError ?? (upload.error ? refusal(upload.error) : undefined) ?? error;

  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <span id={`${id}-label`} className="text-sm font-medium text-foreground">{label}</span>
        <span className="text-xs text-muted">{files.length} of {max}</span>
      </div>
      {files.length > 0 && (
        <ul aria-labelledby={`${id}-label`} className="flex flex-col gap-1.5">
          {files.map((f) => (
            <li key={f.id} className="flex items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm">
              {f.contentType === 'application/pdf' ? <FileText aria-hidden className="size-4 shrink-0 text-muted" /> : <ImageIcon aria-hidden className="size-4 shrink-0 text-muted" />}
              <span className="min-w-0 flex-1 truncate text-foreground">{f.name}</span>
              <span className="shrink-0 text-xs text-muted">{formatBytes(f.size)}</span>
              <button type="button" aria-label={`Remove ${f.name}`} onClick={() => onChange(files.filter((x) => x.id !== f.id))}
                className="rounded-md p-1 text-muted hover:bg-surface-muted hover:text-foreground">
                <X aria-hidden className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <input ref={input} id={id} type="file" accept={ACCEPT} multiple className="sr-only" aria-describedby={`${id}-hint`}
          aria-label={`Add files: ${label}`} disabled={upload.isPending || files.length >= max}
          onChange={(e) => {
            const chosen = [...(e.target.files ?? [])];
            e.target.value = '';
            void handleChosen(chosen);
          }} />
        <Button variant="secondary" size="sm" disabled={upload.isPending || files.length >= max} onClick={() => input.current?.click()}>
          {upload.isPending ? <Spinner label="Uploading" className="size-4" /> : <Paperclip aria-hidden />}
          {upload.isPending ? 'Uploading...' : 'Add files'}
        </Button>
        <p id={`${id}-hint`} className="text-xs text-muted">{CAPS}; at most {max}</p>
      </div>
      {shown && <p role="alert" className="text-xs font-medium text-destructive-text">{shown}</p>}
    </div>
  );
}
