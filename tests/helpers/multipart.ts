/** A multipart/form-data body as a browser sends it: the bytes and the Content-Type with its boundary. */
export async function multipart(fields: Record<string, string>, file?: { field: string; name: string; type: string; bytes: Uint8Array }): Promise<{ payload: Buffer; headers: { 'content-type': string } }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const response = new Response(form);
  return { payload: Buffer.from(await response.arrayBuffer()), headers: { 'content-type': response.headers.get('content-type') as string } };
}
