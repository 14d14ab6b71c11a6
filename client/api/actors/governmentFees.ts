import { adminGovernmentFees, checkGovernmentFee, scheduleGovernmentFee } from '../../../openapi/routes/governmentFees';
import type { FeeRef } from '../../../machines/governmentFees.machine';
import type { FeeChangeDto } from '../../../openapi/schemas/governmentFees';
import { call } from '../call';
import type { Transport } from '../transport';
import { actorsOf } from './actorsOf';

/** The admin's government fees tab: the list, a change from a later day, "checked today". */
export function governmentFeesCalls(http: Transport) {
  return {
    fetchFees: () => call(http, adminGovernmentFees, {}),
    scheduleFee: ({ code, subject, change }: FeeRef & { change: FeeChangeDto }) => call(http, scheduleGovernmentFee, { params: { code, subject }, body: change }),
    markChecked: ({ code, subject }: FeeRef) => call(http, checkGovernmentFee, { params: { code, subject } }),
  };
}

export const makeGovernmentFeesActors = (http: Transport) => actorsOf(governmentFeesCalls, http);
