/**
 * Process plumbing: state shared across Next's module copies, secret files, exiting with the parent.
 */
export { exitWithParent } from "./parent";
export { secretFile } from "./secret-file";
export { processShared } from "./shared";
