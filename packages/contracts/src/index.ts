export * from './common.ts';
export * from './envelope.ts';
export * from './errors.ts';
export * from './constants.ts';
export * from './permissions.ts';
export * from './auth.ts';
export * from './school.ts';
export * from './user.ts';
