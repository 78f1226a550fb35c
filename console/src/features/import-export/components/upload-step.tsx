import { useRef, useState } from 'react';
import { FileUp } from 'lucide-react';
import { IMPORT_MAX_ROWS, type Import } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { serverMessage } from '../../../lib/api';
import { formatCount } from '../../../lib/format-number';
import { useUploadImport } from '../api/import-mutations';

/** Step 1: choose a CSV or XLSX file; the server answers its columns, a sample and its row count. */
export function UploadStep({ onUploaded }: { onUploaded: (imp: Import) => void }) {
  const upload = useUploadImport();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const submit = async () => {
    if (!file) return;
    onUploaded(await upload.mutateAsync(file));
  };
  return (
    <form className="flex flex-col gap-4" onSubmit={(e) => { e.preventDefault(); void submit().catch(() => {}); }}>
      <label className="flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed border-border px-4 py-8 text-center hover:border-primary">
        <FileUp aria-hidden className="size-8 text-muted" />
        <span className="text-sm font-medium text-foreground">{file ? file.name : 'Choose a CSV or Excel (.xlsx) file'}</span>
        <span className="text-xs text-muted">A header row, then up to {formatCount(IMPORT_MAX_ROWS)} leads. Comma, semicolon or tab separated.</span>
        <input ref={input} type="file" accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-label="File to import" className="sr-only" onChange={(e) => { upload.reset(); setFile(e.target.files?.[0] ?? null); }} />
      </label>
      {upload.error && <p role="alert" className="text-sm text-destructive">{serverMessage(upload.error) ?? 'The file could not be uploaded. Try again.'}</p>}
      <div className="flex justify-end">
        <Button type="submit" disabled={!file || upload.isPending}>{upload.isPending ? 'Uploading...' : 'Upload and map columns'}</Button>
      </div>
    </form>
  );
}
