import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { checkoutReminders } from '../../db/schema/index.js';
import { emailLanguage } from '../../lib/mail-layout.js';
import type { CartService } from '../cart/index.js';
import { enqueueMail } from '../outbox/index.js';
import { checkoutReminderMail, type AlertsShop } from './mails.js';
import type { UnsubscribeTokens } from './tokens.js';

export interface ReminderSettings {
  /** CHECKOUT_REMINDER_HOURS in milliseconds: how long a cart stays untouched before its reminder. */
  afterMs: number;
  shop: AlertsShop;
  tokens: UnsubscribeTokens;
  cart: Pick<CartService, 'get'>;
}

/** At most this many reminders per sweep; the next sweep takes the rest. */
const BATCH = 100;

interface Candidate {
  user_id: number;
  email: string;
  locale: string | null;
  contents: string;
}

/**
 * The unfinished-checkout reminders due at `now`: accounts that asked for them, whose cart has pieces and has
 * not moved for `afterMs`, with no order placed since its last move, and whose cart as it is now was never
 * mailed. Each is claimed by a conditional upsert of `checkout_reminders` (the contents' fingerprint) in the
 * transaction that writes its e-mail: two instances never both win one, and the same contents are mailed once.
 * Returns how many this call wrote.
 */
export async function sendDueReminders(db: Database, now: Date, settings: ReminderSettings): Promise<number> {
  const idleSince = new Date(now.getTime() - settings.afterMs);
  const due = await db
    .execute(
      sql`select u.id as user_id, u.email, u.locale,
                 string_agg(ci.product_id || ':' || ci.color || ':' || ci.size || ':' || ci.quantity, ','
                   order by ci.product_id, ci.color, ci.size) as contents
          from users u join cart_items ci on ci.user_id = u.id
          where u.checkout_reminders
          group by u.id
          having greatest(max(ci.updated_at), max(ci.created_at)) <= ${idleSince.toISOString()}::timestamptz
            and not exists (select 1 from orders o where o.user_id = u.id
                            and o.created_at >= greatest(max(ci.updated_at), max(ci.created_at)))
          order by u.id
          limit ${BATCH}`,
    )
    .then(rowsOf<Candidate>);
  let sent = 0;
  for (const candidate of due) {
    const fingerprint = createHash('sha256').update(candidate.contents).digest('hex');
    const wrote = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(checkoutReminders)
        .values({ userId: candidate.user_id, contents: fingerprint, sentAt: now })
        .onConflictDoUpdate({
          target: checkoutReminders.userId,
          set: { contents: fingerprint, sentAt: now },
          setWhere: sql`${checkoutReminders.contents} <> excluded.contents`,
        })
        .returning({ userId: checkoutReminders.userId });
      if (!claimed) return false;
      const cart = await settings.cart.get(candidate.user_id, tx);
      const lines = cart.items
        .filter((item) => item.product.available)
        .map((item) => ({
          name: item.product.name,
          colorName: item.options.color_name,
          size: item.options.size,
          quantity: item.quantity,
          image: item.product_image.startsWith('/')
            ? settings.shop.publicUrl + item.product_image
            : item.product_image,
          lineTotal: item.line_total,
        }));
      if (lines.length === 0) return false;
      await enqueueMail(tx, {
        kind: 'checkout_reminder',
        about: `user:${candidate.user_id}`,
        message: checkoutReminderMail(
          { email: candidate.email, lang: emailLanguage(candidate.locale), userId: candidate.user_id },
          lines,
          settings.shop,
          settings.tokens,
        ),
      });
      return true;
    });
    if (wrote) sent += 1;
  }
  return sent;
}
