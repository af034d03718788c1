import { describe, expect, it } from 'vitest';
import { deviceName } from './device';

describe('deviceName', () => {
  it('names the browser and the system as people call them', () => {
    expect(
      deviceName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari · iPhone');
    expect(
      deviceName(
        'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
      ),
    ).toBe('Samsung Internet · Android');
    expect(
      deviceName(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 Edg/124.0',
      ),
    ).toBe('Edge · Windows');
    expect(
      deviceName('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0'),
    ).toBe('Firefox · macOS');
    expect(deviceName('curl/8.5.0')).toBeUndefined();
    expect(deviceName(null)).toBeUndefined();
  });
});
