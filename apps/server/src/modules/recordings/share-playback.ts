/**
 * A recording clip's share on the media gateway (recording-shares.service.ts): its playback grant
 * carries the viewer label `share:<id>`, and the gateway's hook (recordings.service.ts,
 * authorizeGatewayPlayback) asks here whether that label may still play. Apart from the service so
 * that the hook needs nothing of the shares but this question.
 */
import type { Deps } from '../../platform/context.ts';
import { shareRow } from '../live-lessons/live-lessons.repo.ts';
import { inNamedSchool } from '../live-lessons/live-lessons.service.ts';
import { recordingById } from './recordings.repo.ts';

/** The viewer label of a share's playback grants. */
export const shareViewer = (shareId: string) => `share:${shareId}`;

/**
 * Whether a playback grant's viewer label may still play `recordingId`: yes while it names a share of
 * the school that points at that recording and is neither revoked nor expired, and (when the gateway
 * names the path it serves) the recording is still that path's. The audience was checked when the
 * grant was made; a grant lives five minutes.
 */
export async function admitsSharePlayback(deps: Deps, schoolId: string, viewer: string, recordingId: string, gatewayPath?: string): Promise<boolean> {
  const m = /^share:(\d{1,19})$/.exec(viewer);
  if (!m) return false;
  return inNamedSchool(deps, schoolId, async (tx) => {
    const share = await shareRow(tx, m[1]!);
    if (!share || share.recordingId !== recordingId || share.revokedAt || new Date(share.expiresAt) <= deps.now()) return false;
    if (gatewayPath === undefined) return true;
    return (await recordingById(tx, recordingId))?.gatewayPath === gatewayPath;
  });
}
