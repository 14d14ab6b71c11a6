import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import { formResumeMachine, resumeErrors, type FormResumeInput } from '../../machines/formResume.machine';

const settle = (actor: AnyActorRef) => waitFor(actor, (s) => !s.hasTag('busy'));
const rejects = (error: unknown): any =>
  fromPromise(async () => {
    throw error;
  });
const APPLICATION = { leadId: 'lead-1', formType: 'DS-160', formData: { 'personal-info': { firstName: 'Maria' } } };

function start(input: FormResumeInput, actors: Record<string, unknown> = {}) {
  const restored = vi.fn();
  const resume = vi.fn(async (_args: { input: unknown }) => APPLICATION);
  const actor = createActor(
    formResumeMachine.provide({
      actors: { issueResumeCode: fromPromise(async () => ({ code: 'ABCD-2345', link: '/ds160-wizard?resume=ABCD-2345', expiresAt: '2026-12-23T00:00:00.000Z' })), resumeApplication: fromPromise(resume), ...actors } as never,
    }),
    { input },
  );
  // The application found is handed to the ten-section form on the page, which replaces its own with it.
  actor.on('handOff', ({ flow, event }) => {
    expect(flow).toBe('ds160Form');
    expect(event.type).toBe('RESTORE');
    restored({ leadId: event.leadId, formData: event.values });
  });
  actor.start();
  return { actor, restored, resume };
}

describe('formResume', () => {
  it('judges the code and the e-mail before sending them', () => {
    expect(resumeErrors({ code: 'abcd 2345', email: 'maria@example.com' })).toEqual({});
    expect(resumeErrors({ code: 'ABCD-0000', email: 'maria@example.com' })).toEqual({ code: { key: 'ds160form:resume.codeInvalid' } });
    expect(resumeErrors({ code: 'ABCD-2345', email: 'maria' }).email?.key).toBe('validation.email.invalid');
  });

  it('issues a code only for a lead, and shows it until closed', async () => {
    expect(start({}).actor.getSnapshot().can({ type: 'SAVE_LATER' })).toBe(false);
    const { actor } = start({ leadId: 'lead-1' });
    actor.send({ type: 'SAVE_LATER' });
    await settle(actor);
    expect(actor.getSnapshot().context.issued?.code).toBe('ABCD-2345');
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().context.issued).toBeNull();
  });

  it('fills the code from a link, sends it normalised with the trimmed e-mail, and hands the application over', async () => {
    const { actor, restored, resume } = start({ code: 'abcd-2345' });
    expect(actor.getSnapshot().context.code).toBe('ABCD2345');
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors.email).toBeDefined();
    expect(resume).not.toHaveBeenCalled();
    actor.send({ type: 'FIELD.CHANGE', field: 'email', value: ' maria@example.com ' });
    expect(actor.getSnapshot().context.errors.email).toBeUndefined();
    actor.send({ type: 'SUBMIT' });
    await settle(actor);
    expect(resume.mock.calls[0]?.[0]).toMatchObject({ input: { code: 'ABCD2345', email: 'maria@example.com' } });
    expect(restored).toHaveBeenCalledWith({ leadId: APPLICATION.leadId, formData: APPLICATION.formData });
    expect(actor.getSnapshot().context).toMatchObject({ code: '', email: '', failure: null });
  });

  it('keeps the wait a refused code asks for, in whole minutes, for the page to say (issue 45 item 20)', async () => {
    for (const [retryAfter, wait] of [[45, 1], [60, 1], [61, 2], [900, 15], [undefined, null]] as const) {
      const { actor } = start({ code: 'ABCD-2345' }, { resumeApplication: rejects({ status: 429, code: 'too_many_attempts', retryAfter }) });
      actor.send({ type: 'FIELD.CHANGE', field: 'email', value: 'maria@example.com' });
      actor.send({ type: 'SUBMIT' });
      await settle(actor);
      expect(actor.getSnapshot().context, String(retryAfter)).toMatchObject({ failure: 'tooMany', wait });
    }
  });

  it.each([
    [{ status: 404 }, 'wrong'],
    [{ status: 410 }, 'wrong'],
    [{ status: 429 }, 'tooMany'],
    [new Error('offline'), 'failed'],
  ])('says what went wrong (%o: %s), never which of the two', async (error, failure) => {
    const { actor, restored } = start({ code: 'ABCD-2345' }, { resumeApplication: rejects(error) });
    actor.send({ type: 'FIELD.CHANGE', field: 'email', value: 'maria@example.com' });
    actor.send({ type: 'SUBMIT' });
    await settle(actor);
    expect(actor.getSnapshot().context.failure).toBe(failure);
    expect(restored).not.toHaveBeenCalled();
    actor.send({ type: 'FIELD.CHANGE', field: 'code', value: 'ABCD-2346' });
    expect(actor.getSnapshot().context.failure).toBeNull();
  });
});
