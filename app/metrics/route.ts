import { route } from "@/lib/http";
import { metricsResponse } from "@/lib/ops";

export const dynamic = "force-dynamic";

/** Prometheus's scrape (text format) on the operators' hosts: lib/ops/metrics.ts says who may read it. */
export const GET = route(metricsResponse);
