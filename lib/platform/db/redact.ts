/** A database URL fit for logs: the password is replaced. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:/@]+):([^@]*)@/, "//$1:***@");
}
