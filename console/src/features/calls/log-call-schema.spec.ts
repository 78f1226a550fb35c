import { describe, expect, it } from 'vitest';
import { EMPTY_LOG_CALL, LogCallFormSchema, type LogCallFormValues } from './log-call-schema';

const form = (over: Partial<LogCallFormValues>): LogCallFormValues => ({ ...EMPTY_LOG_CALL, leadId: '42', duration: '4:05', result: 'connected', ...over });
const errorsOf = (values: LogCallFormValues) => {
  const parsed = LogCallFormSchema.safeParse(values);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('LogCallFormSchema', () => {
  it("turns the form into the API's body: seconds, trimmed texts, empty ones as null", () => {
    const parsed = LogCallFormSchema.parse(form({ duration: '4m 5s', notes: '  Keen buyer ', transcript: 'Agent: Hi', recordingUrl: ' https://rec.example/1.mp3 ' }));
    expect(parsed).toEqual({ leadId: 42, durationSeconds: 245, result: 'connected', notes: '  Keen buyer ', recordingUrl: 'https://rec.example/1.mp3', transcript: 'Agent: Hi' });
    expect(LogCallFormSchema.parse(form({ notes: '   ' }))).toMatchObject({ notes: null, transcript: null, recordingUrl: null });
  });
  it('asks for the lead, the duration and the result', () => {
    expect(errorsOf({ ...EMPTY_LOG_CALL })).toEqual({
      leadId: 'Choose the lead you called', duration: 'Enter how long the call lasted', result: 'Choose how the call ended',
    });
  });
  it('explains a duration it cannot read, or one longer than a day', () => {
    expect(errorsOf(form({ duration: 'a while' }))).toEqual({ duration: 'Use minutes and seconds, e.g. 4:05 or 4m 5s' });
    expect(errorsOf(form({ duration: '25:00:00' }))).toEqual({ duration: 'A call lasts at most 24 hours' });
  });
  it('takes only web addresses for the recording, as the API does', () => {
    expect(errorsOf(form({ recordingUrl: 'ftp://x' }))).toEqual({ recordingUrl: 'Enter a web address starting with https://' });
    expect(Object.keys(errorsOf(form({ recordingUrl: 'https://' })))).toEqual(['recordingUrl']);
  });
  it("keeps the API's limits on texts", () => {
    expect(Object.keys(errorsOf(form({ notes: 'x'.repeat(5_001) })))).toEqual(['notes']);
  });
});
