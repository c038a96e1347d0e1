// A multipart/form-data body with one file part, for app.inject() (the browser's FormData, by hand).
export function multipartFile(filename: string, content: Buffer, opts: { field?: string; type?: string } = {}): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----vat${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? 'file'}"; filename="${filename}"\r\n`
    + `Content-Type: ${opts.type ?? 'application/octet-stream'}\r\n\r\n`, 'utf8');
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
