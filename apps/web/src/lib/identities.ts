import { IDENTITY, type TIdentity } from '@hxk/contracts/permissions';

/** Identities a person may ask for when joining a school (administrators are appointed, not requested). */
export const REQUESTABLE_IDENTITIES: TIdentity[] = [IDENTITY.teacher, IDENTITY.student, IDENTITY.supervisor, IDENTITY.leader];
