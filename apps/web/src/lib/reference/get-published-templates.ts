import { z } from 'zod';
import { ZTemplateOption } from '@hxk/contracts/templates';
import { referenceKeys } from './reference-keys.ts';
import { sourcedList } from './sourced-list.ts';

/** Published templates, through the endpoint of the asking screen (a plan's form, an evaluation's picker). */
const templates = sourcedList(
  { plan: { path: '/app/ddxk/template/v1/options', staleTime: 30_000 }, evaluation: { path: '/app/ddxk/evaluation/v1/templates', staleTime: 60_000 } },
  z.array(ZTemplateOption),
  referenceKeys.publishedTemplates,
);

export const getPublishedTemplates = templates.get;
export const publishedTemplatesQueryOptions = templates.options;
export const usePublishedTemplates = templates.useList;
