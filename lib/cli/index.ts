/**
 * The commands' shared pieces: argument parsing, the Next build step, process statistics and progress.
 */
export { commandLine, usageError } from "./args";
export { buildApp } from "./next-build";
export { affinityOf, cpuSeconds, descendantsIn, procStat, processTable, setAffinity, type ProcessEntry } from "./proc";
export { progressReporter } from "./progress";
export { runProgress, stats, type Stats } from "./stats";
