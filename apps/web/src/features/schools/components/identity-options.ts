import { IDENTITY_NAMES } from '@hxk/contracts/permissions';
import { REQUESTABLE_IDENTITIES } from '../../../lib/identities.ts';
import { i18n } from '../../../lib/i18n.ts';

export const identityOptions = () => REQUESTABLE_IDENTITIES.map((v) => ({ value: v, label: i18n.t(`common:identity.${IDENTITY_NAMES[v]}`) }));
