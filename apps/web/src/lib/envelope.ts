/**
 * Reply codes of the envelope (contracts' envelope.ts, kept equal by a test). Restated here because
 * envelope.ts also builds zod schemas, which the first paint should not download.
 */
export const CODE_SUCCESS = 1;
export const CODE_UNAUTHENTICATED = 401;

export type Query = Record<string, string | number | boolean | null | undefined>;

export function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}
