import autocannon from 'autocannon';

/** Latency of one local endpoint under 20 concurrent clients (autocannon), after a short warm-up. */
export async function benchLatency(url: string, seconds = 10) {
  await autocannon({ url, connections: 5, duration: 2 });
  const result = await autocannon({ url, connections: 20, duration: seconds });
  return {
    url,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
  };
}
