import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { readAll } from '../storage.ts';
import { S3Error, s3Storage, signV4 } from './s3.ts';
import { startS3Double, type S3Double } from './s3.double.ts';

const creds = { bucket: 'hxk-files', region: 'cn-north-1', accessKeyId: 'AKIDLOCAL', secretAccessKey: 'local/secret+key' };

describe('S3 configuration', () => {
  it('stays local without a bucket, and needs keys with one', () => {
    expect(loadConfig({}).storage).toEqual({ provider: 'local' });
    expect(() => loadConfig({ S3_BUCKET: 'hxk-files' })).toThrow(/S3_ACCESS_KEY_ID/);
    expect(() => loadConfig({ S3_BUCKET: 'Bad_Bucket', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' })).toThrow(ConfigError);
    expect(loadConfig({ S3_BUCKET: 'hxk-files', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' }).storage).toEqual({
      provider: 's3', endpoint: 'https://s3.us-east-1.amazonaws.com', bucket: 'hxk-files', region: 'us-east-1', accessKeyId: 'a', secretAccessKey: 'b', forcePathStyle: false,
    });
    const minio = loadConfig({ S3_BUCKET: 'hxk', S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' }).storage;
    expect(minio).toMatchObject({ endpoint: 'http://minio:9000', forcePathStyle: true });
    expect(loadConfig({ S3_BUCKET: 'hxk', S3_ENDPOINT: 'http://oss:9000', S3_FORCE_PATH_STYLE: 'false', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' }).storage).toMatchObject({ forcePathStyle: false });
  });
});

describe('AWS Signature V4', () => {
  it('matches the GET Object example of the S3 documentation', () => {
    // docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html, "GET Object".
    const auth = signV4({
      method: 'GET',
      path: '/test.txt',
      headers: {
        host: 'examplebucket.s3.amazonaws.com',
        range: 'bytes=0-9',
        'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        'x-amz-date': '20130524T000000Z',
      },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      date: '20130524T000000Z',
    });
    expect(auth).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

describe.each([true, false])('S3 storage against a local double (path style %s)', (forcePathStyle) => {
  let s3: S3Double;
  beforeAll(async () => {
    s3 = await startS3Double(creds);
  });
  afterAll(async () => {
    await s3.close();
  });
  // Virtual-hosted style needs bucket.<host> to resolve: localhost subdomains do (RFC 6761).
  const storage = () => s3Storage({ ...creds, endpoint: forcePathStyle ? s3.endpoint : s3.endpoint.replace('127.0.0.1', 'localhost'), forcePathStyle });

  it('puts a buffer, reads it back, deletes it', async () => {
    const st = storage();
    await st.put('schools/1/files/a b+c.txt', Buffer.from('hello'));
    expect(s3.objects.get('schools/1/files/a b+c.txt')?.toString()).toBe('hello');
    expect((await st.get('schools/1/files/a b+c.txt'))?.toString()).toBe('hello');
    await st.delete('schools/1/files/a b+c.txt');
    expect(s3.objects.has('schools/1/files/a b+c.txt')).toBe(false);
    expect(await st.get('schools/1/files/a b+c.txt')).toBeNull();
    expect(await st.open('schools/1/files/a b+c.txt')).toBeNull();
    await st.delete('schools/1/files/missing');
  });

  it('streams a large object in and out with an unsigned payload', async () => {
    const st = storage();
    const chunk = crypto.randomBytes(64 * 1024);
    const count = 160; // 10 MB
    const digest = crypto.createHash('sha256');
    for (let i = 0; i < count; i++) digest.update(chunk);
    await st.put('schools/2/files/big', Readable.from((function* () {
      for (let i = 0; i < count; i++) yield chunk;
    })()), chunk.length * count);
    expect(s3.requests.at(-1)).toMatchObject({ method: 'PUT', unsignedPayload: true });
    const obj = await st.open('schools/2/files/big');
    expect(obj?.size).toBe(chunk.length * count);
    const back = crypto.createHash('sha256');
    for await (const c of obj!.body) back.update(c as Buffer);
    expect(back.digest('hex')).toBe(digest.digest('hex'));
  });

  it('refuses a stream without its size, and reports S3 errors with their code', async () => {
    const st = storage();
    await expect(st.put('k', Readable.from([Buffer.from('x')]))).rejects.toThrow(/size/);
    const wrong = s3Storage({ ...creds, secretAccessKey: 'wrong', endpoint: s3.endpoint, forcePathStyle: true });
    const e = await wrong.put('k', Buffer.from('x')).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(S3Error);
    expect((e as S3Error).s3Code).toBe('SignatureDoesNotMatch');
    const noBucket = s3Storage({ ...creds, bucket: 'other-bucket', endpoint: s3.endpoint, forcePathStyle: true });
    await expect(noBucket.put('k', Buffer.from('x'))).rejects.toMatchObject({ status: 404, s3Code: 'NoSuchBucket' });
    const body = await readAll(Readable.from([Buffer.from('a'), Buffer.from('b')]));
    expect(body.toString()).toBe('ab');
  });
});
