// Which kinds of suite judge a mutated file, one rule for the runner (session.mjs) and for the script that keeps the
// judges' hashes (scripts/mutation.mjs), so both agree on what a result depends on.
//
// A machine is judged by its own path tests (chosen by name, not here). A view module by every suite that reaches
// it, unit and paths. A rule in machines/domain by its unit tests alone: a path suite that reaches a rule replays
// every path for each of its mutants (33 s a static mutant that survives, README "Rules and view modules"), and the
// rules' unit tests are where each rule is stated; that is what brings a first full run under an hour.
// MUTATION_DOMAIN_JUDGES=all judges the rules by the path suites too, as before.

/** @param {string} relative a mutated file, from the repository's root, with '/' */
export function judgeKindsOf(relative, env = process.env) {
  if (relative.startsWith('machines/domain/') && env.MUTATION_DOMAIN_JUDGES !== 'all') return ['unit'];
  return ['unit', 'paths'];
}
