import type { Socket } from 'node:net';

/**
 * The catalog process's wire (decision 004): length-prefixed frames on a socket pair,
 * `[u32 length of the rest][u32 call id][u8 kind][payload]`. A serialized answer travels as its
 * bytes, with no serialization step on either side; Node's IPC channel (JSON or V8 serialization
 * per message, a system call per message) halved the catalog's throughput.
 */
export const FrameKind = {
  /** API → catalog: `{ method, args }` as JSON. */
  call: 0,
  /** An answer's value as JSON. */
  value: 1,
  /** An answer that is JSON bytes already (search, listing and product bodies). */
  bytes: 2,
  /** `[u16 tag length][tag][bytes]`: bytes with a tag (the category tree and its ETag). */
  taggedBytes: 3,
  /** A failure as JSON: a domain error's fields, or `{ message }`. */
  error: 4,
} as const;
export type FrameKind = (typeof FrameKind)[keyof typeof FrameKind];

const HEADER = 9;

/**
 * Writes frames. With `batch`, frames stay corked until the event loop has handled what it
 * read: the calls of one burst of requests leave in one system call (the API's side; uncorked at
 * the end of the tick instead, each request's call was a system call of its own: 3,500-5,200
 * searches a second against 6,400-6,900 on the 2-core bench). Without, each frame leaves at once
 * (the catalog's side: an answer does not wait for the others of its burst to be computed).
 */
export class FrameWriter {
  private corked = false;

  constructor(
    private readonly socket: Socket,
    private readonly batch: boolean,
  ) {}

  write(id: number, kind: FrameKind, payload: Buffer | string, tag?: string) {
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const tagBytes = tag === undefined ? null : Buffer.from(tag);
    const extra = tagBytes ? 2 + tagBytes.length : 0;
    const header = Buffer.allocUnsafe(HEADER + extra);
    header.writeUInt32LE(5 + extra + body.length, 0);
    header.writeUInt32LE(id, 4);
    header.writeUInt8(kind, 8);
    if (tagBytes) {
      header.writeUInt16LE(tagBytes.length, HEADER);
      tagBytes.copy(header, HEADER + 2);
    }
    if (!this.batch) {
      this.socket.cork();
      this.socket.write(header);
      this.socket.write(body);
      this.socket.uncork();
      return;
    }
    if (!this.corked) {
      this.corked = true;
      this.socket.cork();
      setImmediate(() => {
        this.corked = false;
        this.socket.uncork();
      });
    }
    this.socket.write(header);
    this.socket.write(body);
  }
}

export interface Frame {
  id: number;
  kind: FrameKind;
  payload: Buffer;
  tag?: string;
}

/** Splits a byte stream into frames; a frame's payload is a view of the bytes read. */
export class FrameReader {
  private pending: Buffer | null = null;

  constructor(private readonly onFrame: (frame: Frame) => void) {}

  push(chunk: Buffer) {
    let data = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    let at = 0;
    while (data.length - at >= 4) {
      const length = data.readUInt32LE(at);
      if (data.length - at - 4 < length) break;
      const id = data.readUInt32LE(at + 4);
      const kind = data.readUInt8(at + 8) as FrameKind;
      let start = at + HEADER;
      const end = at + 4 + length;
      let tag: string | undefined;
      if (kind === FrameKind.taggedBytes) {
        const tagLength = data.readUInt16LE(start);
        tag = data.toString('utf8', start + 2, start + 2 + tagLength);
        start += 2 + tagLength;
      }
      at = end;
      this.onFrame({ id, kind, payload: data.subarray(start, end), tag });
    }
    data = data.subarray(at);
    this.pending = data.length ? Buffer.from(data) : null;
  }
}
