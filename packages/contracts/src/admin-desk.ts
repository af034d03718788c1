/**
 * The owner's desk in the back office: internal notes on orders and customers, customer tags, and replies to
 * contact messages sent by e-mail from the back office.
 *
 * - `GET|POST /api/v1/admin/orders/{id}/notes`, `GET|POST /api/v1/admin/customers/{id}/notes` `{body}`,
 *   `DELETE …/notes/{noteId}` (its author only). Notes are the staff's: no shopper's answer or e-mail carries them.
 * - `PUT /api/v1/admin/customers/{id}/tags` `{tags, version}`; `GET /api/v1/admin/customer-tags` (tags in use,
 *   with counts); the customers list filters by `?tag=`.
 * - `GET|POST /api/v1/admin/messages/{id}/replies` `{body, version?}`: e-mailed to the sender through the outbox
 *   in the message's language, listed with the e-mail's delivery state.
 */
import { z } from 'zod';
import { PLAIN_TEXT_LINES } from './common.js';
import { envelope } from './envelope.js';
import { AdminMessageSchema, AdminUserRefSchema, VersionSchema } from './admin.js';

const ADMIN = '/api/v1/admin';

export const DESK_API = {
  orderNotes: (id: number) => `${ADMIN}/orders/${id}/notes`,
  orderNote: (id: number, noteId: number) => `${ADMIN}/orders/${id}/notes/${noteId}`,
  customerNotes: (id: number) => `${ADMIN}/customers/${id}/notes`,
  customerNote: (id: number, noteId: number) => `${ADMIN}/customers/${id}/notes/${noteId}`,
  customerTags: (id: number) => `${ADMIN}/customers/${id}/tags`,
  tagsInUse: `${ADMIN}/customer-tags`,
  replies: (id: number) => `${ADMIN}/messages/${id}/replies`,
} as const;

export const DESK_LIMITS = {
  /** Characters of a note. */
  note: 2000,
  /** Characters of a reply. */
  reply: 5000,
  /** Characters of a tag. */
  tag: 30,
  /** Tags of one customer. */
  tags: 20,
} as const;

/** Letters of any script, digits, hyphens and spaces. */
export const TAG_PATTERN = /^[\p{L}\p{M}\p{N}]+(?:[ -]+[\p{L}\p{M}\p{N}]+)*$/u;

/** A tag as it is kept: trimmed, lower case, inner runs of spaces made one. */
export const normalizeTag = (tag: string) => tag.trim().replace(/\s+/g, ' ').toLowerCase();

const text = (field: string, max: number) =>
  z
    .string({ error: `The ${field} field is required.` })
    .trim()
    .min(1, `The ${field} field is required.`)
    .max(max, `The ${field} may not be greater than ${max} characters.`)
    .regex(PLAIN_TEXT_LINES, `The ${field} contains characters that are not allowed.`);

export const NoteCreateSchema = z.object({ body: text('note', DESK_LIMITS.note) });
export type NoteCreate = z.infer<typeof NoteCreateSchema>;

export const TagSchema = z
  .string({ error: 'Each tag must be text.' })
  .transform(normalizeTag)
  .pipe(
    z
      .string()
      .min(1, 'A tag may not be empty.')
      .max(DESK_LIMITS.tag, `A tag may not be greater than ${DESK_LIMITS.tag} characters.`)
      .regex(TAG_PATTERN, 'A tag holds letters, digits, hyphens and spaces only.'),
  );

export const TagsUpdateSchema = z.object({
  tags: z
    .array(TagSchema, { error: 'Send the tags as a list.' })
    .transform((list) => [...new Set(list)])
    .refine((list) => list.length <= DESK_LIMITS.tags, `A customer has at most ${DESK_LIMITS.tags} tags.`),
  version: VersionSchema.optional(),
});
export type TagsUpdate = z.infer<typeof TagsUpdateSchema>;

export const ReplyCreateSchema = z.object({
  body: text('reply', DESK_LIMITS.reply),
  /** The message's version as the page showed it; without it the reply is still sent (it overwrites nothing). */
  version: VersionSchema.optional(),
});
export type ReplyCreate = z.infer<typeof ReplyCreateSchema>;

export const NoteParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  noteId: z.coerce.number().int().positive(),
});

export const AdminNoteSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  /** Null when the author's account is gone. */
  author: AdminUserRefSchema.nullable(),
  created_at: z.string(),
  /** Whether the admin asking may delete it (its author). */
  deletable: z.boolean(),
});
export type AdminNote = z.infer<typeof AdminNoteSchema>;
export const AdminNoteListResponseSchema = envelope(z.object({ notes: z.array(AdminNoteSchema) }));
export type AdminNoteListResponse = z.infer<typeof AdminNoteListResponseSchema>;
export const AdminNoteResponseSchema = envelope(z.object({ note: AdminNoteSchema }));
export const AdminNoteDeletedResponseSchema = envelope(z.object({ deleted: z.literal(true) }));

export const CustomerTagsSchema = z.object({ tags: z.array(z.string()), version: z.number().int() });
export type CustomerTags = z.infer<typeof CustomerTagsSchema>;
export const CustomerTagsResponseSchema = envelope(CustomerTagsSchema);
export const TagsInUseResponseSchema = envelope(
  z.object({ tags: z.array(z.object({ tag: z.string(), count: z.number().int() })) }),
);
export type TagsInUseResponse = z.infer<typeof TagsInUseResponseSchema>;

/** Where a reply's e-mail is: in the outbox's line, delivered, or given up on after every try. */
export const REPLY_DELIVERY = ['queued', 'sent', 'failed'] as const;
export type ReplyDelivery = (typeof REPLY_DELIVERY)[number];

export const AdminReplySchema = z.object({
  id: z.number().int(),
  body: z.string(),
  author: AdminUserRefSchema.nullable(),
  sent_at: z.string(),
  delivery: z.enum(REPLY_DELIVERY),
  /** When the mail server took it. */
  delivered_at: z.string().nullable(),
});
export type AdminReply = z.infer<typeof AdminReplySchema>;
export const AdminReplyListResponseSchema = envelope(
  z.object({ message: AdminMessageSchema, replies: z.array(AdminReplySchema) }),
);
export type AdminReplyListResponse = z.infer<typeof AdminReplyListResponseSchema>;
export const AdminReplyResponseSchema = envelope(
  z.object({ message: AdminMessageSchema, reply: AdminReplySchema }),
);
export type AdminReplyResponse = z.infer<typeof AdminReplyResponseSchema>;
