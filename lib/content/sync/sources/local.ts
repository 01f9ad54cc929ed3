import fs from "node:fs";
import path from "node:path";
import { SyncError } from "../../errors";
import { isExportFile } from "../records";
import { SCHEMA_REMOTE_PATH, type ExportFile, type ExportSource, type SourceSpec } from "./types";

/** A file system error no retry changes, as the sync's own code; undefined for any other. */
function localFailure(e: unknown, target: string): SyncError | undefined {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  if (code === "ENOENT" || code === "ENOTDIR") {
    return new SyncError({
      code: "SOURCE_NOT_FOUND",
      message: `No such file or directory: ${target}`,
      field: "source",
    });
  }
  if (code === "EACCES" || code === "EPERM") {
    return new SyncError({
      code: "SOURCE_PERMISSION_DENIED",
      message: `Permission denied reading ${target}`,
      field: "source",
    });
  }
  return undefined;
}

/** A local export: one file, or a directory whose export files are read in name order. */
export class LocalSource implements ExportSource {
  readonly label: string;
  private readonly root: string;
  private readonly single: boolean;

  constructor(target: string) {
    const abs = path.resolve(target);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(abs);
    } catch (e) {
      throw (
        localFailure(e, target) ??
        new SyncError({ code: "SOURCE_NOT_FOUND", message: `No such file or directory: ${target}`, field: "source" })
      );
    }
    this.single = stat.isFile();
    this.root = this.single ? path.dirname(abs) : abs;
    this.label = abs;
    if (this.single && !isExportFile(abs)) {
      throw new SyncError({
        code: "UNSUPPORTED_FILE",
        message: `${target}: expected .json, .jsonl or .ndjson, optionally gzipped (.gz)`,
        field: "source",
      });
    }
  }

  async listFiles(): Promise<ExportFile[]> {
    try {
      return await this.list();
    } catch (e) {
      throw localFailure(e, this.label) ?? e;
    }
  }

  private async list(): Promise<ExportFile[]> {
    const names = this.single
      ? [path.basename(this.label)]
      : (await fs.promises.readdir(this.root, { withFileTypes: true }))
          .filter((d) => d.isFile() && isExportFile(d.name))
          .map((d) => d.name)
          .sort();
    return Promise.all(
      names.map(async (name) => {
        const st = await fs.promises.stat(path.join(this.root, name));
        return { name, size: st.size, mtime: st.mtimeMs };
      }),
    );
  }

  async *read(file: ExportFile): AsyncIterable<Buffer> {
    const target = path.join(this.root, file.name);
    try {
      yield* fs.createReadStream(target, { highWaterMark: 1 << 20 });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") {
        // Listed a moment ago: removed since, so the run starts over on the new listing (as over SFTP).
        throw new SyncError({
          code: "SOURCE_CHANGED",
          message: `${file.name} was removed during the run`,
          field: file.name,
        });
      }
      throw localFailure(e, target) ?? e;
    }
  }

  async readSchema(): Promise<string | null> {
    try {
      return await fs.promises.readFile(path.join(this.root, SCHEMA_REMOTE_PATH), "utf8");
    } catch {
      return null;
    }
  }

  async close(): Promise<void> {}

  spec(): SourceSpec {
    return { kind: "local", target: this.label };
  }
}
