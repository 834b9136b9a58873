// An account's field limits, shared by the routes' schemas (lib/auth/schemas.ts), the sign-in
// check and the public forms (sign-up, invitation). No zod here, so those pages load none.

/** A person's display name. */
export const NAME_MAX = 100;
/** RFC 5321's limit on an address. */
export const EMAIL_MAX = 254;
/** A password field's limit (longer is refused before hashing). */
export const PASSWORD_MAX = 200;
/** A 6-digit code or a recovery code. */
export const CODE_MAX = 40;
/** An e-mailed link's token (invitation, reset, verification). */
export const TOKEN_MAX = 200;
