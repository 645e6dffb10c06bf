// How long an egress run took, as the CLI's summary and the editor's report say it: in milliseconds under a second
// (a 30 ms run is not "0.0 s"), else in seconds to a tenth.
export function formatDuration(ms: number): string {
  const rounded = Math.round(ms);
  return rounded < 1000 ? `${rounded} ms` : `${(ms / 1000).toFixed(1)} s`;
}
