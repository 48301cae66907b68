export * from './columns.ts';
export * from './platform.ts';
export * from './school.ts';
export * from './access.ts';
export * from './settings.ts';
export * from './directory.ts';
export * from './evaluation.ts';
