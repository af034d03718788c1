import { asc, eq, sql } from 'drizzle-orm';
import type { LocalizedText } from '@boutique/contracts';
import type { AdminGallery, GalleryUpdate } from '@boutique/contracts/admin';
import type { Database } from '../../db/client.js';
import { galleries } from '../../db/schema/index.js';
import { claimVersion, staleWrite } from '../../db/versions.js';
import { fieldError, HttpError } from '../../lib/http-error.js';
import type { Storage } from '../../storage/index.js';
import { recordAudit } from '../audit/index.js';
import { adminImage } from '../catalog/index.js';
import { deletePicture, newPicturePath, storePicture, type PreparedPicture } from '../../media/pictures.js';

const GALLERY_NOT_FOUND = 'Gallery scene not found';
/** Uploaded scenes live under `gallery/up-…`; the demo's under `gallery/{key}`. */
const UPLOADS = 'gallery';

type GalleryRow = typeof galleries.$inferSelect;

/** Gallery scenes: the same checks and renditions as product pictures, each with its caption. */
export class AdminGalleryService {
  constructor(
    private readonly db: Database,
    private readonly storage: Storage,
  ) {}

  #view(row: GalleryRow): AdminGallery {
    return {
      id: row.id,
      key: row.key,
      caption: row.caption,
      image: adminImage(this.storage.publicUrl, { ...row, productId: 0 }),
      version: row.version,
    };
  }

  /** The version check of a write to one scene, first in its transaction (db/versions.ts). */
  #claim(tx: Database, id: number, expected: number, current?: () => Promise<unknown>) {
    return claimVersion(tx, galleries, id, expected, {
      notFound: new HttpError(404, GALLERY_NOT_FOUND),
      current:
        current ??
        (async () => {
          const [row] = await tx.select().from(galleries).where(eq(galleries.id, id));
          return row && this.#view(row);
        }),
    });
  }

  async list(db: Database = this.db): Promise<AdminGallery[]> {
    const rows = await db.select().from(galleries).orderBy(asc(galleries.sortOrder), asc(galleries.id));
    return rows.map((r) => this.#view(r));
  }

  async create(actorId: number, picture: PreparedPicture, caption: LocalizedText): Promise<AdminGallery> {
    const path = newPicturePath(UPLOADS, 'up');
    const key = path.slice(`${UPLOADS}/`.length);
    await storePicture(this.storage, path, picture);
    try {
      return await this.db.transaction(async (tx) => {
        const [{ next } = { next: 0 }] = await tx
          .select({ next: sql<number>`coalesce(max(${galleries.sortOrder}) + 1, 0)::int` })
          .from(galleries);
        const [row] = await tx
          .insert(galleries)
          .values({
            key,
            path,
            widths: picture.renditions.map((r) => r.width),
            aspect: picture.aspect,
            caption,
            sortOrder: next,
          })
          .returning();
        if (!row) throw new Error('gallery scene was not stored');
        const view = this.#view(row);
        await recordAudit(tx, {
          actorId,
          action: 'gallery.create',
          entity: 'gallery',
          entityId: row.id,
          after: view,
        });
        return view;
      });
    } catch (err) {
      await deletePicture(
        this.storage,
        path,
        picture.renditions.map((r) => r.width),
      ).catch(() => {});
      throw err;
    }
  }

  async update(actorId: number, id: number, input: GalleryUpdate, expected: number): Promise<AdminGallery> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(galleries).where(eq(galleries.id, id));
      if (!before) throw new HttpError(404, GALLERY_NOT_FOUND);
      await this.#claim(tx, id, expected);
      const [row] = await tx
        .update(galleries)
        .set({ caption: input.caption })
        .where(eq(galleries.id, id))
        .returning();
      if (!row) throw new HttpError(404, GALLERY_NOT_FOUND);
      await recordAudit(tx, {
        actorId,
        action: 'gallery.update',
        entity: 'gallery',
        entityId: id,
        before: { caption: before.caption },
        after: { caption: row.caption },
      });
      return this.#view(row);
    });
  }

  /**
   * A new order of the scenes, each at the version the page showed (`versions`): every scene's version is checked
   * and moved (db/versions.ts), so a scene added, removed or changed meanwhile refuses the whole order (409 with
   * the scenes as they are now).
   */
  async order(actorId: number, order: number[], versions: Record<string, number>): Promise<AdminGallery[]> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: galleries.id })
        .from(galleries)
        .orderBy(asc(galleries.sortOrder), asc(galleries.id));
      const current = rows.map((r) => r.id);
      if (new Set(order).size !== order.length) {
        throw new HttpError(422, 'The given data was invalid', {
          order: [fieldError('invalid', 'Send every gallery scene once, in the new order.')],
        });
      }
      if (order.length !== current.length || !order.every((id) => current.includes(id))) {
        throw staleWrite(await this.list(tx));
      }
      for (const [position, id] of order.entries()) {
        await this.#claim(tx, id, versions[String(id)] ?? 0, () => this.list(tx));
        await tx.update(galleries).set({ sortOrder: position }).where(eq(galleries.id, id));
      }
      await recordAudit(tx, {
        actorId,
        action: 'gallery.order',
        entity: 'gallery',
        entityId: null,
        before: { order: current },
        after: { order },
      });
      return this.list(tx);
    });
  }

  async remove(actorId: number, id: number, expected: number): Promise<AdminGallery[]> {
    const { removed, list } = await this.db.transaction(async (tx) => {
      await this.#claim(tx, id, expected);
      const [row] = await tx.delete(galleries).where(eq(galleries.id, id)).returning();
      if (!row) throw new HttpError(404, GALLERY_NOT_FOUND);
      await recordAudit(tx, {
        actorId,
        action: 'gallery.delete',
        entity: 'gallery',
        entityId: id,
        before: this.#view(row),
      });
      return { removed: row, list: await this.list(tx) };
    });
    if (removed.key.startsWith('up-')) {
      await deletePicture(this.storage, removed.path, removed.widths).catch(() => {});
    }
    return list;
  }
}
