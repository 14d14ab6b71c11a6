import type { ValidationError } from '../../../../machines/domain/validators';
import type { Language } from '../builtin/text';
import { READING_SHARE, type TurnBudget } from '../budget';
import type { AiEngine } from '../engine';
import type { Asked } from '../reading/types';
import type { Extracted } from '../schemas';
import { step, type Pending, type Step } from './conversation';

// A chat turn's reading (issue 32): the answer to the field asked goes through sure-or-ask, and what else the
// message states outright is extracted beside it, both in the first part of the turn's time. A message that
// answers nothing (a question to the assistant, an insult, "I don't know", small talk) gives nothing at all.

const NOTHING: Extracted = { dates: [], countries: [] };

export interface ChatReading {
  /** The asked field's outcome; none when the chat asked nothing. */
  step?: Step;
  /** What the message states besides; empty when it answered nothing. */
  found: Extracted;
}

export async function readChatTurn(
  engine: AiEngine,
  input: { asked?: Asked; question?: string; text: string; language: Language; pending?: Pending | null; validate?: (value: string) => ValidationError | null; budget: TurnBudget },
): Promise<ChatReading> {
  const { asked, text, language, budget } = input;
  const signal = budget.part(READING_SHARE);
  const today = new Date();
  const [outcome, found] = await Promise.all([
    asked
      ? step({ engine, asked, text, language, today, signal, pending: input.pending ?? null, ...(input.question ? { question: input.question } : {}), ...(input.validate ? { validate: input.validate } : {}) })
      : undefined,
    text.trim() ? engine.extract({ text: text.slice(0, 2000), language }, signal) : NOTHING,
  ]);
  const silent = outcome?.kind === 'again' && ['abuse', 'question', 'offTopic', 'dontKnow'].includes(outcome.why);
  return { ...(outcome ? { step: outcome } : {}), found: silent ? NOTHING : found };
}

/** What the reply says first, and the quick answers it offers, from the asked field's outcome. */
export function clarifyOf(outcome: Step | undefined): { clarify?: string; quick: string[] } {
  if (!outcome || outcome.kind === 'stored') return { quick: [] };
  return { clarify: outcome.clarify, quick: outcome.quick };
}
