import { describe, expect, it } from 'vitest';
import { ApplyFormSchema, emptyApplyForm } from './apply-form';

const errorsOf = (values: ReturnType<typeof emptyApplyForm>) => {
  const result = ApplyFormSchema.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the apply form', () => {
  it('gives the body the server validates: hours as a number, no profile as null, files by id', () => {
    const body = ApplyFormSchema.parse({
      ...emptyApplyForm(), experience: '5 years of solar', message: 'Hello', availableHoursPerWeek: ' 30 ', availableStartDate: '2026-12-01',
      fileUploads: [{ id: '7d1f0c1e-8a36-4d6e-9f57-0d8f3b8f0a11', name: 'cv.pdf', contentType: 'application/pdf', size: 1, url: '/f' }],
    });
    expect(body).toEqual({
      experience: '5 years of solar', message: 'Hello', linkedinProfile: null, availableHoursPerWeek: 30, availableStartDate: '2026-12-01',
      availableDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], fileUploads: ['7d1f0c1e-8a36-4d6e-9f57-0d8f3b8f0a11'],
    });
  });
  it('names every missing answer at once', () => {
    expect(errorsOf({ ...emptyApplyForm(), availableDays: [] })).toEqual({
      experience: 'Tell them about your experience', message: 'Write a message to the employer',
      availableHoursPerWeek: 'How many hours a week can you give?', availableStartDate: 'When can you start?', availableDays: 'Choose at least one day',
    });
  });
  it('refuses more hours than a week has and a profile that is not on LinkedIn', () => {
    const errors = errorsOf({ ...emptyApplyForm(), experience: 'x', message: 'y', availableStartDate: '2026-12-01', availableHoursPerWeek: '200', linkedinProfile: 'https://example.com/me' });
    expect(errors).toEqual({ availableHoursPerWeek: 'At most 168 hours', linkedinProfile: 'A linkedin.com address' });
  });
});
