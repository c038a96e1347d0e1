// Builds multipart/form-data bodies for app.inject() (the browser's FormData, by hand): text fields and files.
export type FormPart =
  { name: string; value: string } | { name: string; filename: string; content: Buffer | string; type?: string };

export function multipart(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----vat${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('value' in p) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`,
          'utf8',
        ),
      );
      chunks.push(Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content));
      chunks.push(Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A body with one file part (field `file` unless told otherwise). */
export function multipartFile(
  filename: string,
  content: Buffer,
  opts: { field?: string; type?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  return multipart([{ name: opts.field ?? 'file', filename, content, type: opts.type }]);
}
