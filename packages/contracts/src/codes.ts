/** Reply codes of the envelope. No zod here: the web's first paint imports this module. */
export const CODE_SUCCESS = 1;
export const CODE_UNAUTHENTICATED = 401;
export const CODE_FAILURE = 444;
