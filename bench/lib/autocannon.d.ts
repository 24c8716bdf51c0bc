// The few parts of autocannon 9 the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    p99_9?: number;
  }
  interface Result {
    requests: Histogram & { total: number; sent: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    statusCodeStats?: Record<string, { count: number }>;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    pipelining?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    workers?: number;
    requests?: { method?: string; path?: string; headers?: Record<string, string> }[];
  }
  interface Instance {
    /** 'response': (client, statusCode, resBytes, responseTime ms), for every answer. */
    on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): Instance;
    stop?: () => void;
  }
  function autocannon(opts: Options): Promise<Result> & Instance;
  export = autocannon;
}
