import { z } from 'zod';
import { ApplyBodySchema, CloserFileSchema, type ApplyBody, type CloserFile, type Weekday } from '@leadfloor/contracts';

/** The apply dialog as typed; ApplyFormSchema checks each field with the body schema the server validates. */
export type ApplyFormValues = {
  experience: string; message: string; linkedinProfile: string; availableHoursPerWeek: string;
  availableStartDate: string; availableDays: Weekday[]; fileUploads: CloserFile[];
};

const body = ApplyBodySchema.shape;

export const ApplyFormSchema = z.object({
  experience: body.experience,
  message: body.message,
  linkedinProfile: z.string().transform((s) => (s.trim() === '' ? null : s.trim())).pipe(body.linkedinProfile.unwrap()),
  availableHoursPerWeek: z.string().transform((text, ctx) => {
    if (!/^\d{1,3}$/.test(text.trim())) {
      ctx.addIssue({ code: 'custom', message: text.trim() ? 'Whole hours, e.g. 30' : 'How many hours a week can you give?' });
      return z.NEVER;
    }
    return Number(text.trim());
  }).pipe(body.availableHoursPerWeek),
  availableStartDate: z.string().refine((d) => d !== '', 'When can you start?').pipe(body.availableStartDate),
  availableDays: body.availableDays,
  fileUploads: z.array(CloserFileSchema).transform((files) => files.map((f) => f.id)).pipe(body.fileUploads.unwrap()),
}) satisfies z.ZodType<ApplyBody, ApplyFormValues>;

export const emptyApplyForm = (): ApplyFormValues => ({
  experience: '', message: '', linkedinProfile: '', availableHoursPerWeek: '', availableStartDate: '',
  availableDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], fileUploads: [],
});
