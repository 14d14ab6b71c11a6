import { guestLogin, logout, me, signup, userLogin } from '../../../openapi/routes/auth';
import { call } from '../call';
import type { Transport } from '../transport';
import { actorsOf } from './actorsOf';

interface Credentials {
  email: string;
  password: string;
}

/** /login's three ways in. */
export function loginCalls(http: Transport) {
  return {
    userLogin: (body: Credentials) => call(http, userLogin, { body }),
    signup: (body: Credentials) => call(http, signup, { body }),
    guestLogin: (body: { email: string }) => call(http, guestLogin, { body }),
  };
}

/** The app-wide session: who is signed in, and signing out. */
export function sessionCalls(http: Transport) {
  return {
    fetchMe: () => call(http, me, {}),
    logout: () => call(http, logout, {}),
  };
}

export const makeLoginActors = (http: Transport) => actorsOf(loginCalls, http);
