import { describe, expect, it } from 'vitest';
import { ScriptFormSchema, splitPhrases, toScriptForm } from './call-script-schema';

const messages = (value: unknown) => {
  const parsed = ScriptFormSchema.safeParse(value);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('splitPhrases', () => {
  it('takes one phrase per line or per comma, trimmed, without blanks or repeats', () => {
    expect(splitPhrases('my name is\n  calling from , this is\n\nMy Name Is\n')).toEqual(['my name is', 'calling from', 'this is']);
    expect(splitPhrases('  \n , ')).toEqual([]);
  });
});

describe('toScriptForm', () => {
  it('puts each phrase on its own line', () => {
    expect(toScriptForm([{ label: 'Greet', phrases: ['hi', 'hello'] }])).toEqual({ checkpoints: [{ label: 'Greet', phrases: 'hi\nhello' }] });
  });
});

describe('ScriptFormSchema', () => {
  it("turns the editor into the API's body", () => {
    expect(ScriptFormSchema.parse({ checkpoints: [{ label: ' Greet ', phrases: 'my name is\ncalling from' }] }))
      .toEqual({ checkpoints: [{ label: 'Greet', phrases: ['my name is', 'calling from'] }] });
  });
  it('names what is missing on the checkpoint it concerns', () => {
    expect(messages({ checkpoints: [{ label: 'Greet', phrases: 'hi' }, { label: '  ', phrases: ' , ' }] })).toEqual({
      'checkpoints.1.label': 'Name the checkpoint', 'checkpoints.1.phrases': 'Add at least one phrase the agent would say',
    });
  });
  it('keeps the limits of the API', () => {
    expect(messages({ checkpoints: [] })).toEqual({ checkpoints: 'A script needs at least one checkpoint' });
    expect(messages({ checkpoints: [{ label: 'Greet', phrases: 'x'.repeat(121) }] })).toEqual({ 'checkpoints.0.phrases': 'Each phrase is at most 120 characters' });
    expect(messages({ checkpoints: [{ label: 'Greet', phrases: Array.from({ length: 31 }, (_, i) => `p${i}`).join('\n') }] }))
      .toEqual({ 'checkpoints.0.phrases': 'At most 30 phrases' });
  });
});
