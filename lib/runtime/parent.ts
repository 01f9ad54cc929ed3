/**
 * For processes a test harness starts (EXIT_WITH_PARENT=<the harness's pid>): exit when that parent is gone. A harness
 * killed hard (kill -9, a crashed runner) cannot stop its children; an orphan is re-parented, and this notices within
 * a second, so no server outlives its run and keeps its port. The parent's pid comes from the parent, so a child
 * orphaned before it got here exits too.
 */
export function exitWithParent(parentPid: number | undefined, exit: () => void = () => process.exit(0)): void {
  if (parentPid === undefined) return;
  const check = () => {
    if (process.ppid !== parentPid) exit();
  };
  check();
  setInterval(check, 1000).unref();
}
