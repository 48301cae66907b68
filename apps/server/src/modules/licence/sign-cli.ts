/**
 * The vendor's licence tool (decision 0027). Never part of a deployment's work: it needs the vendor's
 * private key, which stays with the vendor.
 *   npx tsx apps/server/src/modules/licence/sign-cli.ts keygen --out vendor-key.pem
 *   npx tsx apps/server/src/modules/licence/sign-cli.ts sign --key vendor-key.pem --licensee "Example University" \
 *     --deployment 7F3A-09C2-D1E4-55B0 --schools 1 --classrooms 300 --days 365 [--cameras 1200] [--features live,ai] [--out example.lic]
 * `sign` prints the licence code (or writes a licence file) that /activation takes.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { LICENCE_FEATURES, ZLicencePayload, type TLicencePayload } from '@hxk/contracts';
import { rawPublicKey, signLicence } from './licence-code.ts';

const DAY_MS = 86_400_000;

export function licencePayload(o: { licensee: string; deploymentId?: string | null | undefined; schools: number; classrooms: number; cameras?: number | undefined; features?: string[] | undefined; issuedAt?: Date; expiresAt: Date }): TLicencePayload {
  return ZLicencePayload.parse({
    v: 1,
    licenceId: crypto.randomUUID(),
    licensee: o.licensee,
    deploymentId: o.deploymentId ?? null,
    maxSchools: o.schools,
    maxClassrooms: o.classrooms,
    ...(o.cameras !== undefined ? { maxCameras: o.cameras } : {}),
    features: o.features ?? [...LICENCE_FEATURES],
    issuedAt: (o.issuedAt ?? new Date()).toISOString(),
    expiresAt: o.expiresAt.toISOString(),
  });
}

function main(argv: string[]): string {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      key: { type: 'string' }, out: { type: 'string' }, licensee: { type: 'string' }, deployment: { type: 'string' },
      schools: { type: 'string' }, classrooms: { type: 'string' }, cameras: { type: 'string' }, days: { type: 'string' }, expires: { type: 'string' }, features: { type: 'string' },
    },
  });
  if (positionals[0] === 'keygen') {
    if (!values.out) throw new Error('usage: keygen --out <private-key.pem>');
    const { publicKey, privateKey } = crypto.generateKeyPairSync('ed25519');
    fs.writeFileSync(values.out, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
    return `private key written to ${values.out}\nLICENCE_PUBLIC_KEY=${rawPublicKey(publicKey)}`;
  }
  if (positionals[0] !== 'sign' || !values.key || !values.licensee || !values.schools || !values.classrooms || !(values.days || values.expires)) {
    throw new Error('usage: sign --key <private-key.pem> --licensee <name> --schools <n> --classrooms <n> (--days <n> | --expires <ISO date>) [--deployment <id>] [--cameras <n>] [--features a,b] [--out <file>]');
  }
  const payload = licencePayload({
    licensee: values.licensee,
    deploymentId: values.deployment,
    schools: Number(values.schools),
    classrooms: Number(values.classrooms),
    cameras: values.cameras ? Number(values.cameras) : undefined,
    features: values.features?.split(',').map((f) => f.trim()),
    expiresAt: values.expires ? new Date(values.expires) : new Date(Date.now() + Number(values.days) * DAY_MS),
  });
  const code = signLicence(payload, crypto.createPrivateKey(fs.readFileSync(values.key)));
  if (!values.out) return code;
  fs.writeFileSync(values.out, `# hxk licence for ${payload.licensee}, until ${payload.expiresAt.slice(0, 10)}\n${code}\n`);
  return `licence ${payload.licenceId} written to ${values.out}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(main(process.argv.slice(2)));
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
}
