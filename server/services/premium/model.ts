import type OpenAI from 'openai';
import { Type, type Static, type TSchema } from 'typebox';
import { lazyOpenAi, loadOpenAi } from '../../lib/openai';
import { fold, tidy } from '../ai/builtin/text';
import { checked } from '../ai/engine';
import type { WarnLog } from '../ai/openai';
import { ApplicantFactsSchema, groundedFacts, readFacts, type ApplicantFacts } from './facts/index';
import type { InterviewLanguage } from './say';

// The premium interview's use of a model (issue 33). With OpenAI configured, the model reads the pasted text and
// words the questions and the feedback, through the real SDK with structured outputs; the rule book decides what
// is asked and how an answer is judged either way. Whatever the model says is checked: a fact must quote the text
// and mean what its quote says; a wording must still name every value the question cites and may name no figure,
// date or name that neither the text nor the built-in wording holds. Anything else, and any failure, and the
// built-in reading or wording stands.

export interface QuestionDraft {
  id: string;
  /** The built-in wording. */
  question: string;
  /** The values it names, as it names them: the model's wording must keep each. */
  cites: string[];
}

export interface FeedbackDraft {
  question: string;
  answer: string;
  verdict: string;
  /** The built-in feedback. */
  feedback: string;
}

/**
 * Reads the pasted text and words the interview. Each call may be given the budget it runs within (`signal`): past
 * it the built-in reading or wording answers.
 */
export interface InterviewWriter {
  readonly name: 'builtin' | 'openai';
  readFacts(text: string, signal?: AbortSignal): Promise<ApplicantFacts>;
  /** The model's wording of each question it worded well; a question left out keeps the built-in one. */
  wordQuestions(input: { language: InterviewLanguage; text: string; questions: QuestionDraft[] }, signal?: AbortSignal): Promise<Record<string, string>>;
  wordFeedback(input: { language: InterviewLanguage; text: string; draft: FeedbackDraft }, signal?: AbortSignal): Promise<string | null>;
}

export class BuiltinWriter implements InterviewWriter {
  readonly name = 'builtin' as const;
  async readFacts(text: string): Promise<ApplicantFacts> {
    return readFacts(text);
  }
  async wordQuestions(): Promise<Record<string, string>> {
    return {};
  }
  async wordFeedback(): Promise<string | null> {
    return null;
  }
}

const WordedQuestionsSchema = Type.Object({ questions: Type.Array(Type.Object({ id: Type.String(), question: Type.String({ minLength: 1, maxLength: 600 }) })) }, { additionalProperties: false });
const WordedFeedbackSchema = Type.Object({ feedback: Type.String({ minLength: 1, maxLength: 600 }) }, { additionalProperties: false });

const LANGUAGES: Record<InterviewLanguage, string> = { es: 'Spanish', en: 'English', fr: 'French', pt: 'Portuguese' };

const PROMPTS = {
  readFacts:
    'You read the DS-160 data a U.S. visa applicant pasted (the JSON "text": a CEAC review page, the confirmation page, or their own notes, in Spanish or English) and return the facts a consular officer asks about. ' +
    'Each fact\'s "source" must be copied exactly, character for character, from the text. Answers such as "N/A", "No aplica", "Does not apply" are not facts: leave them out. ' +
    'Report every refusal, earlier trip to the United States and relative living there that the text mentions anywhere, even where a form answer says none. Leave out what the text does not state.',
  wordQuestions: (language: InterviewLanguage) =>
    `You are a U.S. consular officer preparing an applicant's interview practice in ${LANGUAGES[language]}. Reword each question of the JSON "questions" ` +
    'so it sounds like a natural, courteous officer at the window. Keep every value listed in its "cites" exactly as written there, keep the question asking the same thing, ' +
    'and add no fact, figure, date, place or name that the question does not already contain. Return the same ids.',
  wordFeedback: (language: InterviewLanguage) =>
    `You coach a U.S. visa applicant in ${LANGUAGES[language]}. Given the JSON "draft" (the question, the applicant's answer, the verdict on it and the coach's note), ` +
    'write one or two sentences of feedback that keep the verdict and the note\'s point, address the applicant directly, and add no fact, figure, date or name that is not in the draft.',
};

/** Numbers, dates and capitalised names in a text: what a wording could add that the text does not hold. */
function claimsOf(text: string): string[] {
  const numbers = text.match(/\d[\d.,/]*\d|\d/g) ?? [];
  const names = [...text.matchAll(/(?<=[\p{Ll},;:]\s)\p{Lu}[\p{L}'-]+/gu)].map((m) => m[0]);
  return [...numbers, ...names];
}

/** Content words (four letters or more), folded. */
const contentWords = (text: string) => new Set(fold(text).split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 4));

/** A rewording shares at least a few of the note's content words: it speaks of the same thing, in other words or not. */
export function aboutTheSame(wording: string, note: string): boolean {
  const theirs = contentWords(note);
  const shared = [...contentWords(wording)].filter((w) => theirs.has(w)).length;
  return shared >= Math.min(2, theirs.size);
}

/** Words every wording may use: the country and the form itself. */
const ALWAYS = /^(estados|unidos|united|states|etats|unis|eua|ds-160|ds|ee|uu|u\.s|usa|ceac|visa)$/i;

/** A wording keeps every cited value and adds no figure or name that neither the text nor the built-in wording holds. */
export function faithful(wording: string, cites: readonly string[], ...sources: string[]): boolean {
  const have = fold(tidy(sources.join('\n')));
  const keeps = cites.every((c) => fold(tidy(wording)).includes(fold(tidy(c))));
  const adds = claimsOf(wording).filter((claim) => !ALWAYS.test(claim) && !have.includes(fold(claim).replace(/[.,]+$/, '')));
  return keeps && adds.length === 0;
}

export interface OpenAiWriterSettings {
  apiKey: string;
  baseUrl?: string | undefined;
  model: string;
  timeoutMs?: number;
}

export class OpenAiWriter implements InterviewWriter {
  readonly name = 'openai' as const;
  private readonly client: () => Promise<OpenAI>;
  private readonly builtin = new BuiltinWriter();
  private readonly timeoutMs: number;

  constructor(
    private readonly settings: OpenAiWriterSettings,
    private readonly log: WarnLog,
  ) {
    this.timeoutMs = settings.timeoutMs ?? 8_000;
    // Retries would stretch a call past its time; the built-in wording is the retry.
    this.client = lazyOpenAi({ apiKey: settings.apiKey, baseURL: settings.baseUrl, timeout: this.timeoutMs, maxRetries: 0 });
  }

  /** One structured call within its budget; null (logged) when the model fails, is slow or answers out of shape. */
  private async ask<S extends TSchema>(operation: string, system: string, schema: S, input: unknown, signal?: AbortSignal): Promise<Static<S> | null> {
    const deadline = signal ? AbortSignal.any([AbortSignal.timeout(this.timeoutMs), signal]) : AbortSignal.timeout(this.timeoutMs);
    try {
      const completion = await (await this.client()).chat.completions.create(
        {
          model: this.settings.model,
          messages: [
            { role: 'system', content: `${system}\nAnswer with JSON only.` },
            { role: 'user', content: JSON.stringify(input) },
          ],
          response_format: { type: 'json_schema', json_schema: { name: operation, schema: JSON.parse(JSON.stringify(schema)) as Record<string, unknown>, strict: false } },
        },
        { signal: deadline },
      );
      const content = completion.choices[0]?.message.content?.trim().replace(/^```(?:json)?\s*|\s*```$/g, '');
      if (!content) throw new Error('empty answer');
      return checked(schema, JSON.parse(content), operation);
    } catch (error) {
      const { default: Client } = await loadOpenAi();
      const reason = deadline.aborted || error instanceof Client.APIConnectionTimeoutError ? 'timeout' : error instanceof Client.APIError ? `status ${error.status}` : (error as Error).message;
      this.log.warn({ engine: 'openai', operation, reason, err: error }, `OpenAI ${operation} failed (${reason}); the built-in interview answers`);
      return null;
    }
  }

  /** The model's facts fill what the rules did not read, where they hold (groundedFacts); the rules' stand. */
  async readFacts(text: string, signal?: AbortSignal): Promise<ApplicantFacts> {
    const own = await this.builtin.readFacts(text);
    const model = await this.ask('readFacts', PROMPTS.readFacts, ApplicantFactsSchema, { text }, signal);
    const grounded = model ? groundedFacts(model, text) : {};
    return { ...grounded, ...own };
  }

  async wordQuestions({ language, text, questions }: { language: InterviewLanguage; text: string; questions: QuestionDraft[] }, signal?: AbortSignal): Promise<Record<string, string>> {
    const answer = await this.ask('wordQuestions', PROMPTS.wordQuestions(language), WordedQuestionsSchema, { language, questions: questions.map(({ id, question, cites }) => ({ id, question, cites })) }, signal);
    const out: Record<string, string> = {};
    for (const worded of answer?.questions ?? []) {
      const draft = questions.find((q) => q.id === worded.id);
      if (draft && faithful(worded.question, draft.cites, text, draft.question)) out[draft.id] = worded.question.trim();
    }
    const kept = Object.keys(out).length;
    if (answer && kept < questions.length) this.log.warn({ engine: 'openai', operation: 'wordQuestions', kept, of: questions.length }, 'OpenAI wording refused where it dropped a cited value or added a fact');
    return out;
  }

  async wordFeedback({ language, text, draft }: { language: InterviewLanguage; text: string; draft: FeedbackDraft }, signal?: AbortSignal): Promise<string | null> {
    const answer = await this.ask('wordFeedback', PROMPTS.wordFeedback(language), WordedFeedbackSchema, { language, draft }, signal);
    if (!answer) return null;
    // Feedback that says what the coach's note says: faithful, and about the same things (not "Atlantis").
    const kept = faithful(answer.feedback, [], text, draft.question, draft.answer, draft.feedback) && aboutTheSame(answer.feedback, `${draft.feedback} ${draft.question}`);
    if (!kept) this.log.warn({ engine: 'openai', operation: 'wordFeedback', reason: 'unfaithful' }, 'OpenAI feedback refused: it adds a claim or says nothing of the note');
    return kept ? answer.feedback.trim() : null;
  }
}

export function createWriter(openai: { apiKey?: string | undefined; baseUrl?: string | undefined; model: string; timeoutMs?: number | undefined }, log: WarnLog): InterviewWriter {
  const { apiKey, baseUrl, model, timeoutMs } = openai;
  return apiKey ? new OpenAiWriter({ apiKey, baseUrl, model, ...(timeoutMs ? { timeoutMs } : {}) }, log) : new BuiltinWriter();
}
