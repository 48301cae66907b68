import { useMutation } from '@tanstack/react-query';
import { ZPtzResponse, type TPtzCommand } from '@hxk/contracts/classrooms';
import { api } from '../../../lib/api.ts';

/** One PTZ command to a camera (the server speaks ONVIF to it). */
export const controlPtz = (input: { cameraId: string; command: TPtzCommand; speed?: number }) =>
  api.post('/base/camera/v1/control/cloud/platform', input, { schema: ZPtzResponse });

export function useControlPtz() {
  return useMutation({ mutationFn: controlPtz });
}
