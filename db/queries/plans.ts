import type { Db, Executor } from '../index';

export interface PlanFeatures {
  wizardAccess: boolean;
  estaCheck: boolean;
  aiAnalysis: boolean;
  documentReview: boolean;
  interviewPrep: boolean;
  prioritySupport: boolean;
}

export interface PlanDefinition {
  id: 'basic' | 'pro' | 'premium';
  name: string;
  features: PlanFeatures;
}

export const PLAN_DEFINITIONS: readonly PlanDefinition[] = [
  {
    id: 'basic',
    name: 'Basic',
    features: { wizardAccess: true, estaCheck: true, aiAnalysis: false, documentReview: false, interviewPrep: false, prioritySupport: false },
  },
  {
    id: 'pro',
    name: 'Pro',
    features: { wizardAccess: true, estaCheck: true, aiAnalysis: true, documentReview: true, interviewPrep: false, prioritySupport: false },
  },
  {
    id: 'premium',
    name: 'Premium',
    features: { wizardAccess: true, estaCheck: true, aiAnalysis: true, documentReview: true, interviewPrep: true, prioritySupport: true },
  },
];

export async function seedPlans(db: Db): Promise<void> {
  for (const [i, plan] of PLAN_DEFINITIONS.entries()) {
    await db
      .insertInto('plans')
      .values({ id: plan.id, name: plan.name, features: JSON.stringify(plan.features), sort_order: i })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
}

export async function listPlans(db: Executor): Promise<PlanDefinition[]> {
  const rows = await db.selectFrom('plans').selectAll().orderBy('sort_order').execute();
  return rows.map((r) => ({ id: r.id as PlanDefinition['id'], name: r.name, features: JSON.parse(r.features) as PlanFeatures }));
}
