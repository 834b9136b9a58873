/** The refusal of a security change without a recent re-authentication (the browser reads it too). */
export const REAUTH_MESSAGE =
  "Confirm your password or an authentication code first (re-authentication required)";
