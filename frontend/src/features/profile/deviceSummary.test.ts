import { describe, expect, it } from 'vitest';
import { deviceSummary } from './SessionsCard';

describe('deviceSummary', () => {
  it('names the browser and the system of common User-Agents', () => {
    expect(
      deviceSummary('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36'),
    ).toBe('Chrome · Windows');
    expect(
      deviceSummary('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'),
    ).toBe('Safari · iPhone');
    expect(deviceSummary('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('Firefox · Linux');
    expect(deviceSummary('Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/130.0 Safari/537.36 Edg/130.0')).toBe(
      'Edge · Windows',
    );
  });

  it('keeps an unknown agent short and an absent one absent', () => {
    expect(deviceSummary('curl/8.5.0')).toBe('curl/8.5.0');
    expect(deviceSummary(null)).toBeNull();
  });
});
