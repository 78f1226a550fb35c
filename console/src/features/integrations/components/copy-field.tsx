import { useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';

/** A read-only value with a Copy button (a URL, a secret shown once). */
export function CopyField({ label, value, hint }: { label: string; value: string; hint?: string }) {
  const [copied, setCopied] = useState(false);
  const copy = () => navigator.clipboard.writeText(value).then(() => setCopied(true), () => setCopied(false));
  return (
    <FormField label={label} hint={hint}>
      {(control) => (
        <div className="flex gap-2">
          <Input {...control} readOnly value={value} onFocus={(e) => e.currentTarget.select()} className="min-w-0 font-mono text-xs" />
          <Button variant="secondary" onClick={() => void copy()} aria-label={`Copy ${label.toLowerCase()}`}>
            {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
            <span className="hidden sm:inline">{copied ? 'Copied' : 'Copy'}</span>
          </Button>
        </div>
      )}
    </FormField>
  );
}
