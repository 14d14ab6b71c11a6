// The operators tab's one door: its machine and everything the panel shows, already derived.
import type { SnapshotFrom } from 'xstate';
import { STAFF_ROLES } from './domain/operators';
import { defineFlow } from './flow';
import { operatorsMachine } from './operators.machine';

export { operatorsMachine, STAFF_ROLES };

/** The owners' operators tab, opened inside the gate's dashboard. */
export const operatorsFlow = defineFlow({ name: 'operators', machine: operatorsMachine, input: () => undefined });

export function operatorsView(s: SnapshotFrom<typeof operatorsMachine>) {
  const { operators, form, errors, invitation, pending, emailOf } = s.context;
  const saving = s.hasTag('saving');
  return {
    loading: s.hasTag('loading') && operators === null,
    failed: s.matches('failed'),
    operators: operators ?? [],
    form,
    errors,
    invitation,
    /** Changes wait while one is being made. */
    busy: saving || s.hasTag('loading'),
    creating: s.matches('creating'),
    /** The operator whose change is under way. */
    pendingId: pending?.id ?? null,
    /** The operator whose e-mail address an owner is setting (its form is the staffEmail flow's), or null. */
    emailOperator: operators?.find((o) => o.id === emailOf) ?? null,
  };
}
