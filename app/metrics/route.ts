import { route } from "@/lib/http/route";
import { metricsResponse } from "@/lib/ops/metrics";

export const dynamic = "force-dynamic";

/** Prometheus's scrape (text format) on the operators' hosts: lib/ops/metrics.ts says who may read it. */
export const GET = route(metricsResponse);
