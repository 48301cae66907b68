/**
 * QR codes for sign-in and registration. The local provider encodes a link to this server's own
 * confirm page, which a signed-in phone opens; the WeChat provider asks WeChat for an official
 * account QR code whose scan event comes back to our callback.
 */
export interface QrProvider {
  readonly kind: 'local' | 'wechat';
  /** What the QR image should encode for this scene. localUrl is this server's confirm link. */
  createCode(input: { sceneId: string; ttlSeconds: number; localUrl: string }): Promise<{ content: string }>;
}

export const localQrProvider: QrProvider = {
  kind: 'local',
  async createCode({ localUrl }) {
    return { content: localUrl };
  },
};
