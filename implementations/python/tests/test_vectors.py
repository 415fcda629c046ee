"""Every conformance vector (conformance/vectors/**) of an op this adapter implements, run in-process
through the adapter's dispatch: TR-CONF-4 (tag decoding) and each case's own requirement IDs."""

import glob
import json
import os
import unittest

from toolresult.kit_adapter.dispatch import handle
from toolresult.kit_adapter.ops import GROUPS, OPS

from .support import REPO_ROOT

VECTOR_DIR = os.path.join(REPO_ROOT, "conformance", "vectors")


def same_json(a, b) -> bool:
    """Equality of JSON values: member order aside, numbers by value, bool never a number."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_json(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


def vector_files() -> list[str]:
    return sorted(glob.glob(os.path.join(VECTOR_DIR, "**", "*.json"), recursive=True))


def load(path: str) -> dict:
    with open(path, encoding="utf-8") as file:
        return json.load(file)


class Vectors(unittest.TestCase):
    def test_vectors_exist_for_the_claimed_groups(self) -> None:
        groups = {load(path)["group"] for path in vector_files()}
        self.assertIn("bound", groups)

    def test_TR_CONF_4_every_vector_of_an_implemented_op(self) -> None:
        ran = 0
        for path in vector_files():
            vector = load(path)
            if vector["op"] not in OPS or vector["group"] not in GROUPS:
                continue
            stem = os.path.splitext(os.path.basename(path))[0]
            for case in vector["cases"]:
                case_id = f"vector/{vector['group']}/{stem}/{case['id']}"
                with self.subTest(case=case_id, requirements=",".join(case["requirements"])):
                    response = handle({"id": ran, "op": vector["op"], "input": case["input"]})
                    expect = case["expect"]
                    if "output" in expect:
                        self.assertTrue(response["ok"], f"{case_id}: {response.get('error')}")
                        self.assertTrue(same_json(response["output"], expect["output"]),
                                        f"{case_id}\n got: {json.dumps(response['output'])[:2000]}\nwant: {json.dumps(expect['output'])[:2000]}")
                    else:
                        self.assertFalse(response["ok"], case_id)
                        self.assertEqual(response["error"]["code"], expect["error"]["code"], case_id)
                ran += 1
        self.assertGreater(ran, 0)


if __name__ == "__main__":
    unittest.main()
