import { Type, type Static } from 'typebox';
import { GROUP_LIMITS, RELATIONSHIPS } from '../../machines/domain/travellerGroup';
import { Strict } from './common';

const Form = Type.Enum(['ESTA', 'DS-160'], { description: "The traveller's own form: the ESTA wizard or the ten-section DS-160 form" });

export const GroupIdParamsSchema = Strict({ groupId: Type.String({ format: 'uuid' }) });
export const GroupTravellerParamsSchema = Strict({ groupId: Type.String({ format: 'uuid' }), leadId: Type.String({ format: 'uuid' }) });

/** POST /api/groups/{groupId}/travellers: 'Add a traveller' (issue 36). */
export const NewTravellerSchema = Strict({
  firstName: Type.String({ maxLength: 50, description: 'Given names as in the passport' }),
  lastName: Type.String({ maxLength: 50, description: 'Surnames as in the passport' }),
  relationship: Type.Enum([...RELATIONSHIPS], { description: 'How the traveller is related to the group leader' }),
  nationality: Type.String({ maxLength: 100, description: "The passport's country: it decides the traveller's form (ESTA or DS-160)" }),
});
export type NewTravellerBody = Static<typeof NewTravellerSchema>;

export const TravellerSchema = Type.Object({
  leadId: Type.String(),
  position: Type.Integer({ minimum: 0 }),
  relationship: Type.Enum(['leader', ...RELATIONSHIPS]),
  form: Form,
  name: Type.String({ description: "The traveller's name as their application holds it" }),
  completionStatus: Type.Enum(['incomplete', 'unpaid', 'completed', 'paid', 'abandoned']),
  paymentStatus: Type.Enum(['unpaid', 'pending', 'paid']),
  prefilled: Type.Array(Type.String(), {
    description: "The answers the group filled in that the traveller has not changed, by path ('home-address', 'travel-info.arrivalDate'): the form marks them",
  }),
  updatedAt: Type.String(),
});
export type TravellerDto = Static<typeof TravellerSchema>;

export const GroupSchema = Type.Object({
  id: Type.String(),
  leaderLeadId: Type.String(),
  purpose: Type.Enum(['tourism', 'business', 'transit', 'study'], { description: "The trip's purpose the visa rule reads for each new traveller" }),
  limits: Type.Object({
    travellers: Type.Literal(GROUP_LIMITS.travellers),
    ds160: Type.Literal(GROUP_LIMITS.ds160, { description: 'Travellers who fill a DS-160, within the group limit' }),
  }),
  travellers: Type.Array(TravellerSchema),
  createdAt: Type.String(),
});
export type GroupDto = Static<typeof GroupSchema>;

export const TravellerAddedSchema = Type.Object({ leadId: Type.String({ description: "The new traveller's lead" }), group: GroupSchema });
export type TravellerAdded = Static<typeof TravellerAddedSchema>;
