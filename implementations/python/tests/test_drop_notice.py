"""TR-NORM-67 on inputs too large or too many for a vector: a text of 32 MiB before an image, and a
hundred thousand placeholders. The vectors (normalize-*/drop-notice.json) cover the budget edge."""

import unittest

from toolresult.normalize import NormalizeOptions, normalize
from toolresult.options import BoundOptions

IMAGE = {"type": "image", "data": "iVBORw0KGgo=", "mimeType": "image/png"}


class DropNoticeTest(unittest.TestCase):
    def test_TR_NORM_67_a_32_MiB_text_before_an_image(self) -> None:
        content = normalize("mcp", {"content": [{"type": "text", "text": "x" * (32 << 20)}, IMAGE]}).to_json()["content"]
        self.assertLessEqual(len(content.encode("utf-8")), 50_000)
        self.assertTrue(content.endswith("\n\u2026[tool result truncated at 50000 bytes]\n[omitted from this result: 1 image block]"))

    def test_TR_NORM_67_many_placeholders_are_one_count(self) -> None:
        blocks = [{"type": "text", "text": "a" * 300}] + [IMAGE] * 100_000
        options = NormalizeOptions(bound=BoundOptions(content_budget=256))
        content = normalize("mcp", {"content": blocks}, options).to_json()["content"]
        self.assertEqual(content, "a" * 168 + "\n\u2026[tool result truncated at 256 bytes]\n[omitted from this result: 100000 image blocks]")


if __name__ == "__main__":
    unittest.main()
