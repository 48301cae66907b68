import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZSsoSettings, ZSsoSyncResult, type ZSaveSsoSettingsRequest } from '@hxk/contracts/members';
import { api } from '../../../lib/api.ts';

export type SsoSettings = z.infer<typeof ZSsoSettings>;
export type SaveSsoSettingsInput = z.input<typeof ZSaveSsoSettingsRequest>;
export type SsoSyncResult = z.infer<typeof ZSsoSyncResult>;

/** The school's SCIM 2.0 source (the token itself is never returned). */
export const getSsoSettings = () => api.get('/base/system/sso/v1/settings', undefined, { schema: ZSsoSettings });

export const ssoSettingsQueryOptions = () => queryOptions({ queryKey: ['users', 'ssoSettings'], queryFn: getSsoSettings });

/** Idle while the modal is closed. */
export function useSsoSettings(enabled: boolean) {
  return useQuery({ ...ssoSettingsQueryOptions(), enabled });
}

/** Sets the source; without `scimToken` the stored token is kept. */
export const saveSsoSettings = (input: SaveSsoSettingsInput) => api.post('/base/system/sso/v1/settings', input, { schema: ZSsoSettings });

export function useSaveSsoSettings() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveSsoSettings, onSuccess: (data) => qc.setQueryData(ssoSettingsQueryOptions().queryKey, data) });
}

/** Pulls the school's people from the source now. */
export const syncSsoUsers = () => api.get('/buttjoint/open/sso/sync/user', undefined, { schema: ZSsoSyncResult });

export function useSyncSsoUsers() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: syncSsoUsers, onSuccess: () => qc.invalidateQueries({ queryKey: ['users', 'list'] }) });
}
