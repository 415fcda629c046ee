"""One request in, one response out (TR-CONF-2); usable in-process by the tests."""

from __future__ import annotations

import logging
from typing import Any

from .decode_tagged import TagError
from .log_capture import captured_logs
from .ops import OPS, OpError

_log = logging.getLogger("toolresult.adapter")


def handle(request: Any) -> dict[str, Any]:
    request_id = request.get("id") if type(request) is dict else None
    if type(request_id) is not int:
        request_id = None
    with captured_logs() as logs:
        try:
            if request_id is None or type(request.get("op")) is not str or type(request.get("input")) is not dict:
                raise OpError("adapter.bad_request", "a request needs an integer id, an op and an input object")
            op = OPS.get(request["op"])
            if op is None:
                raise OpError("adapter.unknown_op", "this adapter does not implement the op")
            output = op(request["input"])
            return {"id": request_id, "ok": True, "output": output, "logs": list(logs)}
        except OpError as error:
            failure = {"code": error.code, "message": error.message}
        except TagError as error:
            failure = {"code": "adapter.bad_input", "message": str(error)}
        except RecursionError:
            failure = {"code": "adapter.bad_input", "message": "input nests too deeply"}
        except Exception:  # noqa: BLE001 - answer and keep running (TR-CONF-7)
            # The op's name only: the exception's message, name and stack may quote run-only data.
            op_name = request["op"] if type(request.get("op")) is str and request["op"] in OPS else "request"
            _log.error("op %s failed unexpectedly", op_name)
            failure = {"code": "adapter.exception", "message": f"{op_name} failed unexpectedly"}
        return {"id": request_id, "ok": False, "error": failure, "logs": list(logs)}
