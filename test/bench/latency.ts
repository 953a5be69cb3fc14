import autocannon from 'autocannon';

/**
 * Latency of one local endpoint under `connections` concurrent clients (autocannon; 20 for the budget), after a
 * short warm-up. One client gives the service time of a request without queueing, for reference. The clients run in
 * a worker thread of their own, so the server's event loop (a Lambda's, alone in the cloud) is not also theirs.
 */
export async function benchLatency(
  url: string,
  options: { seconds?: number; connections?: number; warmUpSeconds?: number; headers?: Record<string, string> } = {},
) {
  const { seconds = 10, connections = 20, warmUpSeconds = 2, headers = {} } = options;
  if (warmUpSeconds > 0) {
    await autocannon({ url, connections: Math.min(connections, 5), duration: warmUpSeconds, headers, workers: 1 });
  }
  const result = await autocannon({ url, connections, duration: seconds, headers, workers: 1 });
  return {
    url,
    connections,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
  };
}
