// The audit tab's one door: its machine and everything the panel shows, already derived.
import type { SnapshotFrom } from 'xstate';
import { pageCount } from './domain/paging';
import { AUDIT_ACTIONS } from '../openapi/schemas/operators';
import { auditLogMachine } from './auditLog.machine';
import { defineFlow } from './flow';

export { auditLogMachine, AUDIT_ACTIONS };
export type { AuditFilters } from './auditLog.machine';

/** The owners' audit log tab, opened inside the gate's dashboard. */
export const auditLogFlow = defineFlow({ name: 'auditLog', machine: auditLogMachine, input: () => undefined });

export function auditLogView(s: SnapshotFrom<typeof auditLogMachine>) {
  const { filters, data, page } = s.context;
  const pages = pageCount(data);
  return {
    loading: s.hasTag('loading'),
    failed: s.matches('failed'),
    filters,
    entries: data?.entries ?? [],
    total: data?.total ?? 0,
    page,
    pages,
    canPrevious: s.can({ type: 'PAGE', page: page - 1 }),
    canNext: s.can({ type: 'PAGE', page: page + 1 }),
  };
}
