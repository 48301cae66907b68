import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local SCIM 2.0 service provider: bearer auth, ListResponse paging by startIndex/count. */
export function startScimDouble(token: string) {
  const state = { users: [] as Record<string, unknown>[], requests: [] as string[] };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    state.requests.push(url.pathname + url.search);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/scim+json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${token}`) return send(401, { status: '401', detail: 'bad token' });
    if (url.pathname !== '/scim/v2/Users') return send(404, { status: '404' });
    const start = Number(url.searchParams.get('startIndex') ?? 1);
    const count = Number(url.searchParams.get('count') ?? 100);
    const page = state.users.slice(start - 1, start - 1 + count);
    send(200, { schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: state.users.length, startIndex: start, itemsPerPage: page.length, Resources: page });
  });
  return {
    state,
    async listen() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/scim/v2`;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export const scimUser = (userName: string, extra: Record<string, unknown> = {}) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
  id: `id-${userName}`,
  userName,
  name: { formatted: `Name ${userName}` },
  active: true,
  ...extra,
});
