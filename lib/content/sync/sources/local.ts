import fs from "node:fs";
import path from "node:path";
import { SyncError } from "@/lib/content/errors";
import { isExportFile } from "../records";
import { SCHEMA_REMOTE_PATH, type ExportFile, type ExportSource, type SourceSpec } from "./types";

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
    } catch {
      throw new SyncError({
        code: "SOURCE_NOT_FOUND",
        message: `No such file or directory: ${target}`,
        field: "source",
      });
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
    yield* fs.createReadStream(path.join(this.root, file.name), { highWaterMark: 1 << 20 });
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
