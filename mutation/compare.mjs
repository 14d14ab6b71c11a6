// Compares the verdicts of two Stryker reports (JSON reports or incremental files) mutant by mutant: the check
// that the Rumbo runner kills and spares what Stryker's Vitest runner does (README, "Scores as last measured").
//   node mutation/compare.mjs <reference.json>[,<more.json>…] <candidate.json>
// A mutant is the same in both when its file, mutator, place and replacement are; a verdict is detected
// (Killed, Timeout) or not (Survived, NoCoverage). Mutants only one report has, or ignored in either, are left out.
import fs from 'node:fs';

const DETECTED = new Set(['Killed', 'Timeout']);
const JUDGED = new Set(['Killed', 'Timeout', 'Survived', 'NoCoverage']);

function verdicts(files) {
  const out = new Map();
  for (const file of files.split(',')) {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    for (const [name, entry] of Object.entries(report.files)) {
      for (const m of entry.mutants) {
        if (!JUDGED.has(m.status)) continue;
        const { start, end } = m.location;
        out.set(`${name}:${start.line}:${start.column}-${end.line}:${end.column} ${m.mutatorName} ${m.replacement ?? ''}`, m.status);
      }
    }
  }
  return out;
}

const [referenceFiles, candidateFile] = process.argv.slice(2);
if (!referenceFiles || !candidateFile) {
  console.error('usage: node mutation/compare.mjs <reference.json>[,…] <candidate.json>');
  process.exit(2);
}
const reference = verdicts(referenceFiles);
const candidate = verdicts(candidateFile);
let same = 0;
const differ = [];
for (const [key, status] of candidate) {
  const before = reference.get(key);
  if (!before) continue;
  if (DETECTED.has(before) === DETECTED.has(status)) same += 1;
  else differ.push(`${key}: ${before} → ${status}`);
}
const compared = same + differ.length;
console.log(`${compared} mutants in both reports; the same verdict for ${same} (${((100 * same) / Math.max(1, compared)).toFixed(1)}%).`);
for (const line of differ) console.log(`  ${line}`);
