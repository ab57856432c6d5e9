// Preloaded into the cluster bench's server and agent processes (NODE_OPTIONS=--import): every
// 5 s one line on stderr with the event loop's delay (p50, p99, max), the heap and the time, which
// the bench reads from the process output. With BENCH_CPU_PROFILE_DIR set, SIGUSR2 starts a V8 CPU
// profile and the next SIGUSR2 writes it there (the bench profiles its steady state this way: Node
// refuses --cpu-prof in NODE_OPTIONS). With BENCH_STALL_PROFILE_DIR set instead, the process is
// profiled all the time in 5 s slices, and a slice whose event loop stalled past 500 ms is written
// there (to find what blocks a loop, whenever it happens). Only the main thread is measured: NODE_OPTIONS
// preloads this into worker threads too, whose loops a solve blocks by design (the SBC solver), and
// whose lines would otherwise read as the process's. Bench only; never part of a product process.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

if (isMainThread) startProbe();

function startProbe() {
  const SLICE_MS = 5_000;
  const STALL_WORTH_KEEPING_MS = 500;
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const ms = (nanoseconds) => (nanoseconds / 1e6).toFixed(1);
  const processName = () => process.env.AGENT_ID ?? process.env.NODE_ID ?? String(process.pid);

  const stallProfileDir = process.env.BENCH_STALL_PROFILE_DIR;
  const profileDir = process.env.BENCH_CPU_PROFILE_DIR;
  const session = stallProfileDir || profileDir ? new Session() : undefined;
  session?.connect();

  /** Stops the running profile and writes it (when `keep`), then starts the next slice. */
  const nextSlice = (keep) =>
    session.post('Profiler.stop', (error, result) => {
      if (!error && keep)
        writeFileSync(
          join(stallProfileDir, `${processName()}-${Date.now()}.cpuprofile`),
          JSON.stringify(result.profile),
        );
      session.post('Profiler.start');
    });
  if (stallProfileDir) session.post('Profiler.enable', () => session.post('Profiler.start'));

  // Whether the process was serving for the whole window (`serving=1`): a stall before that
  // (loading modules and data at start) holds up no request, one after it holds up every one.
  // An agent listens on nothing: it serves once it holds a connection (to its node).
  const servingResource = process.env.AGENT_ID ? 'TCPSocketWrap' : 'TCPServerWrap';
  const isListening = () => process.getActiveResourcesInfo().includes(servingResource);
  let listeningAtWindowStart = false;
  setInterval(() => {
    const heapMb = (process.memoryUsage().heapUsed / 2 ** 20).toFixed(0);
    const maxMs = delay.max / 1e6;
    process.stderr.write(
      `loop-probe p50=${ms(delay.percentile(50))} p99=${ms(delay.percentile(99))} max=${maxMs.toFixed(1)} heapMb=${heapMb} serving=${listeningAtWindowStart ? 1 : 0} at=${new Date().toISOString()}\n`,
    );
    delay.reset();
    listeningAtWindowStart = isListening();
    if (stallProfileDir) nextSlice(maxMs > STALL_WORTH_KEEPING_MS);
  }, SLICE_MS).unref();

  if (profileDir && !stallProfileDir) {
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
        writeFileSync(
          join(profileDir, `${processName()}-${Date.now()}.cpuprofile`),
          JSON.stringify(result.profile),
        );
      });
    });
  }
}
