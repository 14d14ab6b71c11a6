import { consistentTexts } from './tests/fixtures/premium/generated';
import { readFacts } from './server/services/premium/facts/index';
const want = process.argv.slice(2);
for (const t of consistentTexts(6, 99)) {
  if (!want.includes(String(t.seed))) continue;
  const f = readFacts(t.text);
  console.log('=====', t.seed, t.lang, t.layout, JSON.stringify({ stay: f.stay, arrival: f.arrival, departure: f.departure, leave: f.leave, refusals: f.refusals, refusalMentions: f.refusalMentions, visits: f.visits }));
  if (want.length <= 2) console.log(t.text);
}
