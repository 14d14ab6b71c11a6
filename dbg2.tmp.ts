import { plantedTexts } from './tests/fixtures/premium/generated';
import { readFacts } from './server/services/premium/facts/index';
import { findingsOf } from './server/services/premium/rules/index';
const [seed, lang] = process.argv.slice(2);
for (const t of plantedTexts()) {
  if (String(t.seed) !== seed || t.lang !== lang) continue;
  const f = readFacts(t.text);
  console.log(t.text); console.log(JSON.stringify({ overstays: f.overstays, od: f.overstaysDeclared, visits: f.visits, comp: f.companions, cd: f.companionsDeclared }), findingsOf(f).map(x=>x.code));
}
