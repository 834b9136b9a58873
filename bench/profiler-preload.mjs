// Loaded into the server under test with --import when BENCH_PROFILE_OUT is set: SIGUSR2 starts
// the V8 CPU profiler, the next SIGUSR2 writes the .cpuprofile. Unlike --cpu-prof, the profile
// covers only the measured load, not startup and warm-up.
import fs from "node:fs";
import { Session } from "node:inspector";

const out = process.env.BENCH_PROFILE_OUT;
if (out) {
  const session = new Session();
  session.connect();
  let running = false;
  process.on("SIGUSR2", () => {
    if (!running) {
      running = true;
      session.post("Profiler.enable", () => session.post("Profiler.start"));
      return;
    }
    running = false;
    session.post("Profiler.stop", (err, res) => {
      if (!err) fs.writeFileSync(out, JSON.stringify(res.profile));
      process.stdout.write(`profile written: ${out}\n`);
    });
  });
}
