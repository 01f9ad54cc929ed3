export { RUN_TTL_MS } from "./self-sign-runs";
