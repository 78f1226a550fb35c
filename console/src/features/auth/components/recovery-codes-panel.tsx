import { useState } from 'react';
import { Copy, Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { toast } from '../../../components/ui/toast-store';

type Props = { codes: string[]; onDone: () => void; doneLabel?: string };

/**
 * The ten recovery codes, shown this once (the server keeps only their hashes): copy them or
 * download them as a text file, and say they are saved before moving on.
 */
export function RecoveryCodesPanel({ codes, onDone, doneLabel = 'Done' }: Props) {
  const [saved, setSaved] = useState(false);
  const text = `LeadFloor recovery codes\nEach code signs you in once, without your authenticator app.\n\n${codes.join('\n')}\n`;

  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast({ title: 'Recovery codes copied', description: 'Paste them somewhere safe, like a password manager.', variant: 'success' });
    } catch {
      toast({ title: 'Could not copy', description: 'Select the codes and copy them, or download them instead.', variant: 'destructive' });
    }
  };
  const handleDownload = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: 'leadfloor-recovery-codes.txt' });
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <section aria-labelledby="recovery-codes-title" className="flex flex-col gap-4">
      <div>
        <h3 id="recovery-codes-title" className="text-sm font-semibold text-foreground">Save your recovery codes</h3>
        <p className="mt-0.5 text-sm text-muted">
          If you lose your phone, each of these codes signs you in once. They are shown only now: keep them somewhere safe.
        </p>
      </div>
      <ol aria-label="Recovery codes" className="grid grid-cols-1 gap-2 rounded-xl border border-border bg-surface-muted/60 p-4 font-mono text-sm text-foreground min-[420px]:grid-cols-2">
        {codes.map((code) => <li key={code} className="select-all">{code}</li>)}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => void handleCopy()}><Copy aria-hidden />Copy codes</Button>
        <Button variant="secondary" size="sm" onClick={handleDownload}><Download aria-hidden />Download</Button>
      </div>
      <label className="flex w-fit items-center gap-2 text-sm text-foreground">
        <Checkbox checked={saved} onChange={(e) => setSaved(e.target.checked)} />
        I have saved these codes
      </label>
      <div className="flex justify-end">
        <Button disabled={!saved} onClick={onDone}>{doneLabel}</Button>
      </div>
    </section>
  );
}
