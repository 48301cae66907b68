import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chooseService, nextService, serviceView } from './school-service.ts';
import { secretBox } from './secret-box.ts';

const box = secretBox(crypto.randomBytes(32));
const other = secretBox(crypto.randomBytes(32));
const none = { baseUrl: null, model: null, sealedKey: null };
const own = (o: { baseUrl: string; model: string; apiKey: string }) => ({ ...o, whose: 'school' });
const deployment = { baseUrl: 'https://deploy', model: 'd', apiKey: 'dk', whose: 'deployment' };

describe('a school-set service', () => {
  it('is saved whole with its key sealed, or cleared; a part is refused', () => {
    const s = nextService(box, none, { baseUrl: 'https://a', model: 'm', apiKey: 'k1' }, 'assistant.incomplete');
    expect(s.sealedKey).toMatch(/^sealed:v1:/);
    expect(box.open(s.sealedKey!)).toBe('k1');
    expect(serviceView(s)).toEqual({ baseUrl: 'https://a', model: 'm', apiKeySet: true });
    expect(nextService(box, s, { baseUrl: null, model: null, apiKey: null }, 'assistant.incomplete')).toEqual(none);
    expect(() => nextService(box, none, { baseUrl: 'https://a', model: null, apiKey: 'k' }, 'assistant.incomplete')).toThrow('assistant.incomplete');
    expect(() => nextService(box, s, { baseUrl: 'https://a', model: 'm', apiKey: null }, 'transcription.incomplete')).toThrow('transcription.incomplete');
  });

  it('keeps the stored key for the same address only', () => {
    const s = nextService(box, none, { baseUrl: 'https://a', model: 'm', apiKey: 'k1' }, 'assistant.incomplete');
    expect(nextService(box, s, { baseUrl: 'https://a', model: 'm2' }, 'assistant.incomplete')).toMatchObject({ model: 'm2', sealedKey: s.sealedKey });
    expect(() => nextService(box, s, { baseUrl: 'https://b', model: 'm' }, 'assistant.incomplete')).toThrow('assistant.incomplete');
    expect(box.open(nextService(box, s, { baseUrl: 'https://b', model: 'm', apiKey: 'k2' }, 'assistant.incomplete').sealedKey!)).toBe('k2');
  });

  it('is used before the deployment\'s, unless its key no longer opens', () => {
    const s = nextService(box, none, { baseUrl: 'https://a', model: 'm', apiKey: 'k1' }, 'assistant.incomplete');
    expect(chooseService(box, s, own, deployment)).toEqual({ service: 'school', settings: { baseUrl: 'https://a', model: 'm', apiKey: 'k1', whose: 'school' } });
    expect(chooseService(other, s, own, deployment)).toEqual({ service: 'deployment', settings: deployment });
    expect(chooseService(box, none, own, deployment).service).toBe('deployment');
    expect(chooseService(box, none, own, null)).toEqual({ service: 'none', settings: null });
  });
});
