/**
 * Browser-safe part of lib/sso-check for 'use client' components: the checklist's labels and types.
 */
export { RESULT_LABEL, type CheckResult, type ShownItem } from "./items";
