import { Type } from 'typebox';
import { defineRoute } from '../contract';
import { AccountSchema, CredentialsSchema, GuestLoginSchema, MeSchema } from '../schemas/auth';
import { errorResponses } from '../schemas/common';

export const signup = defineRoute({
  method: 'POST',
  url: '/api/auth/signup',
  tags: ['auth'],
  summary: "Create an account (password at least 10 characters) and sign in; this session's applications and orders become the account's",
  body: CredentialsSchema,
  responses: { 201: AccountSchema, ...errorResponses(409) },
});

export const userLogin = defineRoute({
  method: 'POST',
  url: '/api/auth/user-login',
  tags: ['auth'],
  summary: "Sign in with e-mail and password; the session id changes and this session's applications become the account's",
  body: CredentialsSchema,
  responses: { 200: AccountSchema, ...errorResponses(401) },
});

export const guestLogin = defineRoute({
  method: 'POST',
  url: '/api/auth/guest-login',
  tags: ['auth'],
  summary: "Continue as a guest with an e-mail address: a new guest identity for this session's applications (it never opens anyone else's)",
  body: GuestLoginSchema,
  responses: { 200: AccountSchema },
});

export const me = defineRoute({
  method: 'GET',
  url: '/api/auth/me',
  tags: ['auth'],
  summary: 'Who this session is signed in as, or null',
  responses: { 200: MeSchema },
});

export const logout = defineRoute({
  method: 'POST',
  url: '/api/auth/logout',
  tags: ['auth'],
  summary: 'Sign out: the session ends on the server',
  responses: { 204: Type.Null() },
});
