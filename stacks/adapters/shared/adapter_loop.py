"""The stack adapter protocol (schemas/conformance/stack-adapter-protocol.schema.json) from Python.

The Python twin of adapter-loop.ts: `hello`, `step`, `stop`, one JSON object per line on
stdin/stdout. The stack under test runs in this process with its own MCP client and its own
provider package; both speak real HTTP to 127.0.0.1, where loopback-server.ts (a Node process this
module starts and owns) serves the probe MCP server (Streamable HTTP) and the fake provider of the
step's format, recording every provider body. A step opens a session there, hands the stack the
session's MCP URL and provider base URL, runs the agent step, and returns the recorded bodies.

The egress checks (TR-STACK-17 to 19) read two more things a step reports: `persisted`, every store
the stack wrote for a resumable run (the adapter hands its octets to `Step.persist`), and
`exported`, every body the fake telemetry collector (telemetry_collector.py, started with this
module so a stack can be pointed at it before it is imported) received during the step. The step
input `telemetry: "content"` asks for the stack's "record content" setting (`Step.record_content`).

Stacks print and log freely: file descriptor 1 is pointed at stderr before any stack is imported,
and the protocol writes to a private copy of the original stdout; log records of the step (the
`logging` module) are kept as the response's `logs` (TR-CONF-2).
"""
from __future__ import annotations

import asyncio
import datetime
import enum
import io
import json
import logging
import math
import os
import platform
import re
import ssl
import subprocess
import sys
import traceback
import urllib.request
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any, Awaitable, Callable, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent))
from telemetry_collector import Collector  # noqa: E402

PROTOCOL = "toolresult-adapter/1"
#: The three formats every stack had rows at before Gemini and Bedrock (an adapter that reaches those names them itself).
PROVIDERS = ("openai-chat", "openai-responses", "anthropic")
#: Every format the fake provider answers in (fake-provider.ts ALL_PROVIDERS).
ALL_PROVIDERS = ("openai-chat", "openai-responses", "anthropic", "gemini", "bedrock-converse")
#: The model each provider format answers as, and the tool-call ID the fake provider uses (fake-provider.ts).
MODEL_ID = {
    "openai-chat": "gpt-4o",
    "openai-responses": "gpt-4o",
    "anthropic": "claude-sonnet-4-5",
    "gemini": "gemini-3-flash-preview",
    "bedrock-converse": "us.anthropic.claude-sonnet-4-5-20250929-v1:0",
}
#: A Gemini 2.5 model, for a row whose stack takes its older function-response path there (fake-provider.ts GEMINI_LEGACY_MODEL_ID).
GEMINI_LEGACY_MODEL_ID = "gemini-2.5-flash"
CALL_ID = {"openai-chat": "call_1", "openai-responses": "call_1", "anthropic": "toolu_1", "gemini": "call_1", "bedrock-converse": "tooluse_1"}
#: Dummy AWS credentials: clients sign with them and the fake provider does not check the signature.
AWS_DUMMY_ENV = {"AWS_ACCESS_KEY_ID": "test", "AWS_SECRET_ACCESS_KEY": "test", "AWS_DEFAULT_REGION": "us-east-1", "AWS_REGION": "us-east-1"}
PROMPT = "Look it up."
API_KEY = "fake-key"
STEP_TIMEOUT_S = 150
REPO_ROOT = Path(__file__).resolve().parents[3]
#: Where a stack's tracing exports to: started now, so an adapter can name it in the environment before it imports its stack.
COLLECTOR = Collector()

# The protocol channel: a private copy of stdout; fd 1 then goes to stderr, so nothing a stack
# writes (print, a C extension, a subprocess inheriting fd 1) can corrupt a response line.
_protocol = os.fdopen(os.dup(1), "w", encoding="utf-8", newline="\n")
os.dup2(2, 1)
sys.stdout = io.TextIOWrapper(os.fdopen(1, "wb", closefd=False), encoding="utf-8", line_buffering=True)


# Every HTTP client of a step reaches 127.0.0.1 over plain HTTP, yet the stacks' clients (httpx,
# httpx2, the openai and anthropic SDKs, each MCP transport) build a TLS context each, and loading
# the system's CA certificates into it takes about 0.4 s on a busy machine, several times per step.
# No TLS connection is ever made here, so the contexts are left without certificates: a connection
# that tried TLS would fail its verification, never pass it.
for _name in ("load_verify_locations", "load_default_certs", "set_default_verify_paths"):
    setattr(ssl.SSLContext, _name, lambda self, *a, **k: None)


class _KeepLogs(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self.lines.append(f"{record.levelname.lower()} {record.name}: {record.getMessage()}"[:2000])
        except Exception:  # a record whose message cannot be formatted is not the step's failure
            self.lines.append(f"{record.levelname.lower()} {record.name}: (unformattable message)")


_logs = _KeepLogs()
logging.getLogger().addHandler(_logs)
logging.getLogger().setLevel(logging.WARNING)
_stderr_handler = logging.StreamHandler(sys.stderr)
logging.getLogger().addHandler(_stderr_handler)


def arg(name: str, default: str | None = None) -> str | None:
    """`--name VALUE` from the adapter's arguments."""
    argv = sys.argv
    return argv[argv.index(name) + 1] if name in argv and argv.index(name) + 1 < len(argv) else default


def mode_arg(modes: Sequence[str]) -> str:
    """`--mode NAME`, one of `modes` (the first when absent)."""
    v = arg("--mode", modes[0])
    if v not in modes:
        raise SystemExit(f"--mode takes one of {', '.join(modes)}, got {v}")
    return v


def import_toolresult() -> Any:
    """This project's Python implementation (implementations/python), for a control row or a stack's
    `… + toolresult-protocol` mode: imported from the repository, as the row's version names it
    (`toolresult-protocol@<version>`)."""
    path = str(REPO_ROOT / "implementations" / "python")
    if path not in sys.path:
        sys.path.insert(0, path)
    import toolresult

    return toolresult


def installed_versions(names: Sequence[str]) -> str:
    """`name@version` of each distribution as installed (importlib.metadata: the row cannot lie)."""
    return " ".join(f"{n}@{metadata.version(n)}" for n in names)


def runtime() -> str:
    """The language, interpreter and MCP SDK major the row runs, e.g. `python (CPython 3.11.7; mcp 1.x)`."""
    try:
        mcp = f"; mcp {metadata.version('mcp').split('.')[0]}.x"
    except metadata.PackageNotFoundError:
        mcp = ""
    return f"python ({platform.python_implementation()} {platform.python_version()}{mcp})"


@dataclass
class Step:
    """One agent step: the case, the provider format, and where the stack reaches its servers."""

    result: dict[str, Any]
    output_schema: dict[str, Any] | None
    provider: str
    #: The probe server's Streamable HTTP endpoint for this step.
    mcp_url: str
    #: The fake provider's root: OpenAI clients take `provider_base + "/v1"`; Anthropic's, the Gemini clients'
    #: (`base_url`, they add `/v1beta/models/...`) and Bedrock's (`endpoint_url`, they add `/model/...`) the root itself.
    provider_base: str
    #: What the stack handed its provider package, in order (the model interface), filled by the adapter.
    model_requests: list[Any] = field(default_factory=list)
    #: The step input's `telemetry: "content"`: tracing on with the stack's content recording switched on.
    record_content: bool = False
    #: Each store the stack wrote for a resumable run, as `persist` recorded it.
    persisted: list[dict[str, str]] = field(default_factory=list)
    #: Why the stack keeps no resumable state, or has no telemetry to export (the adapter says so; the check is then n/a).
    persisted_not_applicable: str | None = None
    exported_not_applicable: str | None = None

    @property
    def collector_url(self) -> str:
        return COLLECTOR.url

    def persist(self, where: str, data: bytes) -> None:
        """One store's octets, latin1 (each octet one code point), so a canary's text and its decoded octets are both findable."""
        self.persisted.append({"where": where, "text": data.decode("latin-1")})

    def persist_sqlite(self, where: str, path: Path) -> None:
        """A SQLite database file and its journal or write-ahead log, when there is one: a write may still sit in the log."""
        for suffix in ("", "-wal", "-journal"):
            f = Path(f"{path}{suffix}")
            if f.exists():
                self.persist(f"{where} ({f.name})", f.read_bytes())

    @property
    def openai_base_url(self) -> str:
        return f"{self.provider_base}/v1"


@dataclass
class Outcome:
    kept: Any
    threw: str | None


def describe_throw(e: BaseException) -> str:
    """The error an agent step ended with, named by its class (a group by its first leaf)."""
    if isinstance(e, BaseExceptionGroup) and e.exceptions:
        return f"{type(e).__name__}: {e}; first: {describe_throw(e.exceptions[0])}"
    return f"{type(e).__name__}: {e}"


def to_json(v: Any, _seen: set[int] | None = None, _depth: int = 0) -> Any:
    """JSON of a value for `kept`: pydantic models by their aliases, dataclasses by fields, bytes as base64, a cycle cut as "[cycle]"."""
    seen = _seen if _seen is not None else set()
    if v is None or isinstance(v, (bool, str)):
        return v
    if isinstance(v, int):
        return v
    if isinstance(v, float):
        return v if math.isfinite(v) else None
    if isinstance(v, (datetime.date, datetime.time)):
        return v.isoformat()
    if isinstance(v, enum.Enum):
        return to_json(v.value, _seen, _depth + 1)
    if isinstance(v, (bytes, bytearray)):
        import base64

        return base64.b64encode(bytes(v)).decode("ascii")
    if _depth > 40:
        return "[deep]"
    if id(v) in seen:
        return "[cycle]"
    seen.add(id(v))
    try:
        dump = getattr(v, "model_dump", None)
        if callable(dump):
            try:
                return to_json(dump(mode="json", by_alias=True, exclude_none=True), seen, _depth + 1)
            except Exception:
                pass
        if isinstance(v, dict):
            return {str(k): to_json(x, seen, _depth + 1) for k, x in v.items()}
        if isinstance(v, (list, tuple)):
            return [to_json(x, seen, _depth + 1) for x in v]
        import dataclasses

        if dataclasses.is_dataclass(v) and not isinstance(v, type):
            return {f.name: to_json(getattr(v, f.name), seen, _depth + 1) for f in dataclasses.fields(v)}
        return repr(v)[:400]
    finally:
        seen.discard(id(v))


_VOLATILE = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:?\d\d)?|\b0x[0-9a-f]{6,}\b|(?<=127\.0\.0\.1:)\d+")


def steady(v: Any) -> Any:
    """`kept`, `threw` and the model-interface requests with the values a stack makes up per run (UUIDs, such as
    LangChain's `lc_<uuid>` block ids, timestamps, object addresses, the loopback port) replaced by `<volatile>`, so the same case gives
    the same evidence on every run. Provider bodies are never touched: they are judged as sent."""
    if isinstance(v, str):
        return _VOLATILE.sub("<volatile>", v)
    if isinstance(v, list):
        return [steady(x) for x in v]
    if isinstance(v, dict):
        return {k: steady(x) for k, x in v.items()}
    return v


class Loopback:
    """loopback-server.ts as a child process: the probe MCP server and the fake provider on 127.0.0.1."""

    def __init__(self) -> None:
        # The kit names its own Node (stacks/kit/stacks.ts); by hand, the one on the PATH. tsx resolves from the repository's node_modules.
        node = os.environ.get("TOOLRESULT_STACK_NODE") or "node"
        tsx = "tsx"
        script = REPO_ROOT / "stacks" / "adapters" / "shared" / "loopback-server.ts"
        # stdin stays open as the child's lifeline: when this process ends, the server ends too.
        self.proc = subprocess.Popen([node, "--import", tsx, str(script)], cwd=REPO_ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        try:
            self.base = f"http://127.0.0.1:{int(json.loads(line)['port'])}"
        except Exception as e:
            raise RuntimeError(f"loopback-server.ts did not start (said {line[:200]!r})") from e
        # Straight to 127.0.0.1: a proxy set in the environment must not see these requests.
        self.opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))

    def call(self, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode("utf-8")
        req = urllib.request.Request(self.base + path, data=data, method=method, headers={"content-type": "application/json"})
        with self.opener.open(req, timeout=60) as r:
            text = r.read()
        return json.loads(text) if text else None

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()


StepFn = Callable[[Step], Awaitable[Outcome]]


def serve(name: str, version: str, step: StepFn, providers: Sequence[str] = PROVIDERS) -> None:
    """Runs the protocol until `stop` or the end of input."""
    # Loopback addresses never go through a proxy (httpx and requests read these variables).
    os.environ["NO_PROXY"] = os.environ["no_proxy"] = "127.0.0.1,localhost"
    for k in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY"):
        os.environ[k] = API_KEY
    for k in ("OPENAI_BASE_URL", "ANTHROPIC_BASE_URL", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"):
        os.environ.pop(k, None)
    loopback = Loopback()
    loop = asyncio.new_event_loop()
    try:
        for raw in sys.stdin.buffer:
            line = raw.decode("utf-8", "replace").strip()
            if not line:
                continue
            try:
                request = json.loads(line)
            except ValueError:
                _send({"id": None, "ok": False, "error": {"code": "adapter.bad_request", "message": "request is not JSON"}, "logs": []})
                continue
            rid = request.get("id") if isinstance(request, dict) else None
            if not (isinstance(request, dict) and isinstance(rid, int) and not isinstance(rid, bool) and rid >= 0 and isinstance(request.get("op"), str) and isinstance(request.get("input"), dict) and set(request) == {"id", "op", "input"}):
                _send({"id": None, "ok": False, "error": {"code": "adapter.bad_request", "message": "request does not match the protocol"}, "logs": []})
                continue
            op, inp = request["op"], request["input"]
            if op == "hello":
                hello = {"name": name, "version": version, "language": runtime(), "protocol": PROTOCOL, "groups": ["stacks"], "stringModel": "codepoints", "cycles": False, "opaqueValues": False}
                _send({"id": rid, "ok": True, "output": hello, "logs": []})
            elif op == "stop":
                _send({"id": rid, "ok": True, "output": {}, "logs": []})
                break
            elif op != "step":
                _send({"id": rid, "ok": False, "error": {"code": "adapter.unknown_op", "message": f"unknown op {op[:40]}"}, "logs": []})
            else:
                _send(_step(loop, loopback, rid, inp, step, providers))
    finally:
        loopback.close()
        loop.close()
        _protocol.flush()
        os._exit(0)  # a stack's leftover threads (an HTTP pool, a telemetry exporter) must not keep the process


def _step(loop: asyncio.AbstractEventLoop, loopback: Loopback, rid: int, inp: dict[str, Any], step: StepFn, providers: Sequence[str]) -> dict[str, Any]:
    result, schema = inp.get("result"), inp.get("outputSchema")
    provider = inp.get("provider", arg("--provider"))
    telemetry = inp.get("telemetry")
    if not isinstance(result, dict) or (schema is not None and not isinstance(schema, dict)) or provider not in providers or telemetry not in (None, "content"):
        return {"id": rid, "ok": False, "error": {"code": "adapter.bad_input", "message": f"step takes {{result: object, outputSchema?: object, provider: {' | '.join(providers)}, telemetry?: \"content\"}}"}, "logs": []}
    _logs.lines = []
    try:
        session = loopback.call("POST", "/sessions", {"result": result, **({"outputSchema": schema} if schema is not None else {}), "provider": provider})
        s = Step(result=result, output_schema=schema, provider=provider, mcp_url=session["mcp"], provider_base=session["provider"], record_content=telemetry == "content")
        COLLECTOR.take()  # a body a previous step's exporter sent late is not this step's
        try:
            # A stack that hangs ends the step here, before the kit's own per-request timeout breaks the adapter.
            outcome = loop.run_until_complete(asyncio.wait_for(step(s), timeout=STEP_TIMEOUT_S))
        except asyncio.TimeoutError:
            outcome = Outcome(kept=None, threw=f"TimeoutError: the agent step did not end within {STEP_TIMEOUT_S} s")
        record = loopback.call("GET", f"/s/{session['id']}/record")
        loopback.call("DELETE", f"/s/{session['id']}")
        out = {"requests": record["bodies"], "modelRequests": steady(to_json(s.model_requests)), "kept": steady(to_json(outcome.kept)), "threw": steady(outcome.threw), **_egress(s)}
        return {"id": rid, "ok": True, "output": out, "logs": list(_logs.lines)}
    except Exception:
        # The adapter's own failure (not the stack's: a step that raises is an answer, `threw`).
        print(f"step failed: {traceback.format_exc()}", file=sys.stderr)
        return {"id": rid, "ok": False, "error": {"code": "adapter.exception", "message": "unexpected exception in op step"}, "logs": list(_logs.lines)}


def _egress(s: Step) -> dict[str, Any]:
    """`persisted`/`exported` or the adapter's reason why not; the adapter flushed its exporters before the step returned."""
    out: dict[str, Any] = {}
    if s.persisted_not_applicable is not None:
        out["persistedNotApplicable"] = s.persisted_not_applicable
    elif not s.persisted:
        out["persistedNotApplicable"] = "the adapter reports no persisted store"
    else:
        out["persisted"] = s.persisted
    exported = COLLECTOR.take()
    if s.exported_not_applicable is not None:
        out["exportedNotApplicable"] = s.exported_not_applicable
    elif not exported:
        # Tracing was on and nothing arrived: an empty list would read as "nothing leaked", which nobody observed.
        out["exportedNotApplicable"] = "tracing was switched on, but the collector received no body during the step"
    else:
        out["exported"] = exported
    return out


def _send(r: dict[str, Any]) -> None:
    _protocol.write(json.dumps(r, ensure_ascii=False, allow_nan=False) + "\n")
    _protocol.flush()
