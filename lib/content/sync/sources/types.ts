/** One export file offered by a source. */
export interface ExportFile {
  /** Path relative to the source's directory, as shown in reports. */
  name: string;
  size: number;
  /** Modification time in ms, used to tell a replaced file from the one being read. */
  mtime: number;
}

/** Where an export comes from: a local file or directory, or an SFTP folder. */
export interface ExportSource {
  /** Describes the source without credentials. */
  readonly label: string;
  listFiles(): Promise<ExportFile[]>;
  /** Streams a file's bytes; a source that can drop (SFTP) resumes or restarts the transfer itself. */
  read(file: ExportFile): AsyncIterable<Buffer>;
  /** The schema the server offers at schemas/HotelFtpExport.json, or null when it offers none. */
  readSchema(): Promise<string | null>;
  close(): Promise<void>;
  /** How another thread opens the same source (see reader.ts). */
  spec(): SourceSpec;
}

export const SCHEMA_REMOTE_PATH = "schemas/HotelFtpExport.json";

/** What a reader worker needs to open the same source on its own thread. */
export type SourceSpec = { kind: "local"; target: string } | { kind: "sftp"; options: Record<string, unknown> };
