import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  IMPORT_KINDS,
  IMPORT_LIMITS,
  ZClassroomExportQuery,
  ZCourseExportQuery,
  ZImportJob,
  ZImportJobQuery,
  ZImportRunRequest,
  ZImportUploadResponse,
  ZUserExportQuery,
  type TImportKind,
} from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { memberCtx } from '../../platform/route-context.ts';
import { AppError } from '../../platform/errors.ts';
import * as svc from './imports.service.ts';

const tags = ['imports'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const WHAT: Record<TImportKind, string> = { user: 'people', course: 'courses and their timetable', classroom: 'classrooms' };
const EXPORT_QUERY: Record<TImportKind, z.ZodObject> = { user: ZUserExportQuery, course: ZCourseExportQuery, classroom: ZClassroomExportQuery };

const attachment = (name: string) => `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`;

export const importsRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of IMPORT_KINDS) {
    const base = `/base/import/v1/${kind}`;
    const importKey = `${kind}:import`;

    app.get(`${base}/template`, {
      config: { permission: importKey },
      schema: { tags, summary: `The .xlsx template for importing ${WHAT[kind]} (headers in the reader's language, an example row, notes)` },
    }, async (req, reply) => {
      const { data, fileName } = await svc.template(kind, req.lang);
      return reply.type(XLSX).header('content-disposition', attachment(fileName)).header('cache-control', 'no-store').send(data);
    });

    app.post(`${base}/upload`, {
      config: { permission: importKey, cost: 'import' },
      schema: { tags, summary: `Upload an .xlsx file of ${WHAT[kind]}: queues its check (a dry run that writes nothing)`, consumes: ['multipart/form-data'], response: okSchema(ZImportUploadResponse) },
    }, async (req) => {
      const part = await req.file({ limits: { fileSize: IMPORT_LIMITS.fileBytes } });
      if (!part) throw new AppError('file.missing');
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (e) {
        if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('file.tooLarge', { limit: '20MB' });
        throw e;
      }
      return ok(await svc.upload(memberCtx(req), kind, { filename: part.filename, data }));
    });

    app.post(`${base}/run`, {
      config: { permission: importKey, cost: 'import' },
      schema: { tags, summary: `Import ${WHAT[kind]} from a checked file, all or nothing (refused while its check has errors)`, body: ZImportRunRequest, response: okSchema(ZImportUploadResponse) },
    }, async (req) => ok(await svc.run(memberCtx(req), kind, req.body.jobId)));

    app.get(`${base}/job`, {
      config: { permission: importKey },
      schema: { tags, summary: `A check or import job of ${WHAT[kind]}: progress, counts and a page of row errors`, querystring: ZImportJobQuery, response: okSchema(ZImportJob) },
    }, async (req) => ok(await svc.jobStatus(memberCtx(req), kind, req.query)));

    app.get(`/base/export/v1/${kind}`, {
      config: { permission: `${kind}:export`, cost: 'export' },
      schema: { tags, summary: `Export ${WHAT[kind]} as .xlsx (the template's columns, the list's filters)`, querystring: EXPORT_QUERY[kind] },
    }, async (req, reply) => {
      const { data, fileName } = await svc.exportFile(memberCtx(req), kind, req.query as Record<string, unknown>);
      return reply.type(XLSX).header('content-disposition', attachment(fileName)).header('cache-control', 'no-store').send(data);
    });
  }
};
