// Preloaded into the cluster bench's server and agent processes (NODE_OPTIONS=--import): every
// 5 s one line on stderr with the event loop's delay (p50, p99, max) and the heap, which the bench
// reads from the process output. With BENCH_CPU_PROFILE_DIR set, SIGUSR2 starts a V8 CPU profile
// and the next SIGUSR2 writes it there (the bench profiles its steady state this way: Node
// refuses --cpu-prof in NODE_OPTIONS). Bench only; never part of a product process.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
const ms = (nanoseconds) => (nanoseconds / 1e6).toFixed(1);
setInterval(() => {
  const heapMb = (process.memoryUsage().heapUsed / 2 ** 20).toFixed(0);
  process.stderr.write(
    `loop-probe p50=${ms(delay.percentile(50))} p99=${ms(delay.percentile(99))} max=${ms(delay.max)} heapMb=${heapMb}\n`,
  );
  delay.reset();
}, 5_000).unref();

const profileDir = process.env.BENCH_CPU_PROFILE_DIR;
if (profileDir) {
  const session = new Session();
  session.connect();
  let profiling = false;
  process.on('SIGUSR2', () => {
    if (!profiling) {
      profiling = true;
      session.post('Profiler.enable', () => session.post('Profiler.start'));
      return;
    }
    profiling = false;
    session.post('Profiler.stop', (error, result) => {
      if (error) return process.stderr.write(`loop-probe: no profile (${error.message})\n`);
      const name = process.env.AGENT_ID ?? process.env.NODE_ID ?? String(process.pid);
      writeFileSync(join(profileDir, `${name}-${Date.now()}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
