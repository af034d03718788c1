import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  ADMIN_API,
  AdminGalleryListResponseSchema,
  AdminGalleryResponseSchema,
  GalleryUpdateSchema,
  type AdminGallery,
} from '@boutique/contracts/admin';
import { createTestI18n, renderWithProviders, stubModalDialogs } from '@/testing/providers';
import { fakeApi, ok, refused } from '../test-api';
import GalleryPage from './gallery-page';

const scene = (id: number, en: string, ar: string): AdminGallery => ({
  id,
  key: `scene-${id}`,
  caption: { en, fr: `${en} (fr)`, ar },
  image: {
    id: 100 + id,
    url: `/storage/gallery/${id}-800.webp`,
    srcset: `/storage/gallery/${id}-800.webp 800w`,
    avif_srcset: `/storage/gallery/${id}-800.avif 800w`,
    width: 800,
    height: 1000,
    sort_order: id,
    color: null,
  },
  version: 1,
});

let api: ReturnType<typeof fakeApi>;
let scenes: AdminGallery[];
const list = () => ok(AdminGalleryListResponseSchema, { success: true, data: { galleries: scenes } });
const stale = (current: unknown) =>
  refused(409, { success: false, message: 'Changed.', code: 'stale', error: 'stale', current });

beforeEach(() => {
  stubModalDialogs();
  scenes = [scene(1, 'The atelier in Fes', 'المشغل في فاس'), scene(2, 'Silk threads', 'خيوط الحرير')];
  api = fakeApi()
    .get(ADMIN_API.galleries, list)
    .on('DELETE', /^\/api\/v1\/admin\/galleries\/\d+$/, ({ path, body }) => {
      const id = Number(path.split('/').at(-1));
      const current = scenes.find((s) => s.id === id)!;
      if ((body as { version: number }).version !== current.version) return stale(current);
      scenes = scenes.filter((s) => s.id !== id);
      return list();
    })
    .on('PATCH', /^\/api\/v1\/admin\/galleries\/\d+$/, ({ path, body }) => {
      const id = Number(path.split('/').at(-1));
      const change = GalleryUpdateSchema.parse(body);
      const current = scenes.find((s) => s.id === id)!;
      if (change.version !== current.version) return stale(current);
      const next = { ...current, caption: change.caption ?? current.caption, version: current.version + 1 };
      scenes = scenes.map((s) => (s.id === id ? next : s));
      return ok(AdminGalleryResponseSchema, { success: true, data: { gallery: next } });
    });
});
afterEach(() => {
  cleanup();
  expect(api.unknown).toEqual([]);
});

async function renderPage(lng: 'en' | 'ar' = 'en') {
  const { i18n, missing } = await createTestI18n(lng);
  renderWithProviders(<GalleryPage />, i18n, '/admin/gallery');
  await screen.findByRole('img', { name: lng === 'ar' ? 'المشغل في فاس' : 'The atelier in Fes' });
  return missing;
}

const deletes = () => api.seen('DELETE', /galleries\/\d+$/);

describe('the gallery', () => {
  it('asks before deleting a scene, showing which, and deletes nothing when the owner cancels', async () => {
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Delete photo 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete scene 2?' });
    expect(within(dialog).getByText('Silk threads')).toBeTruthy();
    expect(
      within(dialog).getByText('The scene is removed from the home page at once and cannot be brought back.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deletes()).toEqual([]);
    expect(screen.getByRole('heading', { name: '2 scenes' })).toBeTruthy();
  });

  it('deletes the scene once confirmed, at the version shown', async () => {
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Delete photo 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete scene 1?' });
    fireEvent.click(within(dialog).getByRole('button', { name: /^Delete/ }));
    expect(await screen.findByRole('heading', { name: '1 scene' })).toBeTruthy();
    expect(deletes().map((c) => [c.path, c.body])).toEqual([[ADMIN_API.gallery(1), { version: 1 }]]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('deletes nothing when the scene changed meanwhile, and says so in Arabic', async () => {
    const missing = await renderPage('ar');
    scenes = scenes.map((s) => (s.id === 1 ? { ...s, version: 2 } : s));
    fireEvent.click(screen.getByRole('button', { name: 'حذف الصورة 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'حذف المشهد 1؟' });
    expect(within(dialog).getByText('المشغل في فاس')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'حذف' }));
    expect(
      await screen.findByText('تغيّر المعرض في مكان آخر، والمشاهد معروضة كما هي الآن. لم يتغيّر شيء.'),
    ).toBeTruthy();
    expect(deletes().map((c) => c.body)).toEqual([{ version: 1 }]);
    expect(scenes).toHaveLength(2);
    expect(missing).toEqual([]);
  });

  it('re-captions a scene; refused as stale, shows the other edit and re-applies the owner’s in one click', async () => {
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Change caption 2' }));
    const english = screen.getByLabelText<HTMLInputElement>('Caption (English)', {
      selector: '#caption-2-en',
    });
    fireEvent.change(english, { target: { value: 'Silk threads, hand-dyed' } });
    // Meanwhile someone else rewrites the Arabic caption.
    scenes = scenes.map((s) =>
      s.id === 2 ? { ...s, caption: { ...s.caption, ar: 'خيوط حرير مصبوغة' }, version: 2 } : s,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert', { name: /Someone changed this scene/ });
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Caption (Arabic)When you opened itخيوط الحريرNowخيوط حرير مصبوغة']);
    fireEvent.click(within(alert).getByRole('button', { name: 'Apply my edit to the current version' }));
    expect(await screen.findByText('Saved. The shop shows it now.')).toBeTruthy();
    const patches = api.seen('PATCH', ADMIN_API.gallery(2)).map((c) => c.body);
    expect(patches).toHaveLength(2);
    expect(patches[1]).toEqual({
      caption: { en: 'Silk threads, hand-dyed', fr: 'Silk threads (fr)', ar: 'خيوط حرير مصبوغة' },
      version: 2,
    });
  });
});
