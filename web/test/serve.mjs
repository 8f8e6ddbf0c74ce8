// A static server of one folder on a free local port, as any static server
// serves the site; it notes each request it could not answer.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const kTypes = {
  '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css',
  '.wasm': 'application/wasm', '.png': 'image/png', '.toml': 'text/plain',
};

export async function serveFolder(folder) {
  const root = path.resolve(folder);
  const failed = [];
  const server = http.createServer((request, response) => {
    const urlPath = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    const file = path.join(root, urlPath.endsWith('/') ? urlPath + 'index.html' : urlPath);
    fs.readFile(file, (error, data) => {
      if (error || !file.startsWith(root)) {
        failed.push(urlPath);
        response.writeHead(404);
        response.end();
        return;
      }
      response.writeHead(200, { 'Content-Type': kTypes[path.extname(file)] ?? 'application/octet-stream' });
      response.end(data);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    failed,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
