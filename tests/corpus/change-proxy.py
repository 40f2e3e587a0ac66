#!/usr/bin/env python3
"""A scripted change of a real application, for measuring checks: a reverse proxy on
127.0.0.1 in front of a running corpus app that rewrites what the app says, as a new release
would — a button renamed, a label reworded, a confirmation gone, a form refused, a redirect gone
wrong, a row missing.

usage: change-proxy.py BACKEND_ORIGIN CHANGES_JSON
Prints "ready PORT" once it listens; runs until killed.

CHANGES_JSON is a list of changes, each applied to every answer it matches:
  {"replace": REGEX, "with": TEXT, "path": REGEX?}   the HTML of pages (path matched on the request)
  {"refuse": REGEX, "method": "POST", "status": 500}  a request answered with an error page
  {"redirect": REGEX, "to": PATH}                     a redirect to a matching place sent elsewhere
The backend's own address in pages and redirects becomes the proxy's, so the browser stays on it.
"""

import http.client
import json
import re
import sys
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

BACKEND = urllib.parse.urlsplit(sys.argv[1])
CHANGES = json.loads(sys.argv[2])
HOP = {"connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding", "te", "upgrade"}


class Changed(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def proxy_origin(self):
        return f"http://{self.server.server_address[0]}:{self.server.server_address[1]}"

    def handle_any(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else None
        for change in CHANGES:
            if "refuse" in change and self.command == change.get("method", "POST") and re.search(change["refuse"], self.path):
                page = b"<!doctype html><title>Error</title><h1>Internal Server Error</h1><p>The request could not be completed.</p>"
                self.answer(int(change.get("status", 500)), [("Content-Type", "text/html; charset=utf-8")], page)
                return
        headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP and k.lower() != "accept-encoding"}
        backend = http.client.HTTPConnection(BACKEND.hostname, BACKEND.port, timeout=120)
        backend.request(self.command, self.path, body=body, headers=headers)
        response = backend.getresponse()
        content = response.read()
        backend.close()
        out_headers = []
        for name, value in response.getheaders():
            if name.lower() in HOP:
                continue
            if name.lower() == "location":
                value = value.replace(f"{BACKEND.scheme}://{BACKEND.netloc}", self.proxy_origin())
                for change in CHANGES:
                    if "redirect" in change and re.search(change["redirect"], value):
                        value = change["to"]
            out_headers.append((name, value))
        kind = response.getheader("Content-Type") or ""
        if "html" in kind or "javascript" in kind or "json" in kind:
            text = content.decode("utf-8", "replace").replace(f"{BACKEND.scheme}://{BACKEND.netloc}", self.proxy_origin())
            if "html" in kind:
                for change in CHANGES:
                    if "replace" in change and re.search(change.get("path", ""), self.path):
                        text = re.sub(change["replace"], change["with"], text, flags=re.S)
            content = text.encode("utf-8")
        self.answer(response.status, out_headers, content)

    def answer(self, status, headers, content):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(content)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(content)

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = do_OPTIONS = handle_any


server = ThreadingHTTPServer(("127.0.0.1", 0), Changed)
server.daemon_threads = True
print(f"ready {server.server_address[1]}", flush=True)
server.serve_forever()
