import type { EmailKind, EmailLinkRow, EmailRow, LeadRow, OrderRow, TravellerGroupRow } from '../../../db/schema';
import type { Language } from '../../../machines/domain/language';
import { formatResumeCode } from '../../../machines/domain/resumeCode';
import { ROUTES } from '../../../machines/domain/routes';
import { priceOfRow } from '../orders/dto';
import type { PdfFile } from '../documents/service';
import { toHtml, toText, type Block, type Letter } from './layout';
import { feeSourcesOf, type TravellerStep } from './nextSteps';
import { day, money, wordsOf, type Say } from './words';

/** What a message says, drawn when it is sent: subject, both parts, attachments. */
export interface Draft {
  subject: string;
  html: string;
  text: string;
  attachments: PdfFile[];
}

/** What drawing a message reads; the mail service gives it the database and the PDF service. */
export interface DraftSources {
  brand(): Promise<string>;
  /** The public address links start with (PUBLIC_URL, else where this server listens). */
  baseUrl(): string;
  order(id: string): Promise<OrderRow | undefined>;
  lead(id: string): Promise<LeadRow | undefined>;
  /** A group payment's lines with each traveller's name, in the group's order. */
  lines(orderId: string): Promise<Array<{ order: OrderRow; name: string }>>;
  /** The name of the traveller an order is for (their application's, else their form's). */
  travellerName(order: OrderRow): Promise<string>;
  group(id: string): Promise<TravellerGroupRow | undefined>;
  link(id: string): Promise<EmailLinkRow | undefined>;
  /** A resume code by its row (the code is derived from the row under the server's key, never stored). */
  resumeCode(id: string): Promise<{ code: string; expiresAt: string } | undefined>;
  linkUrl(link: EmailLinkRow): string;
  receiptPdf(order: OrderRow): Promise<PdfFile>;
  /** The form's PDF once the form is complete; null before. */
  formPdf(order: OrderRow): Promise<PdfFile | null>;
  groupReceiptPdf(order: OrderRow): Promise<PdfFile>;
  /** What each traveller of a payment does next on the official site, with the fee in force for them. */
  nextSteps(order: OrderRow): Promise<TravellerStep[]>;
}

/** A message that can no longer be drawn (its order or link was deleted): it is failed, not retried. */
export class Undrawable extends Error {}

const PRODUCTS = ['basic', 'pro', 'premium', 'esta', 'completion'] as const;

function letterOf(language: Language, brand: string, say: Say, subject: string, title: string, blocks: Block[], withIgnore = false): Letter {
  const footer = [say('common.why', { brand }), ...(withIgnore ? [say('common.ignore')] : []), say('common.notGovernment', { brand })];
  return { language, brand, subject, title, blocks, footer };
}

const drawn = (letter: Letter, attachments: PdfFile[] = []): Draft => ({ subject: letter.subject, html: toHtml(letter), text: toText(letter), attachments });

const need = <T>(value: T | undefined | null, what: string): T => {
  if (value === undefined || value === null) throw new Undrawable(`${what} no longer exists`);
  return value;
};

const button = (say: Say, label: string, url: string): Block => ({ type: 'button', label, url, fallback: say('common.linkFallback') });

const greeting = (say: Say, name: string): Block => ({ type: 'p', text: name.trim() ? say('common.greeting', { name: name.trim() }) : say('common.greetingNoName') });

function productName(say: Say, plan: string): string {
  return (PRODUCTS as readonly string[]).includes(plan) ? say(`product.${plan}`) : plan;
}

/** The message of an outbox row, in its language. */
export async function draft(row: Pick<EmailRow, 'kind' | 'language' | 'data'>, language: Language, sources: DraftSources): Promise<Draft> {
  const data = JSON.parse(row.data) as Record<string, string>;
  const say = wordsOf(language);
  const brand = await sources.brand();
  const base = sources.baseUrl();
  const drawers: Record<EmailKind, () => Promise<Draft>> = {
    receipt: async () => {
      const order = need(await sources.order(data.orderId as string), 'the order');
      const price = priceOfRow(order);
      const facts: Array<[string, string]> = [
        [say('receipt.facts.number'), order.number],
        [say('receipt.facts.service'), productName(say, order.plan)],
        [say('receipt.facts.date'), day(language, order.paid_at ?? order.created_at)],
        ...(order.card_brand && order.card_last4 ? [[say('receipt.facts.card'), say('receipt.cardValue', { brand: order.card_brand, last4: order.card_last4 })] as [string, string]] : []),
        [say('receipt.facts.serviceFee'), money(language, price.serviceFee)],
        ...(price.credit > 0 ? [[say('receipt.facts.credit'), `−${money(language, price.credit)}`] as [string, string]] : []),
        [say('receipt.facts.processingFee'), money(language, price.processingFee)],
        [say('receipt.facts.total'), money(language, price.total)],
        [say('receipt.facts.governmentFee'), money(language, price.governmentFee)],
      ];
      const [receipt, form] = await Promise.all([sources.receiptPdf(order), sources.formPdf(order)]);
      const name = await sources.travellerName(order);
      const letter = letterOf(language, brand, say, say('receipt.subject', { brand, number: order.number }), say('receipt.title'), [
        greeting(say, name),
        { type: 'p', text: say('receipt.intro') },
        { type: 'facts', rows: facts },
        ...feeSourcesOf(order).map((url): Block => ({ type: 'note', text: say('receipt.feeSource', { url }) })),
        { type: 'p', text: form ? say('receipt.formAttached') : say('receipt.formLater') },
        { type: 'link', before: say('receipt.dashboardBefore'), label: say('receipt.dashboardLabel'), url: `${base}${ROUTES.dashboard}`, after: '.' },
        { type: 'note', text: say('receipt.anotherDevice', { url: `${base}/sign-in-link` }) },
      ]);
      return drawn(letter, form ? [receipt, form] : [receipt]);
    },
    groupReceipt: async () => {
      const order = need(await sources.order(data.orderId as string), 'the group payment');
      const lines = await sources.lines(order.id);
      const price = priceOfRow(order);
      const forms = (await Promise.all(lines.map((l) => sources.formPdf(l.order)))).filter((f): f is PdfFile => f !== null);
      const receipt = await sources.groupReceiptPdf(order);
      const letter = letterOf(language, brand, say, say('groupReceipt.subject', { brand, number: order.number }), say('groupReceipt.title'), [
        greeting(say, ''),
        { type: 'p', text: say('groupReceipt.intro', { count: lines.length }) },
        {
          type: 'facts',
          rows: [
            [say('receipt.facts.number'), order.number],
            [say('receipt.facts.date'), day(language, order.paid_at ?? order.created_at)],
            ...(order.card_brand && order.card_last4 ? [[say('receipt.facts.card'), say('receipt.cardValue', { brand: order.card_brand, last4: order.card_last4 })] as [string, string]] : []),
            [say('receipt.facts.serviceFee'), money(language, price.serviceFee)],
            ...(price.credit > 0 ? [[say('receipt.facts.credit'), `−${money(language, price.credit)}`] as [string, string]] : []),
            [say('receipt.facts.processingFee'), money(language, price.processingFee)],
            [say('receipt.facts.total'), money(language, price.total)],
            [say('receipt.facts.governmentFee'), money(language, price.governmentFee)],
          ],
        },
        { type: 'h2', text: say('groupReceipt.travellers') },
        {
          type: 'list',
          items: lines.map((l) =>
            say('groupReceipt.line', { name: l.name || '—', product: productName(say, l.order.plan), number: l.order.number, amount: money(language, l.order.total_cents) }),
          ),
        },
        ...[...new Set(lines.flatMap((l) => feeSourcesOf(l.order)))].map((url): Block => ({ type: 'note', text: say('receipt.feeSource', { url }) })),
        { type: 'p', text: forms.length > 0 ? say('groupReceipt.formsAttached') : say('groupReceipt.formsLater') },
        { type: 'link', before: say('receipt.dashboardBefore'), label: say('receipt.dashboardLabel'), url: `${base}${ROUTES.dashboard}`, after: '.' },
        { type: 'note', text: say('receipt.anotherDevice', { url: `${base}/sign-in-link` }) },
      ]);
      return drawn(letter, [receipt, ...forms]);
    },
    premiumCode: async () => {
      const order = need(await sources.order(data.orderId as string), 'the order');
      const code = need(order.status === 'paid' ? order.access_code : null, "the order's access code");
      const name = await sources.travellerName(order);
      const letter = letterOf(language, brand, say, say('premiumCode.subject'), say('premiumCode.title'), [
        { type: 'p', text: name ? say('premiumCode.intro', { name }) : say('premiumCode.introNoName') },
        { type: 'code', label: say('premiumCode.code'), value: code },
        button(say, say('premiumCode.open'), `${base}${ROUTES.premiumText}`),
        { type: 'note', text: say('premiumCode.private') },
      ]);
      return drawn(letter);
    },
    nextSteps: async () => {
      const order = need(await sources.order(data.orderId as string), 'the order');
      const steps = await sources.nextSteps(order);
      const blocks: Block[] = [{ type: 'p', text: say('nextSteps.intro', { brand }) }];
      for (const step of steps) {
        blocks.push({ type: 'h2', text: say('nextSteps.traveller', { name: step.name || '—', form: say(`form.${step.service}`) }) });
        blocks.push({
          type: 'list',
          items: [
            say('nextSteps.site', { url: step.officialSite }),
            step.governmentFeeCents > 0 ? say('nextSteps.fee', { amount: money(language, step.governmentFeeCents), brand }) : say('nextSteps.feeNone'),
            ...(step.governmentFeeCents > 0 ? step.feeSources.map((url) => say('nextSteps.feeSource', { url })) : []),
            ...step.lines.map((line) => say(`nextSteps.${line}`)),
          ],
        });
      }
      return drawn(letterOf(language, brand, say, say('nextSteps.subject'), say('nextSteps.title'), blocks));
    },
    resumeLink: async () => {
      const { code, expiresAt } = need(await sources.resumeCode(data.resumeCodeId as string), 'the resume code (a newer one replaced it)');
      const letter = letterOf(
        language,
        brand,
        say,
        say('resumeLink.subject'),
        say('resumeLink.title'),
        [
          { type: 'p', text: say('resumeLink.intro') },
          { type: 'code', label: say('resumeLink.code'), value: formatResumeCode(code) },
          button(say, say('resumeLink.open'), `${base}${ROUTES.ds160Wizard}?resume=${formatResumeCode(code)}`),
          { type: 'note', text: say('resumeLink.expires', { date: day(language, expiresAt) }) },
        ],
        true,
      );
      return drawn(letter);
    },
    groupLink: async () => {
      const link = need(await sources.link(data.linkId as string), 'the link');
      const group = need(await sources.group(link.group_id as string), 'the group');
      const letter = letterOf(language, brand, say, say('groupLink.subject', { number: group.number ?? '', brand }), say('groupLink.title', { number: group.number ?? '' }), [
        { type: 'p', text: say('groupLink.intro') },
        ...(group.number ? [{ type: 'code', label: say('groupLink.number'), value: group.number } as Block] : []),
        button(say, say('groupLink.open'), sources.linkUrl(link)),
        { type: 'note', text: say('groupLink.expires', { date: day(language, link.expires_at) }) },
        { type: 'note', text: say('groupLink.private') },
      ]);
      return drawn(letter);
    },
    invitation: async () => {
      const link = need(await sources.link(data.linkId as string), 'the link');
      const group = need(await sources.group(link.group_id as string), 'the group');
      const traveller = need(await sources.lead(link.lead_id as string), "the traveller's application");
      const leader = (await sources.lead(group.leader_lead_id))?.name.trim() || brand;
      const letter = letterOf(
        language,
        brand,
        say,
        say('invitation.subject', { leader }),
        say('invitation.title'),
        [
          greeting(say, traveller.name),
          { type: 'p', text: say('invitation.intro', { leader, number: group.number ?? '', form: say(`form.${traveller.form_type === 'ESTA' ? 'ESTA' : 'DS-160'}`) }) },
          button(say, say('invitation.open'), sources.linkUrl(link)),
          { type: 'note', text: say('invitation.expires', { date: day(language, link.expires_at) }) },
        ],
        true,
      );
      return drawn(letter);
    },
    verifyEmail: async () => {
      const link = need(await sources.link(data.linkId as string), 'the link');
      const letter = letterOf(
        language,
        brand,
        say,
        say('verifyEmail.subject', { brand }),
        say('verifyEmail.title'),
        [{ type: 'p', text: say('verifyEmail.intro', { brand }) }, button(say, say('verifyEmail.open'), sources.linkUrl(link)), { type: 'note', text: say('verifyEmail.expires', { date: day(language, link.expires_at) }) }],
        true,
      );
      return drawn(letter);
    },
    passwordReset: async () => {
      const link = need(await sources.link(data.linkId as string), 'the link');
      const letter = letterOf(language, brand, say, say('passwordReset.subject', { brand }), say('passwordReset.title'), [
        { type: 'p', text: say('passwordReset.intro', { brand }) },
        button(say, say('passwordReset.open'), sources.linkUrl(link)),
        { type: 'note', text: say('passwordReset.ignore') },
      ]);
      return drawn(letter);
    },
    signInLink: async () => {
      const link = need(await sources.link(data.linkId as string), 'the link');
      const letter = letterOf(
        language,
        brand,
        say,
        say('signInLink.subject', { brand }),
        say('signInLink.title'),
        [{ type: 'p', text: say('signInLink.intro') }, button(say, say('signInLink.open'), sources.linkUrl(link)), { type: 'note', text: say('signInLink.expires') }],
        true,
      );
      return drawn(letter);
    },
  };
  return drawers[row.kind]();
}
