import { assign, emit, fromPromise, setup } from 'xstate';
import { isOtherPage } from './domain/paging';
import type { AuditAction, AuditPageDto, AuditQuery } from '../openapi/schemas/operators';
import { backToGate, failureToast, type WorldEffect } from './effects';

export interface AuditFilters {
  action: AuditAction | '';
  actor: string;
  target: string;
  /** YYYY-MM-DD, or '' for no bound. */
  from: string;
  to: string;
}

export interface AuditLogContext {
  /** As typed; applied with APPLY. */
  filters: AuditFilters;
  /** What the shown page was loaded with. */
  applied: AuditFilters;
  page: number;
  data: AuditPageDto | null;
}

export type AuditLogEvent =
  | { type: 'FILTER.CHANGE'; field: keyof AuditFilters; value: string }
  | { type: 'APPLY' }
  | { type: 'CLEAR' }
  | { type: 'PAGE'; page: number }
  | { type: 'RETRY' };

export interface AuditLogOutput {
  expired: true;
}

export const NO_FILTERS: AuditFilters = { action: '', actor: '', target: '', from: '', to: '' };

/** The query the server is asked: only the filters given, and the page when it is not the first. */
export function auditQuery(filters: AuditFilters, page: number): AuditQuery {
  return {
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.actor.trim() ? { actor: filters.actor.trim() } : {}),
    ...(filters.target.trim() ? { target: filters.target.trim() } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(page > 1 ? { page } : {}),
  };
}

const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status;

/**
 * The owners' audit log tab (issue 44): who viewed which lead, who exported, who changed prices, branding or
 * operators, newest first, 50 a page, filtered by action, operator, target and days.
 */
export const auditLogMachine = setup({
  types: { context: {} as AuditLogContext, events: {} as AuditLogEvent, output: {} as AuditLogOutput, emitted: {} as WorldEffect },
  actors: {
    /** GET /api/admin/audit; provided by the client. */
    fetchAudit: fromPromise<AuditPageDto, AuditQuery>(async () => {
      throw new Error('fetchAudit is provided by the caller');
    }),
  },
  actions: {
    announceFailed: emit(failureToast('operators:toast.auditFailed.title', 'operators:toast.auditFailed.description')),
  },
  guards: {
    unauthorized: (_, params: { error: unknown }) => statusOf(params.error) === 401,
    pageExists: ({ context, event }) => event.type === 'PAGE' && isOtherPage(context.data, context.page, event.page),
  },
}).createMachine({
  id: 'auditLog',
  context: { filters: NO_FILTERS, applied: NO_FILTERS, page: 1, data: null },
  initial: 'loading',
  on: {
    'FILTER.CHANGE': { actions: assign({ filters: ({ context, event }) => ({ ...context.filters, [event.field]: event.value }) }) },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'fetchAudit',
        src: 'fetchAudit',
        input: ({ context }) => auditQuery(context.applied, context.page),
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output }) },
        onError: [
          { guard: { type: 'unauthorized', params: ({ event }) => ({ error: event.error }) }, target: 'expired' },
          { target: 'failed', actions: 'announceFailed' },
        ],
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      on: {
        APPLY: { target: 'loading', actions: assign({ applied: ({ context }) => context.filters, page: 1 }) },
        CLEAR: { target: 'loading', actions: assign({ filters: NO_FILTERS, applied: NO_FILTERS, page: 1 }) },
        PAGE: { guard: 'pageExists', target: 'loading', actions: assign({ page: ({ event }) => event.page }) },
      },
    },
    // The server no longer answers this session as an admin: the gate shows its sign-in again.
    expired: { type: 'final', entry: emit(backToGate), output: { expired: true as const } },
  },
  output: ({ event }) => event.output as AuditLogOutput,
});
