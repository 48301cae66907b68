import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZBuilding,
  ZCamera,
  ZClassroom,
  ZClassroomDetail,
  ZClassroomTree,
  ZClassroomTreeQuery,
  ZDownloadLogPage,
  ZDownloadLogPageRequest,
  ZExternalInfo,
  ZFrontRowRoomsPage,
  ZFrontRowRoomsRequest,
  ZFrontRowSettings,
  ZId,
  ZRecordIdBody,
  ZRecordIdQuery,
  ZProbeRequest,
  ZProbeResponse,
  ZPtzRequest,
  ZPtzResponse,
  ZRecorder,
  ZRecorderSettings,
  ZRecordStatus,
  ZRecordStatusQuery,
  ZSaveBuildingRequest,
  ZSaveCameraRequest,
  ZSaveClassroomRequest,
  ZSaveDownloadLogRequest,
  ZSaveFrontRowRoomRequest,
  ZSaveRecorderRequest,
  ZSaveRecorderSettingsRequest,
  ZSensitivity,
  ZSensitivityQuery,
  ZSensitivityRequest,
} from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { memberCtx } from '../../platform/route-context.ts';
import * as rooms from './classrooms.service.ts';
import * as devices from './devices.service.ts';

const tags = ['classrooms'];
const deviceTags = ['devices'];

export const classroomsRoutes: FastifyPluginAsyncZod = async (app) => {
  // ---------------------------------------------------------------- tree, buildings, rooms
  app.get('/base/dict/data/v1/classroom/tree', {
    config: { permission: 'member' },
    schema: { tags, summary: 'Building → floor → classroom tree (flag 2 adds each room\'s cameras, for patrol)', querystring: ZClassroomTreeQuery, response: okSchema(ZClassroomTree) },
  }, async (req) => ok(await rooms.classroomTree(memberCtx(req), req.query.flag as 1 | 2)));

  app.post('/base/classroom/v1/building/save', {
    config: { permission: 'device:edit' },
    schema: { tags, summary: 'Add a building, or rename one (id given)', body: ZSaveBuildingRequest, response: okSchema(ZBuilding) },
  }, async (req) => ok(await rooms.saveBuilding(memberCtx(req), req.body)));

  app.post('/base/classroom/v1/building/delete', {
    config: { permission: 'device:edit' },
    schema: { tags, summary: 'Delete a building that has no classrooms', body: ZRecordIdBody, response: okSchema(z.null()) },
  }, async (req) => {
    await rooms.deleteBuilding(memberCtx(req), req.body.id);
    return ok(null);
  });

  app.get('/base/classroom/v1/getInfoById', {
    config: { permission: 'transcribeManagement' },
    schema: { tags, summary: 'A classroom with its recorder and cameras (no device passwords)', querystring: ZRecordIdQuery, response: okSchema(ZClassroomDetail) },
  }, async (req) => ok(await rooms.classroomDetail(memberCtx(req), req.query.id)));

  app.post('/base/classroom/v1/save', {
    config: { permission: 'device:edit' },
    schema: { tags, summary: 'Add or change a classroom (name unique in its building, front rows ≤ seat rows)', body: ZSaveClassroomRequest, response: okSchema(ZClassroom) },
  }, async (req) => ok(await rooms.saveClassroom(memberCtx(req), req.body)));

  app.post('/base/classroom/v1/delete', {
    config: { permission: 'device:edit' },
    schema: { tags, summary: 'Delete a classroom with no class sessions to come (its recorder and cameras go with it)', body: ZRecordIdBody, response: okSchema(z.null()) },
  }, async (req) => {
    await rooms.deleteClassroom(memberCtx(req), req.body.id);
    return ok(null);
  });

  // ---------------------------------------------------------------- front-row settings
  app.get('/base/classroom/v1/frontRow/get', {
    config: { permission: 'frontRowSettings' },
    schema: { tags, summary: 'School-wide front-row settings: empty seats tolerated and minimum front-row rate (%)', response: okSchema(ZFrontRowSettings) },
  }, async (req) => ok(await rooms.getFrontRowSettings(memberCtx(req))));

  app.post('/base/classroom/v1/frontRow/save', {
    config: { permission: 'frontRow:edit' },
    schema: { tags, summary: 'Save the school-wide front-row settings', body: ZFrontRowSettings, response: okSchema(ZFrontRowSettings) },
  }, async (req) => ok(await rooms.saveFrontRowSettings(memberCtx(req), req.body)));

  app.post('/base/classroom/v1/frontRow/rooms', {
    config: { permission: 'frontRowSettings' },
    schema: { tags, summary: 'Classrooms with their seat rows and front rows, paged', body: ZFrontRowRoomsRequest, response: okSchema(ZFrontRowRoomsPage) },
  }, async (req) => ok(await rooms.frontRowRooms(memberCtx(req), req.body)));

  app.post('/base/classroom/v1/frontRow/saveRoom', {
    config: { permission: 'frontRow:edit' },
    schema: { tags, summary: "Change a classroom's seat rows and front rows", body: ZSaveFrontRowRoomRequest, response: okSchema(ZClassroom) },
  }, async (req) => ok(await rooms.saveFrontRowRoom(memberCtx(req), req.body)));

  // ---------------------------------------------------------------- recorders and cameras
  app.post('/base/recorder/v1/save', {
    config: { permission: 'device:edit' },
    schema: { tags: deviceTags, summary: "Add a classroom's recorder (one per room) or change it; password absent keeps, null removes", body: ZSaveRecorderRequest, response: okSchema(ZRecorder) },
  }, async (req) => ok(await devices.saveRecorder(memberCtx(req), req.body)));

  app.post('/base/recorder/v1/delete', {
    config: { permission: 'device:edit' },
    schema: { tags: deviceTags, summary: 'Delete a recorder', body: ZRecordIdBody, response: okSchema(z.null()) },
  }, async (req) => {
    await devices.deleteRecorder(memberCtx(req), req.body.id);
    return ok(null);
  });

  app.post('/base/camera/v1/save', {
    config: { permission: 'device:edit' },
    schema: { tags: deviceTags, summary: 'Add or change a camera of a classroom; password absent keeps, null removes', body: ZSaveCameraRequest, response: okSchema(ZCamera) },
  }, async (req) => ok(await devices.saveCamera(memberCtx(req), req.body)));

  app.post('/base/camera/v1/delete', {
    config: { permission: 'device:edit' },
    schema: { tags: deviceTags, summary: 'Delete a camera', body: ZRecordIdBody, response: okSchema(z.null()) },
  }, async (req) => {
    await devices.deleteCamera(memberCtx(req), req.body.id);
    return ok(null);
  });

  app.post('/base/camera/v1/save/camera/sensitivity', {
    config: { permission: 'device:edit' },
    schema: { tags: deviceTags, summary: "Set a camera's detection sensitivity (0-100)", body: ZSensitivityRequest, response: okSchema(ZSensitivity) },
  }, async (req) => ok(await devices.saveSensitivity(memberCtx(req), req.body)));

  app.get('/base/camera/v1/get/camera/sensitivity', {
    config: { permission: 'transcribeManagement' },
    schema: { tags: deviceTags, summary: "A camera's detection sensitivity", querystring: ZSensitivityQuery, response: okSchema(ZSensitivity) },
  }, async (req) => ok(await devices.getSensitivity(memberCtx(req), req.query.cameraId)));

  app.post('/base/camera/v1/control/cloud/platform', {
    config: { permission: 'patrol:ptz' },
    schema: { tags: deviceTags, summary: 'Pan, tilt, zoom or stop a camera over ONVIF PTZ', body: ZPtzRequest, response: okSchema(ZPtzResponse) },
  }, async (req) => ok(await devices.controlPtz(memberCtx(req), req.body)));

  // ---------------------------------------------------------------- settings, status, probe, log
  app.get('/base/recorder/set/v1/getInfoById', {
    config: { permission: 'member' },
    schema: { tags: deviceTags, summary: 'Recording views offered (recorderVideoView, serverVideoView: 1 = enabled) and the external address', response: okSchema(ZRecorderSettings) },
  }, async (req) => ok(await devices.getRecorderSettings(memberCtx(req))));

  app.post('/base/recorder/set/v1/save', {
    config: { permission: 'device:edit' },
    schema: { tags: deviceTags, summary: 'Save the recording views and the external address', body: ZSaveRecorderSettingsRequest, response: okSchema(ZRecorderSettings) },
  }, async (req) => ok(await devices.saveRecorderSettings(memberCtx(req), req.body)));

  app.get('/base/servermanager/v1/hero/getExternalInfo', {
    config: { permission: 'member' },
    schema: { tags: deviceTags, summary: 'The address outside viewers reach the media server at (kept by the web as enableExternal)', response: okSchema(ZExternalInfo) },
  }, async (req) => ok(await devices.getExternalInfo(memberCtx(req))));

  app.get('/base/device/v1/get/dev/record/status', {
    config: { permission: 'member' },
    schema: { tags: deviceTags, summary: "A classroom's recorder and camera statuses and whether it is recording", querystring: ZRecordStatusQuery, response: okSchema(ZRecordStatus) },
  }, async (req) => ok(await devices.recordStatus(memberCtx(req), req.query.classroomId)));

  app.post('/base/device/v1/probe', {
    config: { permission: 'device:edit' },
    schema: { tags: deviceTags, summary: 'Ask a recorder or camera over ONVIF whether it answers; updates its status and last seen', body: ZProbeRequest, response: okSchema(ZProbeResponse) },
  }, async (req) => ok(await devices.probe(memberCtx(req), req.body)));

  app.post('/base/video/download/log/v1/save', {
    config: { permission: 'video:download' },
    schema: { tags: deviceTags, summary: 'Record that the caller downloaded a recording', body: ZSaveDownloadLogRequest, response: okSchema(z.object({ id: ZId })) },
  }, async (req) => ok(await devices.saveDownloadLog(memberCtx(req), req.body)));

  app.post('/base/video/download/log/v1/page', {
    config: { permission: 'transcribeManagement' },
    schema: { tags: deviceTags, summary: 'Who downloaded which recording, newest first, paged', body: ZDownloadLogPageRequest, response: okSchema(ZDownloadLogPage) },
  }, async (req) => ok(await devices.downloadLogPage(memberCtx(req), req.body)));
};
