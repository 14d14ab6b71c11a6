import { Type, type Static } from 'typebox';
import { Strict } from './common';
import { MailNoticeSchema } from './mail';

// Resume on any device (issue 11): 'Save and continue later' issues a code; the code and the lead's e-mail bring
// the application back on another browser.

export const IssueResumeCodeSchema = Strict(
  {
    email: Type.Optional(Type.String({ minLength: 1, maxLength: 254, description: "Where to e-mail the link (issue 43); the application's own address when left out" })),
  },
  { description: 'The body may be left out: the lead is named in the path, and the link goes to its e-mail address' },
);

export const ResumeCodeSchema = Type.Object({
  code: Type.String({ description: 'Eight characters without look-alikes (no 0/O, 1/I/L), shown as ABCD-2345' }),
  link: Type.String({ description: 'The form with the code filled in (the e-mail is still asked for)' }),
  expiresAt: Type.String({ format: 'date-time', description: '30 days after it was issued' }),
  email: Type.Union([MailNoticeSchema, Type.Null()], { description: 'The message carrying the link, when one was queued (never said sent before a mail server accepted it)' }),
});
export type ResumeCodeDto = Static<typeof ResumeCodeSchema>;

export const ResumeSchema = Strict({
  code: Type.String({ minLength: 1, maxLength: 20, description: 'As typed: case, spaces and dashes do not matter' }),
  email: Type.String({ minLength: 1, maxLength: 254, description: "The lead's e-mail address" }),
});
export type Resume = Static<typeof ResumeSchema>;

export const ResumedSchema = Type.Object({
  leadId: Type.String(),
  formType: Type.String(),
  formData: Type.Record(Type.String(), Type.Unknown(), { description: "The application's answers by section" }),
});
export type ResumedDto = Static<typeof ResumedSchema>;
