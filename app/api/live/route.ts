export const dynamic = "force-dynamic";

/** Liveness: the process answers (no store access). Also the trivial baseline route of the benchmarks. */
export function GET() {
  return Response.json({ status: "ok" });
}
