// Preloaded (`node -r`) by bench/profile-api.mjs: SIGWINCH starts the V8 CPU profiler, the next
// SIGWINCH writes the profile to $CPU_PROFILE_FILE, so only the measured window is profiled
// (`--cpu-prof` covers start-up too, and Nest's shutdown hooks take SIGUSR2 and exit before it writes).
const { Session } = require('node:inspector');
const { writeFileSync } = require('node:fs');

const session = new Session();
session.connect();
let running = false;
process.on('SIGWINCH', () => {
  if (!running) {
    running = true;
    session.post('Profiler.enable', () =>
      session.post('Profiler.setSamplingInterval', { interval: 200 }, () =>
        session.post('Profiler.start'),
      ),
    );
    return;
  }
  running = false;
  session.post('Profiler.stop', (error, result) => {
    if (!error) writeFileSync(process.env.CPU_PROFILE_FILE, JSON.stringify(result.profile));
  });
});
