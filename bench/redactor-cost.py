"""Each rule of the Python default redactor alone over 256 KiB and 1 MiB of benign text and of its
worst case (bench/redactor.bench.ts, which runs this): prints cost<TAB>rule<TAB>input<TAB>ms per
MiB<TAB>ratio lines, CPU time, the median of 5 samples, each of calls enough for about 40 ms."""

from __future__ import annotations

import sys
import time

sys.path.insert(0, __file__.rsplit("/bench/", 1)[0] + "/implementations/python")
from toolresult.redactor import _RULES  # noqa: E402  (the pinned rules, in order)

NAMES = ["url-credentials", "credential-parameter", "authorization-header", "bearer-token", "jwt", "key-prefix",
         "aws-key-id", "email-address"]
WORST = {"url-credentials": ("", "://a"), "credential-parameter": ("", "?access_"),
         "authorization-header": ("Authorization: ", "a"), "bearer-token": ("", "bearer\t"), "jwt": ("", " eyJa.b"),
         "key-prefix": ("", " ghu_abc"), "aws-key-id": ("", " ASIAABCDEFGHIJKLMNO"), "email-address": ("a@", "aaaa.")}
MIB = 1 << 20


def fill(head: str, unit: str, size: int) -> str:
    return (head + unit * ((size - len(head)) // len(unit) + 1))[:size]


def cpu_ms(f, calls: int, runs: int = 5) -> float:  # type: ignore[no-untyped-def]
    """CPU ms per call: the median of runs samples of calls calls each."""
    xs = []
    for _ in range(runs):
        t = time.process_time()
        for _ in range(calls):
            f()
        xs.append((time.process_time() - t) * 1000 / calls)
    return sorted(xs)[runs // 2]


def calls_for(f) -> int:  # type: ignore[no-untyped-def]
    """Calls per sample so that a sample of the 1 MiB input lasts about 40 ms."""
    t = time.process_time()
    f()
    return max(1, int(40 / max((time.process_time() - t) * 1000, 0.05)) + 1)


def main() -> None:
    benign = open(sys.argv[1], encoding="utf-8").read()
    assert len(_RULES) == len(NAMES)
    for name, (pattern, replacement) in zip(NAMES, _RULES):
        head, unit = WORST[name]
        for kind, make in (("benign", lambda n: benign * (n // len(benign))), ("worst", lambda n: fill(head, unit, n))):
            small, large = make(MIB // 4), make(MIB)
            calls = calls_for(lambda: pattern.sub(replacement, large))
            a = cpu_ms(lambda: pattern.sub(replacement, small), calls * 4)
            b = cpu_ms(lambda: pattern.sub(replacement, large), calls)
            print(f"cost\t{name}\t{kind}\t{b:.1f}\t{b / max(a, 0.001):.2f}")


main()
