/**
 * A local ONVIF device for tests: a node:http server that answers the device and PTZ services the
 * way a camera does, checks each WS-Security PasswordDigest (fresh, unused nonce; Created within
 * five minutes) and records the SOAP commands it accepted.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { passwordDigest, xmlText } from '../platform/adapters/onvif.ts';

export type OnvifCommand = { service: 'device' | 'ptz' | 'recording'; action: string; profileToken: string | null; x: string | null; y: string | null; zoom: string | null };
export type OnvifDouble = {
  /** The device service address, e.g. http://127.0.0.1:1234/onvif/device_service. */
  url: string;
  commands: OnvifCommand[];
  /** Requests refused for a wrong or missing digest. */
  refused: number;
  /** Stop answering (accept the connection, never reply), for time-out tests. */
  hang: boolean;
  /** A recorder's recording job mode; null: no recording service (a plain camera). */
  recordingMode: 'Active' | 'Idle' | null;
  close(): Promise<void>;
};

const ENVELOPE = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><SOAP-ENV:Envelope xmlns:SOAP-ENV="http://www.w3.org/2003/05/soap-envelope" xmlns:tds="http://www.onvif.org/ver10/device/wsdl" xmlns:tptz="http://www.onvif.org/ver20/ptz/wsdl" xmlns:tt="http://www.onvif.org/ver10/schema"><SOAP-ENV:Body>${body}</SOAP-ENV:Body></SOAP-ENV:Envelope>`;
const FAULT = (code: string, sub: string, text: string) =>
  ENVELOPE(`<SOAP-ENV:Fault><SOAP-ENV:Code><SOAP-ENV:Value>SOAP-ENV:${code}</SOAP-ENV:Value><SOAP-ENV:Subcode><SOAP-ENV:Value>ter:${sub}</SOAP-ENV:Value></SOAP-ENV:Subcode></SOAP-ENV:Code><SOAP-ENV:Reason><SOAP-ENV:Text xml:lang="en">${text}</SOAP-ENV:Text></SOAP-ENV:Reason></SOAP-ENV:Fault>`);

export async function startOnvifDouble(opts: { username: string; password: string; ptz?: boolean; profiles?: string[]; recordingMode?: 'Active' | 'Idle' }): Promise<OnvifDouble> {
  const seenNonces = new Set<string>();
  const profiles = new Set(opts.profiles ?? ['profile_1']);
  const double: OnvifDouble = { url: '', commands: [], refused: 0, hang: false, recordingMode: opts.recordingMode ?? null, close: async () => {} };

  const authorized = (xml: string): boolean => {
    const username = xmlText(xml, 'Username');
    const digest = xmlText(xml, 'Password');
    const nonce = xmlText(xml, 'Nonce');
    const created = xmlText(xml, 'Created');
    if (!username || !digest || !nonce || !created || username !== opts.username) return false;
    if (!/PasswordDigest/.test(/<(?:[\w-]+:)?Password\s[^>]*>/.exec(xml)?.[0] ?? '')) return false;
    if (Math.abs(Date.now() - Date.parse(created)) > 5 * 60_000 || seenNonces.has(nonce)) return false;
    if (passwordDigest(Buffer.from(nonce, 'base64'), created, opts.password) !== digest) return false;
    seenNonces.add(nonce);
    return true;
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (double.hang) return; // the connection stays open with no answer
      const xml = Buffer.concat(chunks).toString('utf8');
      const send = (status: number, body: string) => {
        res.writeHead(status, { 'content-type': 'application/soap+xml; charset=utf-8' });
        res.end(body);
      };
      const action = /<(?:[\w-]+:)?Body>\s*<(?:[\w-]+:)?(\w+)/.exec(xml)?.[1] ?? '';
      const service = ({ '/onvif/ptz_service': 'ptz', '/onvif/device_service': 'device', '/onvif/recording_service': 'recording' } as const)[req.url ?? ''] ?? null;
      if (req.method !== 'POST' || !service || !action) return send(400, FAULT('Sender', 'InvalidArgVal', 'Unknown service'));
      // GetSystemDateAndTime is the one call ONVIF answers without credentials.
      if (action !== 'GetSystemDateAndTime' && !authorized(xml)) {
        double.refused += 1;
        return send(400, FAULT('Sender', 'NotAuthorized', 'Sender not Authorized'));
      }
      const profileToken = xmlText(xml, 'ProfileToken');
      const record = (x: string | null = null, y: string | null = null, zoom: string | null = null) =>
        double.commands.push({ service, action, profileToken, x, y, zoom });
      if (service === 'device' && action === 'GetSystemDateAndTime') {
        const d = new Date();
        return send(200, ENVELOPE(`<tds:GetSystemDateAndTimeResponse><tds:SystemDateAndTime><tt:DateTimeType>NTP</tt:DateTimeType><tt:UTCDateTime><tt:Time><tt:Hour>${d.getUTCHours()}</tt:Hour><tt:Minute>${d.getUTCMinutes()}</tt:Minute><tt:Second>${d.getUTCSeconds()}</tt:Second></tt:Time><tt:Date><tt:Year>${d.getUTCFullYear()}</tt:Year><tt:Month>${d.getUTCMonth() + 1}</tt:Month><tt:Day>${d.getUTCDate()}</tt:Day></tt:Date></tt:UTCDateTime></tds:SystemDateAndTime></tds:GetSystemDateAndTimeResponse>`));
      }
      if (service === 'device' && action === 'GetDeviceInformation') {
        record();
        return send(200, ENVELOPE('<tds:GetDeviceInformationResponse><tds:Manufacturer>Double &amp; Co</tds:Manufacturer><tds:Model>PTZ-Test 1</tds:Model><tds:FirmwareVersion>1.0.0</tds:FirmwareVersion><tds:SerialNumber>T-0001</tds:SerialNumber><tds:HardwareId>1</tds:HardwareId></tds:GetDeviceInformationResponse>'));
      }
      if (service === 'device' && action === 'GetCapabilities') {
        // Reports an inside address, as devices behind NAT do: the client keeps its own host.
        const ptz = opts.ptz === false ? '' : '<tt:PTZ><tt:XAddr>http://192.168.1.64/onvif/ptz_service</tt:XAddr></tt:PTZ>';
        return send(200, ENVELOPE(`<tds:GetCapabilitiesResponse><tds:Capabilities>${ptz}</tds:Capabilities></tds:GetCapabilitiesResponse>`));
      }
      if (service === 'device' && action === 'GetServices') {
        const entry = (ns: string, path: string) => `<tds:Service><tds:Namespace>${ns}</tds:Namespace><tds:XAddr>http://192.168.1.64${path}</tds:XAddr><tds:Version><tt:Major>2</tt:Major><tt:Minor>60</tt:Minor></tds:Version></tds:Service>`;
        const list = entry('http://www.onvif.org/ver10/device/wsdl', '/onvif/device_service')
          + (opts.ptz === false ? '' : entry('http://www.onvif.org/ver20/ptz/wsdl', '/onvif/ptz_service'))
          + (double.recordingMode ? entry('http://www.onvif.org/ver10/recording/wsdl', '/onvif/recording_service') : '');
        return send(200, ENVELOPE(`<tds:GetServicesResponse>${list}</tds:GetServicesResponse>`));
      }
      if (service === 'recording' && action === 'GetRecordingJobs' && double.recordingMode) {
        record();
        return send(200, ENVELOPE(`<trc:GetRecordingJobsResponse xmlns:trc="http://www.onvif.org/ver10/recording/wsdl"><trc:JobItem><tt:JobToken>job_1</tt:JobToken><tt:JobConfiguration><tt:RecordingToken>rec_1</tt:RecordingToken><tt:Mode>${double.recordingMode}</tt:Mode><tt:Priority>1</tt:Priority></tt:JobConfiguration></trc:JobItem></trc:GetRecordingJobsResponse>`));
      }
      if (service === 'ptz' && (action === 'ContinuousMove' || action === 'Stop')) {
        if (!profileToken || !profiles.has(profileToken)) return send(400, FAULT('Sender', 'NoProfile', 'The requested profile token does not exist'));
        if (action === 'Stop') {
          record();
          return send(200, ENVELOPE('<tptz:StopResponse/>'));
        }
        const pan = /<(?:[\w-]+:)?PanTilt\s+([^>]*)\/?>/.exec(xml)?.[1] ?? '';
        const zoom = /<(?:[\w-]+:)?Zoom\s+([^>]*)\/?>/.exec(xml)?.[1] ?? '';
        const attr = (s: string, n: string) => new RegExp(`${n}="([^"]*)"`).exec(s)?.[1] ?? null;
        record(attr(pan, 'x'), attr(pan, 'y'), attr(zoom, 'x'));
        return send(200, ENVELOPE('<tptz:ContinuousMoveResponse/>'));
      }
      return send(400, FAULT('Receiver', 'ActionNotSupported', `${action} is not supported`));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  double.url = `http://127.0.0.1:${port}/onvif/device_service`;
  double.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return double;
}
