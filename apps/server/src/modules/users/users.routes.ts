import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZId, ZUserAppInfo, ZUpdateInfoRequest, ZUpdatePasswordRequest, ZUploadResponse, ZUserInfo, ZUserInfoQuery } from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import type { MemberCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import * as users from './users.service.ts';

const tags = ['users'];
const ZFileQuery = z.object({ fileId: ZId });

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/base/user/v1/info', {
    config: { permission: 'account' },
    schema: { tags, summary: 'Profile of the caller (or of a member of the same school)', querystring: ZUserInfoQuery, response: okSchema(ZUserInfo) },
  }, async (req) => ok(await users.userInfo(req.ctx as MemberCtx, req.query.userId)));

  app.get('/base/user/v1/getUserAppInfo', {
    config: { permission: 'member' },
    schema: { tags, summary: "The shell's start-up facts: person, school, title, identity, granted menus and buttons", querystring: ZUserInfoQuery, response: okSchema(ZUserAppInfo) },
  }, async (req) => ok(await users.userAppInfo(req.ctx as MemberCtx)));

  app.post('/base/user/v1/update/info', {
    config: { permission: 'account' },
    schema: { tags, summary: "Update the caller's profile", body: ZUpdateInfoRequest, response: okSchema(ZUserInfo) },
  }, async (req) => ok(await users.updateInfo(req.ctx as MemberCtx, req.body)));

  app.post('/base/user/v1/update/pwd', {
    config: { permission: 'account' },
    schema: { tags, summary: "Change the caller's password (ends the account's other sessions)", body: ZUpdatePasswordRequest, response: okSchema(z.null()) },
  }, async (req) => {
    await users.updatePassword(req.ctx as MemberCtx, req.body);
    return ok(null);
  });

  app.get('/base/user/v1/avatar', {
    config: { permission: 'account' },
    schema: { tags, summary: 'Avatar image of the caller or of a member of the same school', querystring: z.object({ userId: ZId, v: z.string().optional() }) },
  }, async (req, reply) => {
    const { data, type } = await users.readAvatar(req.ctx as MemberCtx, req.query.userId);
    return reply.type(type).header('cache-control', 'private, max-age=86400').send(data);
  });

  app.post('/base/tool/file/v1/simple/upload', {
    config: { permission: 'account' },
    schema: {
      tags,
      summary: 'Upload one file (multipart field "file"; field "purpose"=avatar sets the caller\'s avatar)',
      consumes: ['multipart/form-data'],
      response: okSchema(ZUploadResponse),
    },
  }, async (req) => {
    const part = await req.file();
    if (!part) throw new AppError('file.missing');
    const purposeField = part.fields['purpose'];
    const purpose = purposeField && 'value' in purposeField ? String(purposeField.value) : 'file';
    let data: Buffer;
    try {
      data = await part.toBuffer();
    } catch (e) {
      if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('file.tooLarge', { limit: purpose === 'avatar' ? '10MB' : '100MB' });
      throw e;
    }
    if (purpose === 'avatar') return ok(await users.uploadAvatar(req.ctx as MemberCtx, { filename: part.filename, data }));
    const ctx = req.ctx as MemberCtx;
    if (!ctx.auth.schoolId) throw new AppError('auth.noSchool');
    return ok(await users.uploadFile(ctx, { filename: part.filename, mimetype: part.mimetype, data }));
  });

  app.get('/base/tool/file/v1/get/info/of/id', {
    config: { permission: 'member' },
    schema: { tags, summary: 'A file of the current school', querystring: ZFileQuery, response: okSchema(ZUploadResponse) },
  }, async (req) => ok(await users.fileInfo(req.ctx as MemberCtx, req.query.fileId)));

  app.get('/base/tool/file/v1/download', {
    config: { permission: 'member' },
    schema: { tags, summary: 'Download a file of the current school', querystring: ZFileQuery },
  }, async (req, reply) => {
    const { row, data } = await users.readFile(req.ctx as MemberCtx, req.query.fileId);
    return reply
      .type(row.contentType)
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(row.name)}`)
      .header('x-content-type-options', 'nosniff')
      .send(data);
  });

  app.post('/base/tool/file/v1/delete', {
    config: { permission: 'member' },
    schema: { tags, summary: 'Delete a file the caller uploaded', querystring: ZFileQuery, response: okSchema(z.null()) },
  }, async (req) => {
    await users.deleteFile(req.ctx as MemberCtx, req.query.fileId);
    return ok(null);
  });
};
