export { exitWithParent } from "./parent";
export { secretFile } from "./secret-file";
export { processShared } from "./shared";
