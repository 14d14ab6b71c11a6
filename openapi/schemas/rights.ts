import { Type, type Static } from 'typebox';
import { Strict } from './common';

// An applicant's rights (issue 44; GDPR articles 15, 17 and 20): everything Rumbo holds for this session or
// account, and erasure that keeps for the accounts only what an order must (number, amounts, dates).

const Json = Type.Unknown({ description: 'As stored (parsed JSON)' });
const When = Type.String({ description: 'ISO 8601' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const MyDataSchema = Type.Object({
  generatedAt: When,
  aiEngine: Type.Union([Type.Literal('builtin'), Type.Literal('openai')], { description: 'Which AI engine reads what is typed in the chats' }),
  account: Nullable(
    Type.Object({ id: Type.String(), username: Nullable(Type.String()), email: Nullable(Type.String()), guestEmail: Nullable(Type.String()), role: Type.String(), createdAt: When }),
  ),
  applications: Type.Array(
    Type.Object({
      id: Type.String(),
      formType: Type.String(),
      source: Type.String(),
      name: Type.String(),
      email: Type.String(),
      phone: Type.String(),
      nationality: Type.String(),
      travelPurpose: Type.String(),
      answers: Json,
      completionStatus: Type.String(),
      paymentStatus: Type.String(),
      plan: Type.String(),
      createdAt: When,
      updatedAt: When,
      history: Type.Array(Type.Object({ status: Type.String(), action: Type.String(), date: When })),
    }),
  ),
  groups: Type.Array(
    Type.Object({
      id: Type.String(),
      leaderApplicationId: Type.String(),
      purpose: Type.String(),
      createdAt: When,
      travellers: Type.Array(Type.Object({ applicationId: Type.String(), relationship: Type.String(), position: Type.Integer(), guardian: Json })),
    }),
  ),
  orders: Type.Array(
    Type.Object({
      number: Type.String(),
      applicationId: Nullable(Type.String()),
      service: Type.String(),
      plan: Type.String(),
      status: Type.String(),
      serviceFeeCents: Type.Integer(),
      creditCents: Type.Integer(),
      processingFeeCents: Type.Integer(),
      totalCents: Type.Integer(),
      governmentFeeCents: Type.Integer(),
      receiptEmail: Nullable(Type.String()),
      cardBrand: Nullable(Type.String()),
      cardLast4: Nullable(Type.String()),
      createdAt: When,
      paidAt: Nullable(When),
    }),
  ),
  photos: Type.Array(
    Type.Object({ id: Type.String(), applicationId: Nullable(Type.String()), contentType: Type.String(), width: Type.Integer(), height: Type.Integer(), sizeBytes: Type.Integer(), createdAt: When }),
  ),
  conversations: Type.Array(
    Type.Object({
      id: Type.String(),
      chat: Type.String(),
      language: Nullable(Type.String()),
      applicationId: Nullable(Type.String()),
      collected: Json,
      messages: Json,
      createdAt: When,
      updatedAt: When,
    }),
  ),
  interviews: Type.Array(
    Type.Object({ id: Type.String(), orderNumber: Nullable(Type.String()), language: Type.String(), questions: Json, answers: Json, createdAt: When, finishedAt: Nullable(When) }),
  ),
  consents: Type.Array(Type.Object({ chat: Type.String(), engine: Type.String(), date: When })),
});
export type MyData = Static<typeof MyDataSchema>;

export const ErasedSchema = Type.Object({
  deleted: Type.Integer({ description: 'Applications removed entirely' }),
  anonymised: Type.Integer({ description: 'Applications kept, without personal data, for the orders that name them' }),
  ordersKept: Type.Array(Type.String(), { description: 'Numbers of the orders kept for the accounts (amounts and dates only)' }),
  accountDeleted: Type.Boolean(),
});
export type Erased = Static<typeof ErasedSchema>;

export const ApplicationParamsSchema = Strict({ leadId: Type.String({ format: 'uuid' }) });
export const TravellerParamsSchema = Strict({ groupId: Type.String({ format: 'uuid' }), leadId: Type.String({ format: 'uuid' }) });

/** The chats, and the features outside them whose words a third party may read (consent.ts CONSENT_CODES). */
export const ChatNames = ['aivisa', 'ai-chat', 'sections', 'agent', 'assistant', 'premium', 'voice'] as const;

// The literals one by one (ChatNames' order): a mapped list would type the body's chat as never.
const ChatSchema = Type.Union(
  [Type.Literal('aivisa'), Type.Literal('ai-chat'), Type.Literal('sections'), Type.Literal('agent'), Type.Literal('assistant'), Type.Literal('premium'), Type.Literal('voice')],
  { description: 'The chat (or feature) that showed the notice' },
);
export const ConsentBodySchema = Strict({
  chat: ChatSchema,
  accepted: Type.Literal(true, { description: 'The applicant accepted that their words go to the named AI engine' }),
});
export type ConsentBody = Static<typeof ConsentBodySchema>;

/** `?chat=`: whether this one chat's (or feature's) notice was accepted, rather than any notice for the engine. */
export const PrivacyQuerySchema = Strict({ chat: Type.Optional(ChatSchema) });
export type PrivacyQuery = Static<typeof PrivacyQuerySchema>;

export const PrivacySchema = Type.Object({
  aiEngine: Type.Union([Type.Literal('builtin'), Type.Literal('openai')]),
  /** True when the engine is a third party: the chats ask before the first message. */
  consentNeeded: Type.Boolean(),
  consented: Type.Boolean({ description: 'This session or account already accepted' }),
  retention: Type.Object({
    unpaidDays: Type.Integer({ description: 'Applications never paid are deleted after this many days without a change' }),
    paidPhotoDays: Type.Integer({ description: 'Photos of paid applications are deleted this many days after upload' }),
  }),
});
export type Privacy = Static<typeof PrivacySchema>;

export const RetentionPolicySchema = Type.Object({
  unpaidDays: Type.Integer(),
  paidPhotoDays: Type.Integer(),
  runs: Type.Array(Type.Object({ job: Type.String(), cutoff: When, leadsDeleted: Type.Integer(), photosDeleted: Type.Integer(), ranAt: When }), { description: 'The 20 latest runs, newest first' }),
});
export type RetentionPolicy = Static<typeof RetentionPolicySchema>;
