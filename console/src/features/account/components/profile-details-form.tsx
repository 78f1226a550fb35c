import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ProfileFormSchema, type ProfileForm, type User } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast-store';
import { ApiError, serverMessage } from '../../../lib/api';
import { useUpdateProfile } from '../api/account-mutations';

const BIO_MAX = 500;
const FIELDS = new Set<keyof ProfileForm>(['fullName', 'bio']);

/** Name and bio, checked with the schema the server checks; only what changed is sent. */
export function ProfileDetailsForm({ user }: { user: User }) {
  const update = useUpdateProfile();
  const defaults = { fullName: user.fullName, bio: user.bio ?? '' };
  const { register, handleSubmit, setError, reset, control, formState: { errors, isDirty, dirtyFields } } = useForm<ProfileForm>({
    resolver: zodResolver(ProfileFormSchema),
    defaultValues: defaults,
  });
  const bio = useWatch({ control, name: 'bio' }) ?? '';

  const handleSave = handleSubmit((values) => {
    const patch = { ...(dirtyFields.fullName ? { fullName: values.fullName } : {}), ...(dirtyFields.bio ? { bio: values.bio } : {}) };
    update.mutate(patch, {
      onSuccess: ({ user: saved }) => {
        reset({ fullName: saved.fullName, bio: saved.bio ?? '' });
        toast({ title: 'Profile updated', description: 'Your name and bio are saved.', variant: 'success' });
      },
      onError: (error) => {
        toast({ title: 'Update Failed', description: serverMessage(error) ?? 'Failed to save your profile. Please try again.', variant: 'destructive' });
        if (error instanceof ApiError) {
          for (const { field, message } of error.body?.errors ?? []) {
            if (FIELDS.has(field as keyof ProfileForm)) setError(field as keyof ProfileForm, { message });
          }
        }
      },
    });
  });

  return (
    <form onSubmit={handleSave} noValidate aria-label="Profile details" className="flex flex-col gap-4">
      <FormField label="Full name" error={errors.fullName?.message}>
        {(c) => <Input {...c} {...register('fullName')} autoComplete="name" />}
      </FormField>
      <FormField
        label="Bio"
        hint={`Plain text, shown on your profile. ${bio.length}/${BIO_MAX}`}
        error={errors.bio?.message}
      >
        {(c) => <Textarea {...c} {...register('bio')} rows={4} placeholder="What you sell, where you work, what you are good at" />}
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={!isDirty || update.isPending} onClick={() => reset(defaults)}>Cancel</Button>
        <Button type="submit" disabled={!isDirty || update.isPending}>{update.isPending ? 'Saving...' : 'Save profile'}</Button>
      </div>
    </form>
  );
}
