import type { FastifyInstance } from 'fastify';
import type { AiEngine } from '../../server/services/ai/engine';

// Failures injected at the AI engine itself (issue 13), so a test sees what the routes and the pages make of an
// engine that fails, never a scripted client actor.

export type Fault = 'throw' | 'blank';
type Operation = 'extract' | 'nextQuestion' | 'completeness' | 'analyze' | 'chatReply';

const installed = new WeakMap<AiEngine, Map<Operation, Fault>>();

/** The app's engine's faults, by operation: set one to make that operation fail, clear them to heal it. */
export function engineFaults(app: FastifyInstance): Map<Operation, Fault> {
  const engine = app.ai;
  let faults = installed.get(engine);
  if (faults) return faults;
  const table = new Map<Operation, Fault>();
  faults = table;
  installed.set(engine, table);
  const target = engine as unknown as Record<Operation, (...args: unknown[]) => unknown>;
  for (const op of ['extract', 'nextQuestion', 'completeness', 'analyze'] as const) {
    const original = target[op].bind(engine);
    target[op] = async (...args: unknown[]) => {
      const fault = table.get(op);
      if (fault === 'throw') throw new Error(`The AI engine failed (${op}, injected)`);
      const answer = await original(...args);
      // A reply of the right shape that says nothing: an interview question without words.
      if (fault === 'blank' && op === 'nextQuestion') {
        const next = answer as { question?: { label: string } };
        return next.question ? { ...next, question: { ...next.question, label: '' } } : next;
      }
      return answer;
    };
  }
  const reply = target.chatReply.bind(engine) as AiEngine['chatReply'];
  target.chatReply = ((input: Parameters<AiEngine['chatReply']>[0], signal?: AbortSignal) => {
    const fault = table.get('chatReply');
    if (fault === 'throw') {
      return (async function* () {
        throw new Error('The AI engine failed (chatReply, injected)');
      })();
    }
    return reply(input, signal);
  }) as never;
  return table;
}
