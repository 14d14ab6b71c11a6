import { amountIn, currencyOf, lengthsIn } from '../numbers';
import type { ApplicantFacts } from './schema';
import { clauseQuote, clausesOf, type Piece } from './text';

// A trip's cost told by the night or the day ('Hotel in Manhattan for first 2 weeks, $240 a night', 'hôtels, environ
// 150 $ la nuit'), when no total is written (issue 42): the rate times the nights told beside it, else the stay's
// days. A price in the United States written with '$' alone is in dollars.

const PER_NIGHT = /(?:a|per|por|la|par|the|each|cada|\/)\s*(?:night|noche|nuit|noite|diaria|day|dia|jour)\b/;
const MONEY = /(?:\$|usd|us\$|dollars?|dolares|€|eur|euros?)/;

export function fromNightlyCosts(sentences: readonly Piece[], facts: ApplicantFacts): void {
  if (facts.budget) return;
  for (const s of sentences) {
    for (const c of clausesOf(s)) {
      const rate = PER_NIGHT.exec(c.folded);
      if (!rate || !MONEY.test(c.folded.slice(Math.max(0, rate.index - 25), rate.index))) continue;
      const amount = amountIn(c.folded.slice(Math.max(0, rate.index - 25), rate.index));
      if (!amount) continue;
      // The nights told ('3 noches', 'first 2 weeks'), else the whole stay.
      const told = /(\d{1,3})\s*(?:nights?|noches?|nuits?|noites?)\b/.exec(c.folded);
      const nights = told ? Number(told[1]) : lengthsIn(c.folded)[0]?.days ?? facts.stay?.days;
      const quote = clauseQuote(c);
      if (!nights || !quote) continue;
      facts.budget = { source: quote.text, amount: amount * nights, currency: currencyOf(c.folded) ?? 'USD' };
      return;
    }
  }
}
