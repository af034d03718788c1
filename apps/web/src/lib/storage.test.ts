import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from './next-task';
import { onOtherTabChange } from './storage';

describe('onOtherTabChange', () => {
  afterEach(() => vi.restoreAllMocks());

  it('listens from the next task, not in the one that asks (the app’s start)', async () => {
    const added = vi.spyOn(window, 'addEventListener');
    const heard: (string | null)[] = [];
    onOtherTabChange((event) => heard.push(event.key));

    expect(added.mock.calls.filter(([type]) => type === 'storage')).toEqual([]);
    await nextTask();
    window.dispatchEvent(new StorageEvent('storage', { key: 'cart', newValue: '{"items":[]}' }));
    expect(heard).toEqual(['cart']);
  });
});
