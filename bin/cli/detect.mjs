// Can a browser on this machine reach a loopback port? Over SSH, in CI or without a display the
// answer is no, so login falls back to paste + poll.
import { spawn } from "node:child_process";

/** Why no local browser can be used, or null when one probably can. */
export function headlessReason(env = process.env, platform = process.platform) {
  if (env.SSH_CONNECTION || env.SSH_TTY || env.SSH_CLIENT) return "SSH session";
  if (env.CI && env.CI !== "false" && env.CI !== "0") return "CI";
  if (platform === "linux" && !env.DISPLAY && !env.WAYLAND_DISPLAY) return "no display";
  return null;
}

/** Best effort: the URL has already been printed, so any failure here is ignored. */
export function openBrowser(url, platform = process.platform) {
  const [cmd, args] =
    platform === "darwin"
      ? ["open", [url]]
      : platform === "win32"
        ? ["cmd", ["/c", "start", "", url]]
        : ["xdg-open", [url]];
  try {
    const child = spawn(cmd, args, { stdio: "ignore", detached: true });
    child.on("error", () => {});
    child.unref();
  } catch {
    // no opener installed
  }
}
