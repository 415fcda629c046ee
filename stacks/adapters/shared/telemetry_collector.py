"""A fake telemetry collector on 127.0.0.1 for the egress checks (TR-STACK-18, TR-STACK-19).

One HTTP server in a daemon thread answers every trace endpoint (any POST, PUT or PATCH) the Python stacks export to (an
OTLP/HTTP `/v1/traces`, LangSmith's `/info`, `/runs/batch` and `/runs/multipart`, the OpenAI
Agents SDK's `/v1/traces/ingest`) with a success and records every request body as received, so a
step can hand the kit exactly what left the process. A body sent gzip-, deflate- or zstd-encoded
is kept decoded (the canaries are judged on what the collector would store; zstd through the
`zstandard` package when the stack's venv has it, as LangSmith's does); any other encoding, or
one that does not decode, is kept as sent and named in `where`. Otherwise standard library only:
the loop runs without a stack's venv too.
"""
from __future__ import annotations

import importlib
import threading
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


def _unzstd(raw: bytes) -> bytes | None:
    try:
        zstandard: Any = importlib.import_module("zstandard")  # optional: in LangSmith's venv, not the loop's
        return bytes(zstandard.ZstdDecompressor().decompressobj().decompress(raw))
    except Exception:
        return None


class Collector:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._bodies: list[dict[str, str]] = []
        collector = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: object) -> None:
                pass  # a request line on stderr says nothing the recorded bodies do not

            def _body(self) -> bytes:
                if "chunked" in self.headers.get("transfer-encoding", "").lower():
                    out = bytearray()
                    while True:
                        size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                        if size == 0:
                            while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                                pass
                            return bytes(out)
                        out += self.rfile.read(size)
                        self.rfile.readline()
                return self.rfile.read(int(self.headers.get("content-length") or 0))

            def _answer(self, ctype: str, payload: bytes) -> None:
                self.send_response(200)
                self.send_header("content-type", ctype)
                self.send_header("content-length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def do_GET(self) -> None:
                # LangSmith's client asks `/info` for the server's flags; its hosted service turns on
                # zstd-compressed multipart ingestion, so this one does too: the client's default path.
                self._answer("application/json", b'{"instance_flags": {"zstd_compression_enabled": true}}')

            def do_POST(self) -> None:
                raw = self._body()
                encoding = self.headers.get("content-encoding", "").strip().lower()
                # The media type without its parameters: a multipart boundary is random per request,
                # and `where` is part of the committed evidence.
                ctype_sent = self.headers.get("content-type", "no content-type").split(";")[0].strip()
                where = f"{self.command} {self.path} ({ctype_sent})"
                data = raw
                if encoding in ("gzip", "deflate"):
                    try:
                        data = zlib.decompress(raw, 47)  # 47: gzip or zlib header, detected
                        where += f", {encoding}-encoded, decoded"
                    except zlib.error:
                        where += f", {encoding} that did not decode, kept as sent"
                elif encoding == "zstd":
                    decoded = _unzstd(raw)
                    if decoded is None:
                        where += ", zstd that did not decode, kept as sent"
                    else:
                        data, where = decoded, where + ", zstd-encoded, decoded"
                elif encoding not in ("", "identity"):
                    where += f", {encoding}-encoded, kept as sent"
                collector.record(where, data)
                if "protobuf" in self.headers.get("content-type", ""):
                    self._answer("application/x-protobuf", b"")  # an empty ExportTraceServiceResponse
                else:
                    self._answer("application/json", b"{}")

            # LangSmith updates a run by PATCH when it does not batch; every write is recorded alike.
            do_PUT = do_PATCH = do_POST

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        threading.Thread(target=self._server.serve_forever, name="telemetry-collector", daemon=True).start()

    def record(self, where: str, data: bytes) -> None:
        with self._lock:
            # latin1: each octet one code point, so a canary's text and its decoded octets are both findable.
            self._bodies.append({"where": where, "text": data.decode("latin-1")})

    def take(self) -> list[dict[str, str]]:
        """Every body received since the last take, oldest first."""
        with self._lock:
            out, self._bodies = self._bodies, []
        return out
