import common from './common.json';
import auth from './auth.json';
import schools from './schools.json';
import profile from './profile.json';
import roles from './roles.json';
import users from './users.json';

/** Every namespace of this language, loaded as one chunk. */
export const bundle = { common, auth, schools, profile, roles, users };
