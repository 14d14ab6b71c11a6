import type { Language } from '../builtin/text';
import type { Converted } from './currency';

// The one reading of answers (issue 32): a free-text answer to a known question becomes that question's value,
// with a confidence. Every chat asks through it, on either engine.

/** What kind of value a question stores; it decides which reader runs and which normaliser checks the result. */
export type ReadKind = 'name' | 'fullName' | 'text' | 'city' | 'address' | 'email' | 'phone' | 'date' | 'country' | 'choice' | 'amount' | 'passport';

/** Which dates a date question takes, so a date without a year or a relative one is read the right way. */
export type DateSense = 'birth' | 'past' | 'future';

export interface AskedOption {
  /** The value stored (the catalog's English value). */
  value: string;
  /** How the option is named in each language (its labels), for reading and for showing it back. */
  labels: Record<Language, string>;
}

/** The question an answer answers. */
export interface Asked {
  /** The question id or the chat's field name. */
  field: string;
  kind: ReadKind;
  options?: AskedOption[];
  dates?: DateSense;
  /** Names and other texts kept in passport spelling (A-Z), as the DS-160 and the ESTA require. */
  latin?: boolean;
  /** The country whose numbering plan a phone without its country code follows, when the chat knows it. */
  phoneCountry?: string;
  /** The trip's start, for a departure given as a length ('two weeks'). */
  after?: string;
  /** A yes/no question whose unsure "no" must never be stored (eligibility). */
  eligibility?: boolean;
  /** An amount the form takes in U.S. dollars (the DS-160 wizard's monthly-salary): other money is converted and asked. */
  usd?: boolean;
  /** A free text that describes (job duties, skills): a sentence is the answer itself, not a frame around it. */
  prose?: boolean;
  /** The country the applicant lives in (ISO code), when the chat knows it: a bare amount is in its money. */
  homeCountry?: string;
}

/** Why a message gave no value. */
export type Silence = 'notUnderstood' | 'dontKnow' | 'question' | 'abuse' | 'offTopic';

export type Reading =
  | {
      outcome: 'value';
      value: string;
      /** 0-1; at SURE or above the value is stored, below it the chat asks. */
      confidence: number;
      /** The words of the message the value comes from. */
      quote?: string;
      /** Other values the answer may mean, offered as quick answers when unsure. */
      alternatives?: string[];
      /** The name as typed, when the value is its passport spelling. */
      typed?: string;
      /** A value of the question's own ("Self" for "moi-même"), not the applicant's words: no typed word need make it. */
      listed?: true;
      /** An amount said in another currency, offered in U.S. dollars converted with the dated rate table. */
      converted?: Converted;
      /** Other fields the same answer gave ('my name is Ana Souza' to a first-name question gives the last name). */
      also?: Record<string, string>;
    }
  | { outcome: Silence };

/** At or above this a reading is stored; below, the chat shows what it understood and asks. */
export const SURE = 0.8;

export const isSure = (reading: Reading): reading is Extract<Reading, { outcome: 'value' }> => reading.outcome === 'value' && reading.confidence >= SURE;

export const value = (v: string, confidence: number, extra: Omit<Extract<Reading, { outcome: 'value' }>, 'outcome' | 'value' | 'confidence'> = {}): Reading => ({
  outcome: 'value',
  value: v,
  confidence,
  ...extra,
});

export const silent = (why: Silence): Reading => ({ outcome: why });

export interface ReadContext {
  language: Language;
  today: Date;
}
