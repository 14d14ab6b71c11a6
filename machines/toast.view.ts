// What the toaster reads: where the one visible toast sits, by the rule in machines/domain/toastSpot.ts.
export { toastSpot, type Box, type Spot, type ToastRoom } from './domain/toastSpot';
