// Runs autocannon in its own process so the load generator never shares the server's event loop.
// Input: one JSON line on stdin {url, connections, duration, paths, headers?}; output: one JSON line of figures.
import autocannon from 'autocannon';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const { url, connections, duration, paths, headers = {} } = JSON.parse(input);
let next = 0;
const result = await autocannon({
  url,
  connections,
  duration,
  headers,
  requests: [
    {
      setupRequest: (request) => {
        next = (next + 1) % paths.length;
        return { ...request, path: paths[next] };
      },
    },
  ],
});
process.stdout.write(
  `${JSON.stringify({
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  })}\n`,
);
