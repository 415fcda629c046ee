"""The Python stacks' virtual environments: one per stack folder with a requirements.txt.

A stack folder `stacks/adapters/<name>/` that holds `requirements.txt` (exact pins, every one with
its `--hash`, compiled from the folder's `requirements.in`) gets its own venv, at the project's
convention: `${XDG_CACHE_HOME:-~/.cache}/toolresult-protocol/venvs/<name>-<first 12 hex of the
sha256 of requirements.txt>`, created with `python3 -m venv` and filled with
`pip install --require-hashes --no-deps -r requirements.txt` (the file is complete). A changed pin
is a new folder name, so a stale venv is never reused; a venv is moved into place only once its
install finished, so a half-made one is never used either.

    python3 stacks/python/venv.py ensure NAME...   # create what is missing; print each venv's python
    python3 stacks/python/venv.py ensure --all     # every stack folder with a requirements.txt
    python3 stacks/python/venv.py path NAME        # the venv's python, whether or not it exists
    python3 stacks/python/venv.py run NAME SCRIPT [ARG...]   # ensure, then exec SCRIPT in the venv

Standard library only: .ci/setup runs it before `npm ci`, and the stack kit runs it before it
starts Python adapters. Exit 1 with one line on stderr when an install fails, 2 for a usage error.
"""
from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

ADAPTERS = Path(__file__).resolve().parent.parent / "adapters"


def cache_root() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "toolresult-protocol" / "venvs"


def requirements(name: str) -> Path:
    if not name or "/" in name or name.startswith("."):
        raise SystemExit(usage(f"not a stack folder name: {name!r}"))
    f = ADAPTERS / name / "requirements.txt"
    if not f.is_file():
        raise SystemExit(usage(f"stacks/adapters/{name}/requirements.txt does not exist"))
    return f


def venv_dir(name: str) -> Path:
    digest = hashlib.sha256(requirements(name).read_bytes()).hexdigest()[:12]
    return cache_root() / f"{name}-{digest}"


def python_of(venv: Path) -> Path:
    return venv / "bin" / "python"


def ensure(name: str) -> Path:
    venv = venv_dir(name)
    if python_of(venv).exists():
        return python_of(venv)
    venv.parent.mkdir(parents=True, exist_ok=True)
    # One installer per venv at a time (the kit and a setup script may race); the others wait.
    with open(venv.parent / f".{venv.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if python_of(venv).exists():
            return python_of(venv)
        tmp = venv.parent / f"{venv.name}.tmp"
        shutil.rmtree(tmp, ignore_errors=True)
        print(f"venv: creating {venv} from stacks/adapters/{name}/requirements.txt", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(tmp)], check=True)
        pip = [str(tmp / "bin" / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-input"]
        done = subprocess.run([*pip, "--require-hashes", "--no-deps", "--only-binary", ":all:", "-r", str(requirements(name))])
        if done.returncode != 0:
            shutil.rmtree(tmp, ignore_errors=True)
            print(f"venv: pip could not install stacks/adapters/{name}/requirements.txt (exit {done.returncode}); see pip's output above", file=sys.stderr)
            raise SystemExit(1)
        # Only bin/python is ever run (`python -m pip`, the adapters), and it holds no path of the venv, so
        # the finished venv can move into place; --upgrade rewrites the activation scripts for the new path.
        os.rename(tmp, venv)
        subprocess.run([sys.executable, "-m", "venv", "--upgrade", str(venv)], check=True, stdout=subprocess.DEVNULL)
        print(f"venv: ready {venv}", file=sys.stderr)
    return python_of(venv)


def all_names() -> list[str]:
    return sorted(d.name for d in ADAPTERS.iterdir() if (d / "requirements.txt").is_file())


def usage(problem: str) -> str:
    return f"venv: {problem}\nusage: venv.py ensure NAME...|--all | path NAME | run NAME SCRIPT [ARG...]"


def main(argv: list[str]) -> int:
    if not argv:
        print(usage("no command"), file=sys.stderr)
        return 2
    cmd, rest = argv[0], argv[1:]
    try:
        if cmd == "ensure":
            names = all_names() if rest == ["--all"] else rest
            if not names:
                print(usage("ensure takes NAME... or --all"), file=sys.stderr)
                return 2
            for n in names:
                print(ensure(n))
            return 0
        if cmd == "path" and len(rest) == 1:
            print(python_of(venv_dir(rest[0])))
            return 0
        if cmd == "run" and len(rest) >= 2:
            py = ensure(rest[0])
            os.execv(str(py), [str(py), *rest[1:]])
        print(usage(f"unknown command or arguments: {' '.join(argv)[:80]}"), file=sys.stderr)
        return 2
    except SystemExit as e:
        if isinstance(e.code, str):
            print(e.code, file=sys.stderr)
            return 2
        raise


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
