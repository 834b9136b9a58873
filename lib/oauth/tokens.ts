import { randomBase62 } from "../keys/format";
import { sha256Hex } from "../handoff/codes";

/**
 * Opaque tokens, 43 base62 characters (256 bits) after a prefix that says what they are. They
 * never match the API key pattern, so /v1 answers one with 401 (it accepts API keys only).
 */
export const ACCESS_PREFIX = "slat_";
export const REFRESH_PREFIX = "slrt_";
const BODY = "[0-9A-Za-z]{43}";
export const ACCESS_PATTERN = new RegExp(`^${ACCESS_PREFIX}${BODY}$`);
export const REFRESH_PATTERN = new RegExp(`^${REFRESH_PREFIX}${BODY}$`);

export const newAccessToken = () => `${ACCESS_PREFIX}${randomBase62(43)}`;
export const newRefreshToken = () => `${REFRESH_PREFIX}${randomBase62(43)}`;
/** Grant ids travel in the consent page's URL: unguessable (190 bits). */
export const newGrantId = () => `og_${randomBase62(32)}`;
export const newClientId = () => `oc_${randomBase62(32)}`;
export const newAuthCode = () => randomBase62(43);

/** Only this is stored: a token or code exists in its response alone. */
export const tokenHash = sha256Hex;
