// The advanced chat's paywall (spec 3-ai §4.4), one rule for the chat's machine and the server's script: at
// readiness 80 an application not paid for waits for the payment.

export const PAYWALL_AT = 80;

export const paywallLocks = ({ paid, readiness }: { paid: boolean; readiness: number }): boolean => !paid && readiness >= PAYWALL_AT;
