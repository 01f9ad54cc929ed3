/**
 * Hotel content: the export's sync (SFTP or a folder, validated, in worker threads), the sample export
 * generator, hotel ids and image URLs. 'use client' components import ./client.ts.
 */
export { SYNC_ERROR_CODES, SyncError, isSyncError, syncFailure } from "./errors";
export { SAMPLE_CITIES } from "./generate/cities";
export { generateExport, nextDayExport, type ExportStats } from "./generate/index";
export { Random } from "./generate/random";
export { hotelId } from "./generate/record";
export { acknowledgeAlert, raiseAlert, resolveAlerts, unacknowledgedAlerts } from "./sync/alerts";
export type { HotelRecord } from "./sync/columns";
export { syncExport, type SyncOptions } from "./sync/index";
export { runUnderSyncLock, withSyncLock } from "./sync/lock";
export { decode, recordText, splitRecords } from "./sync/records";
export { failedRunOf, type SyncSummary } from "./sync/run-record";
export { SyncWorker } from "./sync/schedule";
export { openSource } from "./sync/sources/index";
export { LocalSource } from "./sync/sources/local";
export type { RunTimes } from "./sync/thread-times";
export { startWorker } from "./sync/worker";
export { SCHEMA_PATH, createValidator, type RecordError } from "./validate";
