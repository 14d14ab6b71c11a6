// Mutants no test can kill, left out of the score (Stryker's ignorer plugin). In `setup({...})`:
// - `types` exist only for the compiler;
// - an actor or action that only says it is provided by the caller (the client, or the path runner, provides
//   every one of them: the machine's own version never runs).
// Everything else a machine says is mutated and must be caught by its path tests.
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

/** The property of setup's argument (types, actors, actions, guards…) that holds this path, if any. */
function setupSection(path) {
  for (let p = path; p; p = p.parentPath) {
    const object = p.parentPath;
    const call = object?.parentPath;
    if (p.isObjectProperty() && object?.isObjectExpression() && call?.isCallExpression() && call.node.callee?.name === 'setup') return p;
  }
  return undefined;
}

// A spread entry (`...freshConversationActors`) has no value of its own: it is not a stand-in here (its module's are).
const said = (node, text) => (JSON.stringify(node, (key, value) => (key === 'loc' || key === 'start' || key === 'end' ? undefined : value)) ?? '').includes(text);

/** A stand-in the caller replaces: an actor that throws 'provided by the caller', an action with an empty body. */
function isStandIn(kind, property) {
  const value = property.value;
  if (kind === 'actors') return said(value, 'provided by the caller');
  const fn = value?.type === 'ArrowFunctionExpression' || value?.type === 'FunctionExpression' ? value : undefined;
  return fn?.body?.type === 'BlockStatement' && fn.body.body.length === 0;
}

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'xstate-stand-ins', {
    shouldIgnore(path) {
      const section = setupSection(path);
      if (!section) return undefined;
      const kind = section.node.key?.name;
      if (kind === 'types') return 'Types are for the compiler only.';
      if (kind !== 'actors' && kind !== 'actions') return undefined;
      const entries = section.get('value');
      if (!entries.isObjectExpression()) return undefined;
      // The whole list emptied: equivalent only when every entry is a stand-in.
      if (path.node === entries.node) return entries.node.properties.every((p) => isStandIn(kind, p)) ? `Every ${kind} entry is provided by the caller.` : undefined;
      const entry = entries.get('properties').find((p) => path === p || path.isDescendant(p));
      return entry && isStandIn(kind, entry.node) ? `Provided by the caller: ${entry.node.key?.name ?? 'this entry'} never runs.` : undefined;
    },
  }),
];
