import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { perProcess } from "../process-state";
import { envInt } from "../config";
import { ApiError } from "../api/errors";

/**
 * zxcvbn off the event loop. One check on the main thread took 80-170 ms for a crafted 32-100
 * character password here (6.1 s for the worst the attack review found), stalling every request
 * meanwhile. Checks run one at a time in a worker thread; at most PASSWORD_CHECK_QUEUE_MAX (8)
 * more wait, past that the caller gets PasswordCheckBusy (503); a check that runs longer than
 * PASSWORD_CHECK_TIMEOUT_MS (2000) ends the worker (a new one starts) and refuses the password.
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

// The worker is plain CommonJS evaluated from a string: Next bundles route code, so a separate
// worker file would have no stable path; the two packages are resolved from the project root.
// The worker lowers its own thread's priority (on Linux setpriority(0) is per thread): a check
// takes up to the time bound of CPU, and on a 2-core box at normal priority 5 checks moved cached
// /v1 p99 from 6 to 26 ms in the sign-up flood test; the event loop's thread must win the core.
const SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
try { require("node:os").setPriority(19); } catch {}
const { ZxcvbnFactory } = require(workerData.core);
const { adjacencyGraphs, dictionary } = require(workerData.common);
const checker = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
parentPort.on("message", ({ password, inputs }) => {
  parentPort.postMessage(checker.check(password, inputs).score);
});
parentPort.postMessage("ready");`;

interface Job {
  password: string;
  inputs: string[];
  resolve: (score: number) => void;
  reject: (err: Error) => void;
}

class CheckPool {
  private worker: Worker | null = null;
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

  private spawn(): Worker {
    const require = createRequire(path.join(process.cwd(), "package.json"));
    const worker = new Worker(SOURCE, {
      eval: true,
      workerData: {
        core: require.resolve("@zxcvbn-ts/core"),
        common: require.resolve("@zxcvbn-ts/language-common"),
      },
      resourceLimits: { maxOldGenerationSizeMb: 128 },
    });
    worker.unref();
    // A worker ended after a timeout may still answer or exit late: only the current one counts.
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
      this.settle((job) => job.reject(new Error("password check worker exited")));
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
    if (this.ready) this.dispatch(job);
  }

  private dispatch(job: Job): void {
    this.timer = setTimeout(() => {
      const worker = this.worker;
      this.worker = null;
      this.settle((j) => j.reject(new PasswordCheckTimeout()));
      void worker?.terminate();
    }, TIMEOUT_MS);
    this.worker?.postMessage({ password: job.password, inputs: job.inputs });
  }

  private settle(finish: (job: Job) => void, dropWorker = false): void {
    const job = this.running;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = null;
    if (dropWorker) {
      void this.worker?.terminate();
      this.worker = null;
    }
    if (job) finish(job);
    this.next();
  }
}

const pool = perProcess("password-check-pool", () => new CheckPool());

/** zxcvbn's score (0-4) for a password, computed in the worker thread. */
export const passwordScore = (password: string, inputs: string[]) => pool.score(password, inputs);
