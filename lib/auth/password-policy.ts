import { PasswordCheckTimeout, passwordScore } from "./password-check";

// zxcvbn-ts with its common-password, name and keyboard-pattern lists (offline, on npm). Score 3
// means "safely unguessable: moderate protection from offline slow-hash attacks" (≥ 10^8 guesses);
// it refuses "aaaaaaaaaa", "password123", "qwertyuiop", "0123456789", "Summer2024!".
const MIN_SCORE = 3;
// zxcvbn's cost grows with length (a crafted 64-character password: 100-160 ms here); the first
// 64 characters decide, which is already far beyond any guessing attack.
const CHECKED_LENGTH = 64;
const TOO_EASY =
  "Password is too easy to guess: use a longer phrase of unrelated words, not a common password, name, date or keyboard pattern";

// Passwords zxcvbn scores 3+ although every cracking list has them: the xkcd phrase and a season
// or month followed by this year (zxcvbn's year list ends before it). Checked as letters+digits.
const FAMOUS = new Set(["correcthorsebatterystaple", "trustno1trustno1", "iloveyouiloveyou"]);
const WORD_YEAR =
  /^(spring|summer|autumn|fall|winter|january|february|march|april|may|june|july|august|september|october|november|december|[a-z]{1,10})(19|20)\d\d$/;

/** The cheap rules (microseconds, on the request's thread): length, famous phrases, the email. */
export function cheapPasswordProblem(password: string, userInputs: (string | null | undefined)[] = []) {
  if (password.length < 10) return "Password must be at least 10 characters";
  if (password.length > 200) return "Password must be at most 200 characters";
  const plain = password.toLowerCase().replace(/[^a-z0-9]+/g, "");
  if (FAMOUS.has(plain) || WORD_YEAR.test(plain)) return TOO_EASY;
  // Built from the email's local part or the name: what is left without them must stand alone.
  let rest = password.toLowerCase().slice(0, CHECKED_LENGTH);
  const parts = userInputs
    .flatMap((v) => (v ? [v.toLowerCase().split("@")[0], ...v.toLowerCase().split(/[@.\s_+-]+/)] : []))
    .filter((v) => v.length > 2)
    .sort((a, b) => b.length - a.length);
  for (const part of parts) rest = rest.split(part).join("");
  if (rest !== password.toLowerCase().slice(0, CHECKED_LENGTH) && rest.replace(/[^a-z]/g, "").length < 6)
    return TOO_EASY;
  return null;
}

/**
 * Sign-up and password-change rule: 10-200 characters, and not guessable (common, breached or
 * patterned passwords). The zxcvbn part runs in a worker thread (lib/auth/password-check.ts); it
 * throws PasswordCheckBusy when too many checks wait, and a check that overruns refuses the password.
 */
export async function passwordProblem(
  password: string,
  userInputs: (string | null | undefined)[] = [],
): Promise<string | null> {
  const cheap = cheapPasswordProblem(password, userInputs);
  if (cheap) return cheap;
  const inputs = userInputs.flatMap((v) => (v ? [v, ...v.split(/[@.\s]+/)] : [])).filter((v) => v.length > 2);
  const score = await passwordScore(password.slice(0, CHECKED_LENGTH), inputs).catch((err: unknown) => {
    if (err instanceof PasswordCheckTimeout) return -1;
    throw err;
  });
  if (score === -1) return "Password is too complex to check: use a phrase of a few unrelated words";
  return score < MIN_SCORE ? TOO_EASY : null;
}
