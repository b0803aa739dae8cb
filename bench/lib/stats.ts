/** Small statistics helpers (nearest-rank percentiles). */
export function percentile(values: number[], p: number) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}
export const median = (values: number[]) => percentile(values, 50);

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
export const ms = (v: number) => (Number.isFinite(v) ? `${Math.round(v)} ms` : "n/a");
