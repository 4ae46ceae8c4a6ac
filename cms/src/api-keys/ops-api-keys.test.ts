import { describe, expect, it } from 'vitest';
import { apiKeyProblems, originsOf, prepareApiKeyData } from './ops-api-keys';

describe('partner API key entries (ADR 182)', () => {
  const valid = { carrierCode: 'patchpoint', name: 'Tills', scopes: ['stores:read'], allowedOrigins: [{ origin: 'https://tills.example' }], expiresAt: null };

  it('accepts the real scopes and origins', () => {
    expect(apiKeyProblems(valid)).toEqual([]);
    expect(apiKeyProblems({ ...valid, scopes: ['catalogue:read', 'bookings:write', 'orders:manage', 'stores:read'], allowedOrigins: [] })).toEqual([]);
  });

  it('names the field at fault', () => {
    expect(apiKeyProblems({ ...valid, scopes: [] })[0]).toMatchObject({ path: ['scopes'], message: expect.stringContaining('catalogue:read') });
    expect(apiKeyProblems({ ...valid, scopes: ['admin'] })[0]?.path).toEqual(['scopes']);
    expect(apiKeyProblems({ ...valid, scopes: 'stores:read' })[0]?.path).toEqual(['scopes']);
    expect(apiKeyProblems({ ...valid, allowedOrigins: [{ origin: 'https://a.example/path' }] })[0]).toMatchObject({
      path: ['allowedOrigins'],
      message: expect.stringContaining('https://a.example/path'),
    });
    expect(apiKeyProblems({ ...valid, allowedOrigins: [{ origin: 'https://a.example' }, { origin: 'https://A.example' }] })[0]?.message).toContain('each origin once');
    expect(apiKeyProblems({ ...valid, expiresAt: 'soon' })[0]?.path).toEqual(['expiresAt']);
  });

  it('gives a new entry a fresh key id and no secret, and lets no save set the managed fields', () => {
    const created = { data: { ...valid, keyId: 'aaaaaaaaaaaaaaaa', secretHash: 'f'.repeat(64), secretIssuedAt: '2026-01-01T00:00:00Z', rotatedFrom: 'bbbbbbbbbbbbbbbb' } };
    prepareApiKeyData('create', created);
    expect(created.data.keyId).toMatch(/^[0-9a-f]{16}$/);
    expect(created.data.keyId).not.toBe('aaaaaaaaaaaaaaaa');
    expect(created.data).toMatchObject({ secretHash: null, secretIssuedAt: null, rotatedFrom: null });

    const cloned: { data?: Record<string, unknown> } = {};
    prepareApiKeyData('clone', cloned);
    expect(cloned.data).toMatchObject({ keyId: expect.stringMatching(/^[0-9a-f]{16}$/), secretHash: null });

    const updated = { data: { name: 'New name', keyId: 'cccccccccccccccc', secretHash: 'e'.repeat(64) } as Record<string, unknown> };
    prepareApiKeyData('update', updated);
    expect(updated.data).toEqual({ name: 'New name' });
  });

  it('reads the origins of the repeatable component', () => {
    expect(originsOf([{ origin: 'https://a.example' }, { id: 3, origin: 'https://b.example' }])).toEqual(['https://a.example', 'https://b.example']);
    expect(originsOf(null)).toEqual([]);
  });
});
