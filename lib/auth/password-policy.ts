import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";
import { perProcess } from "../process-state";

// zxcvbn-ts with its common-password, name and keyboard-pattern lists (offline, on npm). Score 3
// means "safely unguessable: moderate protection from offline slow-hash attacks" (≥ 10^8 guesses);
// it refuses "aaaaaaaaaa", "password123", "qwertyuiop", "0123456789", "Summer2024!".
const MIN_SCORE = 3;

const checker = perProcess(
  "password-policy",
  () => new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs }),
);

/** Sign-up rule: 10-200 characters, and not guessable (common, breached or patterned passwords). */
export function passwordProblem(
  password: string,
  userInputs: (string | null | undefined)[] = [],
): string | null {
  if (password.length < 10) return "Password must be at least 10 characters";
  if (password.length > 200) return "Password must be at most 200 characters";
  // zxcvbn's cost grows with length; past 100 characters the first 100 decide.
  const inputs = userInputs.flatMap((v) => (v ? [v, ...v.split(/[@.\s]+/)] : [])).filter((v) => v.length > 2);
  const result = checker.check(password.slice(0, 100), inputs);
  if (result.score < MIN_SCORE)
    return "Password is too easy to guess: use a longer phrase of unrelated words, not a common password, name, date or keyboard pattern";
  return null;
}
