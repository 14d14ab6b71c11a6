import { Type, type Static } from 'typebox';
import { Strict } from './common';

const Email = Type.String({ minLength: 3, maxLength: 254 });

export const CredentialsSchema = Strict({ email: Email, password: Type.String({ minLength: 1, maxLength: 200 }) });
export type Credentials = Static<typeof CredentialsSchema>;

export const GuestLoginSchema = Strict({ email: Email });
export type GuestLogin = Static<typeof GuestLoginSchema>;

export const AccountSchema = Type.Object({
  id: Type.String(),
  email: Type.String(),
  role: Type.Enum(['user', 'guest', 'admin']),
});
export type AccountDto = Static<typeof AccountSchema>;

/** Who this browser session is signed in as, if anyone. */
export const MeSchema = Type.Object({ user: Type.Union([AccountSchema, Type.Null()]) });
export type MeDto = Static<typeof MeSchema>;
