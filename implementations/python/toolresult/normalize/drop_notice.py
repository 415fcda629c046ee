"""The drop notice (spec 10.2, TR-NORM-67): when the content cap would cut off a placeholder of an
omitted block, the normalizer cuts the text itself and ends it with a notice that counts the
omitted blocks, so the model learns of them whatever text comes first."""

from __future__ import annotations

from ..content_cap import truncation_notice


def _octets(text: str) -> int:
    return len(text.encode("utf-8"))


def drop_notice(kinds: list[str]) -> str:
    """``\\n[omitted from this result: 1 image block, 2 file blocks]``: every placeholder, by kind
    in the order of its first placeholder."""
    counts: dict[str, int] = {}
    for kind in kinds:
        counts[kind] = counts.get(kind, 0) + 1
    items = [f"{n} {kind} {'block' if n == 1 else 'blocks'}" for kind, n in counts.items()]
    return "\n[omitted from this result: " + ", ".join(items) + "]"


def _last_placeholder_cut(pieces: list[str], last: int, keep: int) -> bool:
    """Whether the piece at ``last`` ends beyond ``keep`` octets of the joined text; no piece is
    encoded past the edge (a code point is at least one octet)."""
    offset = 0
    for index in range(last + 1):
        if index > 0:
            offset += 1  # the line feed between two pieces
        piece = pieces[index]
        if offset > keep or len(piece) > keep - offset:
            return True
        offset += _octets(piece)
    return offset > keep


def cut_with_drop_notice(pieces: list[str], omitted: list[tuple[int, str]], budget: int) -> str | None:
    """The content of TR-NORM-67 when it applies; None when the text fits or the cut of TR-BOUND-3
    keeps every placeholder whole (the bounder then gives the bytes it always gave). The pieces are
    already coerced."""
    if not omitted:
        return None
    notice = truncation_notice(budget)
    keep = budget - _octets(notice)
    # Over the budget at all? At most budget + 1 code points need encoding to tell.
    total = 0
    for index, piece in enumerate(pieces):
        total += (1 if index > 0 else 0) + (len(piece) if len(piece) > budget else _octets(piece))
        if total > budget:
            break
    if total <= budget or not _last_placeholder_cut(pieces, omitted[-1][0], keep):
        return None
    drop = drop_notice([kind for _, kind in omitted])
    room = keep - _octets(drop)
    head = "\n".join(pieces)[: room + 1].encode("utf-8")[:room]
    return head.decode("utf-8", "ignore") + notice + drop
