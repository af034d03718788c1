import { LANGUAGES, type Language } from '@boutique/contracts';
import type { MailMessage } from './mailer.js';

/**
 * The one look of the shop's e-mails: plain text, and simple HTML with the same words in the shop's colours,
 * right to left in Arabic. A line is made of segments; what a person typed (a name, an address, a tracking
 * number) is a `{ user }` segment, isolated with <bdi> so Latin text keeps its order inside Arabic.
 */
export type Segment =
  | string
  | { user: string }
  | { link: string; label?: string }
  /** A picture (a piece in a cart): shown in the HTML part only. */
  | { image: string; alt: string };
export type Line = Segment | Segment[];

export interface MailContent {
  subject: string;
  /** Optional title shown above the text in the HTML (the subject says it in the inbox). */
  title?: string;
  greeting?: Line;
  intro: Line[];
  /** A table of label/value rows (order lines, totals); `strong` rows are the totals. */
  table?: { label: Line; value: Line; strong?: boolean }[];
  after?: Line[];
  action?: { label: string; link: string };
  outro: Line[];
}

/** `fr`, `fr-FR` and `FR_ca` are French; anything we do not write in is English. */
export function emailLanguage(tag: string | null | undefined): Language {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(primary ?? '') ? (primary as Language) : 'en';
}

const BRAND = '#7a2e2e';

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const segments = (line: Line): Segment[] => (Array.isArray(line) ? line : [line]);

function lineText(line: Line): string {
  return segments(line)
    .map((s) =>
      typeof s === 'string'
        ? s
        : 'user' in s
          ? s.user
          : 'image' in s
            ? ''
            : s.label
              ? `${s.label}: ${s.link}`
              : s.link,
    )
    .join('');
}

function lineHtml(line: Line): string {
  return segments(line)
    .map((s) =>
      typeof s === 'string'
        ? escapeHtml(s)
        : 'user' in s
          ? `<bdi>${escapeHtml(s.user)}</bdi>`
          : 'image' in s
            ? `<img src="${escapeHtml(s.image)}" alt="${escapeHtml(s.alt)}" width="64" style="display:block;width:64px;height:auto;border-radius:4px;margin:0 0 4px">`
            : `<a href="${escapeHtml(s.link)}" style="color:${BRAND}" dir="ltr">${escapeHtml(s.label ?? s.link)}</a>`,
    )
    .join('');
}

/** Renders an e-mail in `lang` for `to`; the subject ends with the shop's name. */
export function renderMail(to: string, lang: Language, shopName: string, content: MailContent): MailMessage {
  const { subject, title, greeting, intro, table, after = [], action, outro } = content;
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const end = lang === 'ar' ? 'left' : 'right';
  const width = Math.max(0, ...(table ?? []).map((r) => lineText(r.label).length));
  const text = [
    ...(greeting ? [lineText(greeting), ''] : []),
    ...intro.flatMap((line) => [lineText(line), '']),
    ...(table ? [...table.map((r) => `  ${lineText(r.label).padEnd(width)}  ${lineText(r.value)}`), ''] : []),
    ...after.flatMap((line) => [lineText(line), '']),
    ...(action ? [`${action.label}: ${action.link}`, ''] : []),
    ...outro.map(lineText),
    '',
    shopName,
    '',
  ].join('\n');
  const p = (content: string) => `<p style="margin:0 0 16px">${content}</p>`;
  const rows = table
    ? `<table role="presentation" cellpadding="8" style="width:100%;border-collapse:collapse;margin:0 0 16px">
${table
  .map(
    (r) =>
      `<tr style="border-top:1px solid #eadfd3${r.strong ? ';font-weight:bold' : ''}"><td>${lineHtml(r.label)}</td><td style="text-align:${end};white-space:nowrap">${lineHtml(r.value)}</td></tr>`,
  )
  .join('\n')}
</table>
`
    : '';
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.link)}" style="display:inline-block;padding:12px 24px;background:${BRAND};color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(action.label)}</a></p>
${p(`<a href="${escapeHtml(action.link)}" style="color:${BRAND};word-break:break-all" dir="ltr">${escapeHtml(action.link)}</a>`)}
`
    : '';
  const html = `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#faf7f2;color:#2b2220;font-family:Georgia,'Times New Roman',serif;font-size:16px;line-height:1.5">
<div dir="${dir}" style="max-width:560px;margin:0 auto;background:#ffffff;padding:32px;border-radius:8px;text-align:${lang === 'ar' ? 'right' : 'left'}">
<p style="margin:0 0 24px;font-size:22px;letter-spacing:1px;color:${BRAND}">${escapeHtml(shopName)}</p>
${title ? `<h1 style="margin:0 0 16px;font-size:20px;font-weight:normal">${escapeHtml(title)}</h1>\n` : ''}${greeting ? p(lineHtml(greeting)) + '\n' : ''}${intro.map((line) => p(lineHtml(line))).join('\n')}
${rows}${after.map((line) => p(lineHtml(line))).join('\n')}
${button}${outro.map((line) => p(lineHtml(line))).join('\n')}
<p style="margin:0">${escapeHtml(shopName)}</p>
</div>
</body>
</html>
`;
  return { to, subject: `${subject} · ${shopName}`, text, html };
}
