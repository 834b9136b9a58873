/** The refusal of a security change without a recent re-authentication (the browser reads it too). */
export const REAUTH_MESSAGE =
  "Confirm your password, an authentication code or a passkey first (re-authentication required)";
