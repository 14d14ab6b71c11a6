import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { TEST_ADMIN } from './app';

// Signing operators in from tests, second step included (issue 44): an owner signing in for the first time sets up
// two-factor sign-in, and the helper keeps the secret and recovery codes it was given for the next time.

export interface Reply {
  statusCode: number;
  headers: Record<string, unknown>;
  json: () => any;
}
/** A browser's calls: its own cookie and address. */
export type Send = (method: string, url: string, payload?: unknown) => Promise<Reply>;

interface Enrolled {
  secret: string;
  recovery: string[];
  /** The last time step a code was sent for: a code works once. */
  lastStep: number;
}

/**
 * By the sealed secret the database holds (new with every enrolment), so an app restarted on the same database
 * signs the same operator in.
 */
const enrolled = new Map<string, Enrolled>();

const STEP_S = 30;

/** The app's code for a secret at a time step. */
export const codeAt = (secret: string, step: number): Promise<string> => generate({ secret, epoch: step * STEP_S });

export const stepOf = (ms: number): number => Math.floor(ms / 1000 / STEP_S);

async function sealedSecretOf(app: FastifyInstance, username: string): Promise<string | null> {
  const row = await app.db.selectFrom('users').select('totp_secret').where('username', '=', username).executeTakeFirst();
  return row?.totp_secret ?? null;
}

/** What the helper knows of an operator it enrolled (to sign in as them or check their codes). */
export async function enrolmentOf(app: FastifyInstance, username: string): Promise<Enrolled | undefined> {
  const sealed = await sealedSecretOf(app, username);
  return sealed ? enrolled.get(sealed) : undefined;
}

/** Remembers an enrolment made elsewhere (in a browser), so the next sign-in can be given a code. */
export async function rememberEnrolment(app: FastifyInstance, username: string, secret: string, recovery: string[], lastStep: number): Promise<void> {
  enrolled.set((await sealedSecretOf(app, username)) as string, { secret, recovery, lastStep });
}

/** A code for this operator's next sign-in. */
export async function nextCode(app: FastifyInstance, username: string): Promise<string> {
  const who = await enrolmentOf(app, username);
  if (!who) throw new Error(`${username} has two-factor sign-in set up outside this helper`);
  return freshCode(app, who);
}

/** A code not used yet: this step's, else the next one's (the server takes one step either side), else a recovery code. */
async function freshCode(app: FastifyInstance, who: Enrolled): Promise<string> {
  const now = stepOf(app.operators.now());
  for (const step of [now, now + 1]) {
    if (step > who.lastStep) {
      who.lastStep = step;
      return codeAt(who.secret, step);
    }
  }
  const recovery = who.recovery.shift();
  if (!recovery) throw new Error('No unused code left for this operator in this 30-second step');
  return recovery;
}

/** Sets up two-factor sign-in for the signed-in operator and remembers it. */
export async function enrol(app: FastifyInstance, send: Send, username: string): Promise<Enrolled> {
  const started = await send('POST', '/api/admin/totp/enrolment');
  if (started.statusCode !== 200) throw new Error(`enrolment answered ${started.statusCode}: ${JSON.stringify(started.json())}`);
  const secret = started.json().secret as string;
  const step = stepOf(app.operators.now());
  const confirmed = await send('POST', '/api/admin/totp/enrolment/confirm', { code: await codeAt(secret, step) });
  if (confirmed.statusCode !== 200) throw new Error(`confirmation answered ${confirmed.statusCode}: ${JSON.stringify(confirmed.json())}`);
  const who = { secret, recovery: confirmed.json().recoveryCodes as string[], lastStep: step };
  enrolled.set((await sealedSecretOf(app, username)) as string, who);
  return who;
}

/**
 * Signs a browser in as an operator, whatever the second step asks: a code from the remembered secret, or setting
 * it up (an owner's first sign-in). Answers the step the password led to.
 */
export async function signInAdmin(app: FastifyInstance, send: Send, account: { username: string; password: string } = TEST_ADMIN): Promise<string> {
  const res = await send('POST', '/api/auth/admin-login', account);
  if (res.statusCode !== 200) throw new Error(`admin-login answered ${res.statusCode}: ${JSON.stringify(res.json())}`);
  const step = res.json().step as string;
  if (step === 'enrol') await enrol(app, send, account.username);
  if (step === 'totp') {
    const who = await enrolmentOf(app, account.username);
    if (!who) throw new Error(`${account.username} has two-factor sign-in set up outside this helper`);
    const second = await send('POST', '/api/auth/admin-totp', { code: await freshCode(app, who) });
    if (second.statusCode !== 200) throw new Error(`admin-totp answered ${second.statusCode}: ${JSON.stringify(second.json())}`);
  }
  return step;
}

/** A browser over app.inject that keeps its session cookie, from its own address. */
export function injectBrowser(app: FastifyInstance, remoteAddress = '127.0.0.1') {
  let cookie: string | undefined;
  const send: Send & { cookie: () => string | undefined } = Object.assign(
    async (method: string, url: string, payload?: unknown) => {
      const res = await app.inject({
        method: method as 'GET',
        url,
        remoteAddress,
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
        headers: cookie ? { cookie } : {},
      });
      const set = res.cookies.find((c) => c.name === 'rumbo.sid');
      if (set) cookie = `rumbo.sid=${set.value}`;
      return res;
    },
    { cookie: () => cookie },
  );
  return send;
}

/** The session cookie of a browser signed in as the test owner. */
export async function ownerCookie(app: FastifyInstance, remoteAddress?: string): Promise<string> {
  const browser = injectBrowser(app, remoteAddress);
  await signInAdmin(app, browser);
  return browser.cookie() as string;
}
