// The readable copy of /api/me/data (GDPR article 15), built with the receipts' PDF pieces: every application's
// answers, the orders, photos' details, conversations and consents, as the server holds them.
import type { MyData } from '../../../openapi/schemas/rights';
import { bullets, header, heading, notice, row } from '../pdf/blocks';
import { loadPdfKit, PdfWriter } from '../pdf/writer';

const MAX_ROWS = 2000;

/** Nested answers as `path: value` rows, in their stored order. */
export function flatRows(value: unknown, path = ''): Array<{ label: string; value: string }> {
  if (value === null || value === undefined || value === '') return [];
  if (Array.isArray(value)) return value.flatMap((v, i) => flatRows(v, path ? `${path} ${i + 1}` : String(i + 1)));
  if (typeof value === 'object') return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => flatRows(v, path ? `${path} › ${k}` : k));
  return [{ label: path || '—', value: String(value) }];
}

/** A conversation's messages as speaker and words, whatever shape a chat kept them in. */
function messageRows(messages: unknown): Array<{ label: string; value: string }> {
  if (!Array.isArray(messages)) return flatRows(messages);
  return messages.map((m) => {
    const o = (m && typeof m === 'object' ? m : {}) as Record<string, unknown>;
    const who = String(o.role ?? o.from ?? o.sender ?? '');
    const text = o.text ?? o.content ?? o.message;
    return { label: who || '—', value: typeof text === 'string' ? text : JSON.stringify(m) };
  });
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export async function myDataPdf(data: MyData, brandName: string): Promise<Buffer> {
  await loadPdfKit();
  const w = new PdfWriter({ title: 'Your data', author: brandName, subject: 'Everything held for your session or account' });
  header(w, brandName, 'Your data', `As held on ${data.generatedAt.slice(0, 16).replace('T', ' ')} UTC`);
  notice(w, `The same data as a machine-readable file: GET /api/me/data (JSON). AI engine reading the chats: ${data.aiEngine === 'openai' ? 'OpenAI (a third party)' : 'built into Rumbo (nothing leaves the server)'}.`, 'note');
  let rows = 0;
  const put = (label: string, value: string) => {
    if (rows++ < MAX_ROWS) row(w, { label, value });
  };

  if (data.account) {
    heading(w, 'Account');
    put('Kind', data.account.role);
    if (data.account.username) put('User name', data.account.username);
    if (data.account.email) put('E-mail', data.account.email);
    if (data.account.guestEmail) put('Contact e-mail', data.account.guestEmail);
    put('Created', data.account.createdAt);
  }
  for (const a of data.applications) {
    heading(w, `Application ${a.formType} · ${a.id.slice(0, 8)}`);
    for (const [label, value] of [['Name', a.name], ['E-mail', a.email], ['Phone', a.phone], ['Nationality', a.nationality], ['Purpose', a.travelPurpose], ['Status', `${a.completionStatus}, ${a.paymentStatus}`], ['Created', a.createdAt], ['Last change', a.updatedAt]] as const) {
      if (value) put(label, value);
    }
    for (const r of flatRows(a.answers)) put(r.label, r.value);
    if (a.history.length) bullets(w, a.history.map((h) => `${h.date}: ${h.action} (${h.status})`));
  }
  for (const g of data.groups) {
    heading(w, `Group · ${g.id.slice(0, 8)}`);
    put('Purpose', g.purpose);
    for (const t of g.travellers) put(t.relationship, `Application ${t.applicationId.slice(0, 8)}`);
  }
  if (data.orders.length) {
    heading(w, 'Orders');
    for (const o of data.orders) {
      put(o.number, `${o.service} ${o.plan}, ${o.status}, ${money(o.totalCents)} on ${o.createdAt.slice(0, 10)}${o.cardLast4 ? `, card ending ${o.cardLast4}` : ''}${o.receiptEmail ? `, receipt to ${o.receiptEmail}` : ''}`);
    }
  }
  if (data.photos.length) {
    heading(w, 'Photos');
    for (const p of data.photos) put(p.createdAt.slice(0, 10), `${p.contentType}, ${p.width} × ${p.height} px, ${Math.round(p.sizeBytes / 1024)} KB`);
  }
  for (const c of data.conversations) {
    heading(w, `Conversation: ${c.chat} · ${c.createdAt.slice(0, 10)}`);
    for (const m of messageRows(c.messages)) put(m.label, m.value);
  }
  for (const i of data.interviews) {
    heading(w, `Interview practice ${i.orderNumber ?? ''}`);
    for (const r of flatRows(i.answers)) put(r.label, r.value);
  }
  if (data.consents.length) {
    heading(w, 'Consents');
    for (const c of data.consents) put(c.date, `Accepted that ${c.engine} reads the words typed in ${c.chat}`);
  }
  if (rows > MAX_ROWS) notice(w, `${rows - MAX_ROWS} more lines are in the JSON file.`, 'note');
  return w.finish((page, pages) => `${brandName} · Your data · Page ${page} of ${pages}`);
}
