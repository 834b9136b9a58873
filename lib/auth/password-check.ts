import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { perProcess } from "../platform/process-state";
import { envInt } from "../platform/config";
import { ApiError } from "../platform/errors";

/**
 * zxcvbn off the event loop. One check on the main thread took 80-170 ms for a crafted 32-100
 * character password here (6.1 s for the worst the attack review found), stalling every request
 * meanwhile. Checks run one at a time in a low-priority child process; at most PASSWORD_CHECK_QUEUE_MAX (8)
 * more wait, past that the caller gets PasswordCheckBusy (503); a check that runs longer than
 * PASSWORD_CHECK_TIMEOUT_MS (2000) ends the process (a new one starts) and refuses the password.
 */
const MAX_WAITING = envInt("PASSWORD_CHECK_QUEUE_MAX");
const TIMEOUT_MS = envInt("PASSWORD_CHECK_TIMEOUT_MS");

/** Saturated: a 503 with Retry-After through the route wrapper, never a 500. */
export class PasswordCheckBusy extends ApiError {
  constructor() {
    super("SERVICE_UNAVAILABLE", "The server is busy. Try again in a moment.", { "Retry-After": "1" });
  }
}
export class PasswordCheckTimeout extends Error {
  constructor() {
    super("password check took too long");
  }
}

// The checker is a child process running plain CommonJS from a string (Next bundles route code, so
// a separate file would have no stable path; the two packages are resolved from the project root),
// started under `nice -n 19`. A worker thread niced itself alone: its heavy allocation still made
// garbage-collection work for V8's helper threads, shared with the event loop and at normal
// priority, and 5 crafted checks in a row moved the main thread's event-loop delay from 10-13 ms
// to 21-59 ms at its worst here (a child under nice: 7-20 ms). Every thread of the child inherits
// the priority, and its heap is its own.
const SOURCE = `
const [core, common] = process.argv.slice(-2);
const { ZxcvbnFactory } = require(core);
const { adjacencyGraphs, dictionary } = require(common);
const checker = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
process.on("message", ({ password, inputs }) => process.send(checker.check(password, inputs).score));
process.on("disconnect", () => process.exit(0));
process.send("ready");`;

/** `nice` where the system has it (Linux, macOS); elsewhere the child lowers its own main thread. */
const NICE = ["/usr/bin/nice", "/bin/nice"].find((p) => fs.existsSync(p));

function startChecker(): ChildProcess {
  const require = createRequire(path.join(process.cwd(), "package.json"));
  const node = [
    process.execPath,
    "--max-old-space-size=128",
    "-e",
    SOURCE,
    require.resolve("@zxcvbn-ts/core"),
    require.resolve("@zxcvbn-ts/language-common"),
  ];
  const [command, ...args] = NICE ? [NICE, "-n", "19", ...node] : node;
  const child = spawn(command, args, { stdio: ["ignore", "ignore", "inherit", "ipc"] });
  if (!NICE && child.pid) {
    try {
      os.setPriority(child.pid, 19);
    } catch {
      // Not permitted here: the check still runs, at normal priority.
    }
  }
  // The child never keeps this process alive; its pipe only while a check runs (CheckPool).
  child.unref();
  return child;
}

interface Job {
  password: string;
  inputs: string[];
  resolve: (score: number) => void;
  reject: (err: Error) => void;
}

class CheckPool {
  private worker: ChildProcess | null = null;
  // Loading the word lists takes 1-3 s on a busy box: the time bound starts once it is done.
  private ready = false;
  private running: Job | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly waiting: Job[] = [];

  score(password: string, inputs: string[]): Promise<number> {
    if (this.running && this.waiting.length >= MAX_WAITING) return Promise.reject(new PasswordCheckBusy());
    return new Promise((resolve, reject) => {
      this.waiting.push({ password, inputs, resolve, reject });
      this.next();
    });
  }

  private spawn(): ChildProcess {
    const worker = startChecker();
    // A checker ended after a timeout may still answer or exit late: only the current one counts.
    const current = () => this.worker === worker;
    worker.on("message", (msg: number | "ready") => {
      if (!current()) return;
      if (msg === "ready") {
        this.ready = true;
        if (this.running) this.dispatch(this.running);
      } else this.settle((job) => job.resolve(msg));
    });
    worker.on("error", (err) => current() && this.settle((job) => job.reject(err), true));
    worker.on("exit", () => {
      if (!current()) return;
      this.worker = null;
      this.settle((job) => job.reject(new Error("password check process exited")));
    });
    return worker;
  }

  private next(): void {
    if (this.running) return;
    const job = this.waiting.shift();
    if (!job) return;
    this.running = job;
    if (!this.worker) {
      this.ready = false;
      this.worker = this.spawn();
    }
    // Held open while a check runs (its answer must arrive), let go when idle.
    this.worker.channel?.ref();
    if (this.ready) this.dispatch(job);
  }

  private dispatch(job: Job): void {
    this.timer = setTimeout(() => {
      const worker = this.worker;
      this.worker = null;
      this.settle((j) => j.reject(new PasswordCheckTimeout()));
      worker?.kill();
    }, TIMEOUT_MS);
    this.worker?.send({ password: job.password, inputs: job.inputs });
  }

  private settle(finish: (job: Job) => void, dropWorker = false): void {
    const job = this.running;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = null;
    if (dropWorker) {
      this.worker?.kill();
      this.worker = null;
    }
    this.worker?.channel?.unref();
    if (job) finish(job);
    this.next();
  }
}

const pool = perProcess("password-check-pool", () => new CheckPool());

/** zxcvbn's score (0-4) for a password, computed in the checker process. */
export const passwordScore = (password: string, inputs: string[]) => pool.score(password, inputs);
