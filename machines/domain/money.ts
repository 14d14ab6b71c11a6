/** Dollars in the interface language's way of writing money ($1,234.50, 1.234,50 US$, 1 234,50 $US). */
export function formatMoney(amount: number, language: string, options: { cents?: boolean } = {}): string {
  const cents = options.cents ?? !Number.isInteger(amount);
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: cents ? 2 : 0,
    maximumFractionDigits: cents ? 2 : 0,
  }).format(amount);
}

/**
 * What a price story charges for the service itself, in its own unit (cents): the service fee less the credit of a
 * package already paid for. With the processing fee it makes the total (docs/DECISIONS.md "Visa rules and prices", one price story).
 */
export const serviceCharge = (price: { serviceFee: number; credit: number }) => price.serviceFee - price.credit;
