/** An unknown path under /v1: the same JSON 404 for every method as under /api. */
export { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } from "../../api/[...path]/route";
