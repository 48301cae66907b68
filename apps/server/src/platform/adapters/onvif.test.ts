import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OnvifError, passwordDigest, probeDevice, ptzBody, ptzCommand, recordingState, soapEnvelope, xmlText } from './onvif.ts';
import { startOnvifDouble, type OnvifDouble } from '../../test/onvif-double.ts';

describe('ONVIF SOAP and WS-Security', () => {
  it('computes the PasswordDigest of the WS-Security UsernameToken profile', () => {
    // Base64(SHA-1(nonce bytes + created + password)), checked against an independent computation.
    const nonce = Buffer.from('LKqI6G/AikKCQrN0zqZFlg==', 'base64');
    const created = '2010-09-16T07:50:45Z';
    const expected = crypto.createHash('sha1').update(Buffer.concat([nonce, Buffer.from(created + 'userpassword')])).digest('base64');
    expect(passwordDigest(nonce, created, 'userpassword')).toBe(expected);
    expect(passwordDigest(nonce, created, 'other')).not.toBe(expected);
  });

  it('builds an envelope with the UsernameToken header, or none without credentials', () => {
    const nonce = Buffer.alloc(16, 7);
    const now = new Date('2026-11-22T10:00:00.123Z');
    const xml = soapEnvelope('<tds:GetDeviceInformation/>', { username: 'ad<min', password: 'pw', now, nonce });
    expect(xmlText(xml, 'Username')).toBe('ad<min');
    expect(xml).toContain('<wsse:Username>ad&lt;min</wsse:Username>');
    expect(xmlText(xml, 'Created')).toBe('2026-11-22T10:00:00Z');
    expect(xmlText(xml, 'Nonce')).toBe(nonce.toString('base64'));
    expect(xmlText(xml, 'Password')).toBe(passwordDigest(nonce, '2026-11-22T10:00:00Z', 'pw'));
    expect(xml).toContain('#PasswordDigest');
    expect(xml).toContain('<s:Body><tds:GetDeviceInformation/></s:Body>');
    expect(soapEnvelope('<tds:GetSystemDateAndTime/>')).not.toContain('Security');
  });

  it('turns PTZ commands into ContinuousMove velocities and Stop', () => {
    expect(ptzBody('p1', 'up', 50).body).toContain('<tt:PanTilt x="0" y="0.50"/>');
    expect(ptzBody('p1', 'down', 100).body).toContain('<tt:PanTilt x="0" y="-1.00"/>');
    expect(ptzBody('p1', 'left', 30).body).toContain('<tt:PanTilt x="-0.30" y="0"/>');
    expect(ptzBody('p1', 'right', 1).body).toContain('<tt:PanTilt x="0.01" y="0"/>');
    expect(ptzBody('p1', 'zoomIn', 20).body).toContain('<tt:Zoom x="0.20"/>');
    expect(ptzBody('p1', 'zoomOut', 20).body).toContain('<tt:Zoom x="-0.20"/>');
    const stop = ptzBody('p&1', 'stop', 50);
    expect(stop.action).toBe('http://www.onvif.org/ver20/ptz/wsdl/Stop');
    expect(stop.body).toBe('<tptz:Stop><tptz:ProfileToken>p&amp;1</tptz:ProfileToken><tptz:PanTilt>true</tptz:PanTilt><tptz:Zoom>true</tptz:Zoom></tptz:Stop>');
  });
});

describe('ONVIF adapter against the local double', () => {
  let cam: OnvifDouble;
  let fixed: OnvifDouble;
  beforeAll(async () => {
    cam = await startOnvifDouble({ username: 'admin', password: 'cam-secret', profiles: ['profile_1'] });
    fixed = await startOnvifDouble({ username: 'admin', password: 'x', ptz: false });
  });
  afterAll(async () => {
    await cam.close();
    await fixed.close();
  });
  const target = () => ({ url: cam.url, username: 'admin', password: 'cam-secret', timeoutMs: 2000 });

  it('moves and stops through the PTZ service found by GetCapabilities', async () => {
    await ptzCommand(target(), 'profile_1', 'left', 40);
    await ptzCommand(target(), 'profile_1', 'zoomIn', 60);
    await ptzCommand(target(), 'profile_1', 'stop', 50);
    expect(cam.commands).toEqual([
      { service: 'ptz', action: 'ContinuousMove', profileToken: 'profile_1', x: '-0.40', y: '0', zoom: null },
      { service: 'ptz', action: 'ContinuousMove', profileToken: 'profile_1', x: null, y: null, zoom: '0.60' },
      { service: 'ptz', action: 'Stop', profileToken: 'profile_1', x: null, y: null, zoom: null },
    ]);
    expect(cam.refused).toBe(0);
  });

  it('reports a wrong password, an unknown profile and a camera without PTZ', async () => {
    const before = cam.commands.length;
    await expect(ptzCommand({ ...target(), password: 'wrong' }, 'profile_1', 'up', 50)).rejects.toMatchObject({ kind: 'auth' });
    await expect(ptzCommand({ ...target(), username: null }, 'profile_1', 'up', 50)).rejects.toMatchObject({ kind: 'auth' });
    await expect(ptzCommand(target(), 'nope', 'up', 50)).rejects.toMatchObject({ kind: 'fault', detail: 'The requested profile token does not exist' });
    await expect(ptzCommand({ url: fixed.url, username: 'admin', password: 'x' }, 'profile_1', 'up', 50)).rejects.toMatchObject({ kind: 'noPtzService' });
    expect(cam.commands.length).toBe(before);
    expect(cam.refused).toBe(2);
  });

  it('probes a device: its time without credentials, its information with them', async () => {
    const info = await probeDevice(target());
    expect(info).toMatchObject({ manufacturer: 'Double & Co', model: 'PTZ-Test 1', firmware: '1.0.0' });
    expect(Math.abs(Date.parse(info.deviceTime!) - Date.now())).toBeLessThan(5000);
    const anonymous = await probeDevice({ url: cam.url });
    expect(anonymous.manufacturer).toBeNull();
    await expect(probeDevice({ ...target(), password: 'bad' })).rejects.toMatchObject({ kind: 'auth' });
  });

  it("reads a recorder's recording jobs from its recording service", async () => {
    const recorder = await startOnvifDouble({ username: 'rec', password: 'pw', recordingMode: 'Active' });
    try {
      const target = { url: recorder.url, username: 'rec', password: 'pw' };
      expect(await recordingState(target)).toBe(true);
      recorder.recordingMode = 'Idle';
      expect(await recordingState(target)).toBe(false);
      expect(recorder.commands.filter((c) => c.service === 'recording').map((c) => c.action)).toEqual(['GetRecordingJobs', 'GetRecordingJobs']);
      await expect(recordingState({ ...target, password: 'no' })).rejects.toMatchObject({ kind: 'auth' });
    } finally {
      await recorder.close();
    }
    // A camera without a recording service has no recording state.
    expect(await recordingState(target())).toBeNull();
  });

  it('gives up on a device that does not answer, and on one that is not there', async () => {
    cam.hang = true;
    const started = Date.now();
    const err = await ptzCommand({ ...target(), timeoutMs: 300 }, 'profile_1', 'up', 50).catch((e: unknown) => e);
    cam.hang = false;
    expect(err).toBeInstanceOf(OnvifError);
    expect(err).toMatchObject({ kind: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2000);
    const gone = await startOnvifDouble({ username: 'a', password: 'b' });
    await gone.close();
    await expect(probeDevice({ url: gone.url, timeoutMs: 1000 })).rejects.toMatchObject({ kind: 'unreachable', detail: 'ECONNREFUSED' });
  });
});
