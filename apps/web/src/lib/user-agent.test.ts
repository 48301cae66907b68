import { describe, expect, it } from 'vitest';
import { formatUserAgent } from './user-agent.ts';

describe('formatUserAgent', () => {
  it('names common browsers and systems', () => {
    expect(formatUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Safari/537.36')).toBe('Chrome 139 · Windows');
    expect(formatUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Safari/537.36 Edg/139.0.0.0')).toBe('Edge 139 · Windows');
    expect(formatUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1')).toBe('Safari 17 · iOS');
    expect(formatUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('Firefox 128 · Linux');
    expect(formatUserAgent('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 MicroMessenger/8.0.49')).toBe('WeChat 8 · Android');
  });
  it('falls back to the first token of an unknown agent', () => {
    expect(formatUserAgent('curl/8.5.0')).toBe('curl');
  });
});
