// One layout for every message (issue 43): the same blocks drawn as HTML and as plain text, so the two parts say
// the same thing. The HTML is what mail clients read well and screen readers announce: a lang attribute, one h1,
// real headings and lists, tables only for layout (role="presentation") and for label-value facts, link text that
// says where it goes, colours with at least 4.5:1 contrast, no image that carries meaning.

export type Block =
  | { type: 'p'; text: string }
  | { type: 'h2'; text: string }
  /** The message's one action: a large link, with its address written out below for clients that hide links. */
  | { type: 'button'; label: string; url: string; fallback: string }
  /** Label-value rows (a receipt's amounts). */
  | { type: 'facts'; rows: ReadonlyArray<readonly [string, string]> }
  | { type: 'list'; items: readonly string[] }
  /** A code the reader copies (an access code, a group's number). */
  | { type: 'code'; label: string; value: string }
  | { type: 'note'; text: string }
  /** A link in a sentence: `before` `label` `after`. */
  | { type: 'link'; before: string; label: string; url: string; after?: string };

export interface Letter {
  language: string;
  brand: string;
  /** The subject, also the HTML document's title. */
  subject: string;
  /** The first heading. */
  title: string;
  blocks: readonly Block[];
  /** Why the reader gets this, and that the brand is not the government. */
  footer: readonly string[];
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Everything a person typed (a name, a group's leader) reaches the HTML only through here. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);

const COLORS = { text: '#1f2937', muted: '#4b5563', brand: '#1d4ed8', border: '#d1d5db', panel: '#f3f4f6', onBrand: '#ffffff' } as const;
const FONT = "font-family:Arial,Helvetica,sans-serif;";

function htmlBlock(block: Block): string {
  switch (block.type) {
    case 'p':
      return `<p style="${FONT}font-size:16px;line-height:1.5;color:${COLORS.text};margin:0 0 16px">${escapeHtml(block.text)}</p>`;
    case 'h2':
      return `<h2 style="${FONT}font-size:18px;line-height:1.3;color:${COLORS.text};margin:24px 0 8px">${escapeHtml(block.text)}</h2>`;
    case 'note':
      return `<p style="${FONT}font-size:14px;line-height:1.5;color:${COLORS.muted};margin:0 0 16px">${escapeHtml(block.text)}</p>`;
    case 'button':
      return (
        `<p style="margin:24px 0 8px"><a href="${escapeHtml(block.url)}" style="${FONT}display:inline-block;background:${COLORS.brand};color:${COLORS.onBrand};` +
        `font-size:16px;font-weight:bold;text-decoration:none;padding:12px 20px;border-radius:6px">${escapeHtml(block.label)}</a></p>` +
        `<p style="${FONT}font-size:13px;line-height:1.5;color:${COLORS.muted};margin:0 0 16px;word-break:break-all">${escapeHtml(block.fallback)}<br>` +
        `<a href="${escapeHtml(block.url)}" style="color:${COLORS.brand}">${escapeHtml(block.url)}</a></p>`
      );
    case 'link':
      return (
        `<p style="${FONT}font-size:16px;line-height:1.5;color:${COLORS.text};margin:0 0 16px">${escapeHtml(block.before)} ` +
        `<a href="${escapeHtml(block.url)}" style="color:${COLORS.brand}">${escapeHtml(block.label)}</a>${block.after ? ` ${escapeHtml(block.after)}` : ''}</p>`
      );
    case 'code':
      return (
        `<p style="${FONT}font-size:14px;color:${COLORS.muted};margin:16px 0 4px">${escapeHtml(block.label)}</p>` +
        `<p style="font-family:'Courier New',monospace;font-size:22px;font-weight:bold;letter-spacing:1px;color:${COLORS.text};background:${COLORS.panel};` +
        `border:1px solid ${COLORS.border};border-radius:6px;padding:12px 16px;margin:0 0 16px;display:inline-block">${escapeHtml(block.value)}</p>`
      );
    case 'list':
      return `<ul style="${FONT}font-size:16px;line-height:1.5;color:${COLORS.text};margin:0 0 16px;padding-left:24px">${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
    case 'facts':
      return (
        `<table style="border-collapse:collapse;width:100%;margin:0 0 16px">` +
        block.rows
          .map(
            ([label, value]) =>
              `<tr><th scope="row" style="${FONT}text-align:left;font-weight:normal;font-size:15px;color:${COLORS.muted};padding:6px 12px 6px 0;border-bottom:1px solid ${COLORS.border}">${escapeHtml(label)}</th>` +
              `<td style="${FONT}text-align:right;font-size:15px;color:${COLORS.text};padding:6px 0;border-bottom:1px solid ${COLORS.border}">${escapeHtml(value)}</td></tr>`,
          )
          .join('') +
        `</table>`
      );
  }
}

export function toHtml(letter: Letter): string {
  return (
    `<!DOCTYPE html><html lang="${escapeHtml(letter.language)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(letter.subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:${COLORS.panel}">` +
    `<table role="presentation" style="width:100%;border-collapse:collapse;background:${COLORS.panel}"><tr><td style="padding:24px 12px">` +
    `<table role="presentation" style="max-width:600px;width:100%;margin:0 auto;border-collapse:collapse;background:#ffffff;border:1px solid ${COLORS.border};border-radius:8px">` +
    `<tr><td style="padding:20px 24px;border-bottom:3px solid ${COLORS.brand}"><p style="${FONT}font-size:20px;font-weight:bold;color:${COLORS.brand};margin:0">${escapeHtml(letter.brand)}</p></td></tr>` +
    `<tr><td style="padding:24px"><h1 style="${FONT}font-size:22px;line-height:1.3;color:${COLORS.text};margin:0 0 16px">${escapeHtml(letter.title)}</h1>` +
    letter.blocks.map(htmlBlock).join('') +
    `</td></tr><tr><td style="padding:16px 24px;border-top:1px solid ${COLORS.border}">` +
    letter.footer.map((line) => `<p style="${FONT}font-size:12px;line-height:1.5;color:${COLORS.muted};margin:0 0 8px">${escapeHtml(line)}</p>`).join('') +
    `</td></tr></table></td></tr></table></body></html>`
  );
}

function textBlock(block: Block): string {
  switch (block.type) {
    case 'p':
    case 'note':
      return block.text;
    case 'h2':
      return `${block.text}\n${'-'.repeat(Math.min(60, block.text.length))}`;
    case 'button':
      return `${block.label}:\n${block.url}`;
    case 'link':
      return `${block.before} ${block.label}${block.after ? ` ${block.after}` : ''}\n${block.url}`;
    case 'code':
      return `${block.label}\n    ${block.value}`;
    case 'list':
      return block.items.map((item) => `- ${item}`).join('\n');
    case 'facts':
      return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
  }
}

export function toText(letter: Letter): string {
  return [letter.brand, '', letter.title, '='.repeat(Math.min(60, letter.title.length)), '', letter.blocks.map(textBlock).join('\n\n'), '', '--', ...letter.footer, ''].join('\n');
}
