"""TR-NORM-66 on what only live Python values can hold: a bytearray, a cycle, a shared value, a
dict subclass. The vectors (normalize-langchain/artifact-members.json) cover the JSON shapes."""

import unittest
from typing import Any

from toolresult.normalize import normalize


def members(artifact: dict[str, Any]) -> Any:
    result = normalize("langchain", {"content": "x", "artifact": artifact}).to_json()
    found = [a["data"] for a in result["artifacts"] if a["label"] == "Artifact members"]
    return found[0] if found else None


class ArtifactMembersTest(unittest.TestCase):
    def test_TR_NORM_66_bytearray_is_a_stub_with_its_length(self) -> None:
        got = members({"structured_content": 1, "file": {"name": "a.bin", "bytes": bytearray(b"ABC")}})
        self.assertEqual(got, {"text": '{"file":{"bytes":{"omitted":true,"size":3,"type":"binary"},"name":"a.bin"}}'})

    def test_TR_NORM_66_bytes_in_a_binary_member_is_base64_text(self) -> None:
        got = members({"structured_content": 1, "data": b"QUJD"})
        self.assertEqual(got, {"text": '{"data":{"omitted":true,"size":3,"type":"binary"}}'})

    def test_TR_NORM_66_a_cycle_ends_in_the_pinned_text(self) -> None:
        loop: dict[str, Any] = {"name": "loop"}
        loop["self"] = loop
        self.assertEqual(members({"structured_content": 1, "loop": loop}), {"text": "[artifact members omitted]"})

    def test_TR_NORM_66_a_shared_value_is_not_walked_past_the_cap(self) -> None:
        v: Any = "leaf"
        for _ in range(40):
            v = [v, v]  # 2^40 paths through 41 objects
        self.assertEqual(members({"structured_content": 1, "v": v}), {"text": "[artifact members omitted]"})

    def test_TR_NORM_2_a_dict_subclass_member_is_never_read(self) -> None:
        class Loud(dict):  # type: ignore[type-arg]
            def items(self):  # type: ignore[no-untyped-def]
                raise AssertionError("read")

        self.assertEqual(members({"structured_content": 1, "loud": Loud(a=1)}), {"text": "[artifact members omitted]"})


if __name__ == "__main__":
    unittest.main()
