import { DS160_OPTIONS, builder, list, rowBuilder, yes, type Ds160Field } from '../fields';
import { NAME, ORGANISATION, latinName } from '../rules';

const companionRow = rowBuilder('companions');
const companions = builder('travel-companions');
export const travelCompanionsFields: readonly Ds160Field[] = [
  companions('travelingWithOthers', 'yesno', { required: true }),
  list('travel-companions', 'companions', [
    companionRow('firstName', 'text', { required: true, ...NAME, rule: latinName }),
    companionRow('lastName', 'text', { required: true, ...NAME, rule: latinName }),
    companionRow('relationship', 'select', { required: true, options: DS160_OPTIONS.relationship }),
    companionRow('nationality', 'country', { required: true }),
  ], yes('travelingWithOthers')),
  companions('groupTravel', 'yesno', { required: true }),
  companions('organizationName', 'text', { required: true, ...ORGANISATION, visibleWhen: yes('groupTravel') }),
];
