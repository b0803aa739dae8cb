/** The part of autocannon's API the bench uses (the package ships no types). */
declare module "autocannon" {
  type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  };
  type RawRequest = { method?: string; path?: string; headers?: Record<string, string>; body?: string | Buffer };
  export type Client = {
    setHeaders(headers: Record<string, string>): void;
    setBody(body: string | Buffer): void;
    setRequest(request: RawRequest): void;
    on(event: "response", fn: (statusCode: number, resBytes: number, responseTime: number) => void): void;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    requests?: Array<RawRequest & { setupRequest?: (req: RawRequest, context: Record<string, unknown>) => RawRequest }>;
    setupClient?: (client: Client) => void;
  };
  export type Result = {
    requests: Histogram & { sent: number };
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    "3xx"?: number;
    statusCodeStats: Record<string, { count: number }>;
  };
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
