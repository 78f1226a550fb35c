import { Button } from '../../../components/ui/button';
import { sampleCurl } from '../signing-snippets';
import { CopyField } from './copy-field';

/** What a new or rotated source is reached with, shown this once: its URL, its signing secret, a sample request. */
export function SourceSecretPanel({ path, secret, onDone }: { path: string; secret: string | null; onDone: () => void }) {
  const url = `${window.location.origin}${path}`;
  return (
    <div className="flex flex-col gap-3">
      <CopyField label="Webhook URL" value={url} hint="Shown only now: LeadFloor keeps only a fingerprint of it. Rotate the source to get a new one." />
      {secret && <CopyField label="Signing secret" value={secret} hint="Sign each request with it (HMAC-SHA256, see the sample). Shown only now." />}
      <div className="flex flex-col gap-1">
        <p className="text-sm font-medium text-foreground">Sample request</p>
        <pre aria-label="Sample request" className="max-h-56 overflow-auto rounded-lg bg-surface-muted p-3 font-mono text-xs whitespace-pre-wrap break-all text-foreground">
          {sampleCurl(url, secret !== null)}
        </pre>
        <p className="text-xs text-muted">
          Send the add-lead fields as JSON, with an optional <code>externalId</code>: a resend with the same id is accepted once.
          {secret ? ' The signature covers the exact body and must be under five minutes old.' : ''}
        </p>
      </div>
      <div className="flex justify-end"><Button onClick={onDone}>Done</Button></div>
    </div>
  );
}
