import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearchParams } from 'react-router';
import { RegisterFormSchema, toRegisterBody, type RegisterForm as RegisterFormValues } from '@leadfloor/contracts';
import { ApiError } from '../../../lib/api';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { toast } from '../../../components/ui/toast-store';
import { useRegister } from '../api/auth-mutations';
import { registrationErrorToast } from '../auth-error-toasts';
import { InviteBanner } from './invite-banner';
import { NowhereLink } from './nowhere-link';

const EMPTY: RegisterFormValues = {
  firstName: '', lastName: '', companyName: '', username: '', email: '', password: '', confirmPassword: '', agreedToTerms: false,
};
const isFormField = (f: string): f is keyof RegisterFormValues => f in EMPTY;

/** Spec 2.3's registration form; the body sent is contracts' toRegisterBody (spec 3). */
export function RegisterForm() {
  const registration = useRegister();
  // A team's invite link: the new agent joins that team (the server checks the invite again).
  const inviteToken = useSearchParams()[0].get('invite') || undefined;
  const { register, handleSubmit, reset, setError, formState: { errors } } = useForm<RegisterFormValues>({
    resolver: zodResolver(RegisterFormSchema),
    defaultValues: EMPTY,
  });

  const handleRegister = handleSubmit((values) =>
    registration.mutate({ ...toRegisterBody(values), ...(inviteToken ? { inviteToken } : {}) }, {
      onError: (error) => {
        toast({ ...registrationErrorToast(error), variant: 'destructive' });
        // The server names the input at fault (a taken username or email): show it on the field too.
        if (error instanceof ApiError) {
          for (const { field, message } of error.body?.errors ?? []) if (isFormField(field)) setError(field, { message });
          const field = error.body?.field;
          if (field && isFormField(field) && error.body?.message) setError(field, { message: error.body.message }, { shouldFocus: true });
          // A full floor is nobody's typo: said above the button until the next try.
          if (error.code === 'billing.seats_full' && error.body?.message) setError('root.seats', { message: error.body.message });
        }
      },
    }),
  );


  return (
    <div className="flex flex-col gap-6">
      {inviteToken && <InviteBanner token={inviteToken} />}
      <form onSubmit={handleRegister} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2" aria-label="Create account">
        <FormField label="First name" error={errors.firstName?.message}>
          {(c) => <Input {...c} {...register('firstName')} autoComplete="given-name" autoFocus />}
        </FormField>
        <FormField label="Last name" error={errors.lastName?.message}>
          {(c) => <Input {...c} {...register('lastName')} autoComplete="family-name" />}
        </FormField>
        <FormField label="Company name" error={errors.companyName?.message} className="sm:col-span-2">
          {(c) => <Input {...c} {...register('companyName')} autoComplete="organization" />}
        </FormField>
        <FormField label="Username" error={errors.username?.message}>
          {(c) => <Input {...c} {...register('username')} autoComplete="username" />}
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
          {(c) => <Input {...c} {...register('email')} type="email" autoComplete="email" />}
        </FormField>
        <FormField label="Password" error={errors.password?.message}>
          {(c) => <PasswordInput {...c} {...register('password')} autoComplete="new-password" />}
        </FormField>
        <FormField label="Confirm password" error={errors.confirmPassword?.message}>
          {(c) => <PasswordInput {...c} {...register('confirmPassword')} autoComplete="new-password" />}
        </FormField>
        <div className="flex flex-col gap-1.5 sm:col-span-2">
          <label className="flex items-start gap-2 text-sm text-foreground">
            <Checkbox
              {...register('agreedToTerms')}
              aria-invalid={Boolean(errors.agreedToTerms)}
              aria-describedby={errors.agreedToTerms ? 'terms-error' : undefined}
              className="mt-0.5"
            />
            <span>
              I agree to the <NowhereLink title="The Terms of Service are not published yet">Terms of Service</NowhereLink> and{' '}
              <NowhereLink title="The Privacy Policy is not published yet">Privacy Policy</NowhereLink>
            </span>
          </label>
          {errors.agreedToTerms && <p id="terms-error" className="text-xs font-medium text-destructive-text">{errors.agreedToTerms.message}</p>}
        </div>
        {errors.root?.seats && <p role="alert" className="text-sm font-medium text-destructive-text sm:col-span-2">{errors.root.seats.message}</p>}
        <Button type="submit" size="lg" disabled={registration.isPending} className="w-full sm:col-span-2">
          {registration.isPending ? 'Creating account...' : 'Create account'}
        </Button>
      </form>
      <p className="text-center text-sm text-muted">
        Already have an account?{' '}
        <Link to="/login" onClick={() => reset(EMPTY)} className="font-medium text-primary-soft-foreground hover:underline">
          Back to Sign In
        </Link>
      </p>
    </div>
  );
}
