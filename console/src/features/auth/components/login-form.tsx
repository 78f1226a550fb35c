import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { LoginFormSchema, type LoginForm as LoginFormValues } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { toast } from '../../../components/ui/toast-store';
import { useLogin } from '../api/auth-mutations';
import { loginErrorToast } from '../auth-error-toasts';
import { DemoCredentials } from './demo-credentials';
import { NowhereLink } from './nowhere-link';
import { TwoFactorSignIn } from './two-factor-sign-in';

/** Spec 2.3's sign-in form, validated with the same schema the server uses. */
export function LoginForm() {
  const login = useLogin();
  // An account with two-factor sign-in: after the password, its code (a pending sign-in, server side).
  const [codeStep, setCodeStep] = useState(false);
  const { register, handleSubmit, setFocus, setValue, formState: { errors } } = useForm<LoginFormValues>({
    resolver: zodResolver(LoginFormSchema),
    defaultValues: { username: '', password: '', rememberMe: false },
  });

  const handleLogin = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (result) => setCodeStep(result === 'two-factor'),
      onError: (error) => {
        const { focusPassword, ...message } = loginErrorToast(error);
        toast({ ...message, variant: 'destructive' });
        if (focusPassword) setFocus('password', { shouldSelect: true });
      },
    }),
  );

  const handleUseDemo = (username: string, password: string) => {
    setValue('username', username, { shouldValidate: true });
    setValue('password', password, { shouldValidate: true });
  };

  const handleRestart = () => {
    setCodeStep(false);
    setValue('password', '');
  };

  if (codeStep) return <TwoFactorSignIn onRestart={handleRestart} />;
  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={handleLogin} noValidate className="flex flex-col gap-4" aria-label="Sign in">
        <FormField label="Email or username" error={errors.username?.message}>
          {(control) => <Input {...control} {...register('username')} autoComplete="username" placeholder="you@company.com" autoFocus />}
        </FormField>
        <FormField
          label="Password"
          error={errors.password?.message}
          aside={<NowhereLink title="Password reset is not available yet">Forgot your password?</NowhereLink>}
        >
          {(control) => <PasswordInput {...control} {...register('password')} autoComplete="current-password" placeholder="Your password" />}
        </FormField>
        <label className="flex w-fit items-center gap-2 text-sm text-foreground">
          <Checkbox {...register('rememberMe')} />
          Remember me
        </label>
        <Button type="submit" size="lg" disabled={login.isPending} className="mt-1 w-full">
          {login.isPending ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
      <p className="text-center text-sm text-muted">
        Don&apos;t have an account?{' '}
        <Link to="/register" className="font-medium text-primary-soft-foreground hover:underline">Register here</Link>
      </p>
      <DemoCredentials onUse={handleUseDemo} />
    </div>
  );
}
