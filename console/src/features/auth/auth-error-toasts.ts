import { ApiError } from '../../lib/api';

export type ErrorToast = { title: string; description: string };

/** A fetch that never reached the server (offline, DNS, refused) fails with a TypeError. */
const isNetworkFailure = (error: unknown) => error instanceof TypeError;
const NETWORK = "We couldn't reach LeadFloor. Check your connection and try again.";

/**
 * Spec 8's login catalogue. invalid_credentials also moves focus to the password field
 * (`focusPassword`). An error whose body is not the JSON error shape is shown as is
 * ('502: Bad Gateway'); something that is not an Error at all gets the generic text.
 */
export function loginErrorToast(error: unknown): ErrorToast & { focusPassword: boolean } {
  const toast = (description: string, title = 'Login failed', focusPassword = false) => ({ title, description, focusPassword });
  if (error instanceof ApiError) {
    if (!error.body) return toast(error.message);
    switch (error.code) {
      case 'invalid_credentials':
        return toast('The username or password you entered is incorrect.', 'Login failed', true);
      case 'database_error':
        return toast("We're having trouble connecting to our systems. Please try again in a few moments.", 'System error');
      case 'server_error':
        return toast('Our servers are currently experiencing high traffic. Please try again shortly.', 'Service temporarily unavailable');
      default:
        return toast(error.body.message || 'Please check your credentials and try again');
    }
  }
  if (isNetworkFailure(error)) return toast(NETWORK);
  if (error instanceof Error) return toast(error.message || 'Login failed');
  return toast('An unexpected error occurred. Please try again.');
}

/** Spec 8: 'Registration failed' with the server's message, else a generic one. */
export function registrationErrorToast(error: unknown): ErrorToast {
  const title = 'Registration failed';
  if (error instanceof ApiError) return { title, description: error.body?.message || (error.body ? 'An error occurred during registration' : error.message) };
  if (isNetworkFailure(error)) return { title, description: NETWORK };
  if (error instanceof Error && error.message) return { title, description: error.message };
  return { title, description: 'An error occurred during registration' };
}

/** Spec 8: 'Logout failed' with the server's message; anything non-standard gets 'Error'. */
export function logoutErrorToast(error: unknown): ErrorToast {
  if (error instanceof ApiError) {
    return { title: 'Logout failed', description: error.body?.message || 'There was a problem logging you out. Please try again.' };
  }
  return { title: 'Error', description: 'Failed to log out. Please try again.' };
}
