import { Type, type Static } from 'typebox';

export const ApplicationStatusSchema = Type.Enum(['draft', 'in-progress', 'submitted', 'approved', 'rejected']);
export type ApplicationStatus = Static<typeof ApplicationStatusSchema>;

/** Spec 1-core §3 Application, plus what the dashboard needs to continue it and show its payment. */
export const ApplicationSchema = Type.Object({
  id: Type.String(),
  type: Type.String({ description: 'DS-160, ESTA or PRE-ASSESSMENT' }),
  country: Type.String(),
  purpose: Type.String(),
  status: ApplicationStatusSchema,
  createdAt: Type.String(),
  lastModified: Type.String(),
  progress: Type.Integer({ minimum: 0, maximum: 100, description: 'Answered against visible questions' }),
  paymentStatus: Type.String(),
  plan: Type.String(),
  source: Type.String(),
  /** The wizard that continues it, when one can; 'form' is the ten-section DS-160 form. */
  wizard: Type.Union([Type.Enum(['ds160', 'esta', 'preassessment', 'form']), Type.Null()]),
  orders: Type.Array(Type.Object({ id: Type.String(), number: Type.String(), status: Type.String(), product: Type.String() })),
  group: Type.Union(
    [
      Type.Object({
        id: Type.String(),
        relationship: Type.String({ description: "To the group leader ('leader' for the leader)" }),
        traveller: Type.String({ description: "The traveller's name" }),
      }),
      Type.Null(),
    ],
    { description: 'The family or group this application travels with (issue 36): the dashboard shows a group as one card' },
  ),
});
export type ApplicationDto = Static<typeof ApplicationSchema>;

export const ApplicationsSchema = Type.Array(ApplicationSchema);
