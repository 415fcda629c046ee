"""TR-NORM-65 item 3: one step per evaluation of a schema object, one per item `uniqueItems: true`
compares; 2^14 steps are allowed and the 16,385th stops the check (a stop is no pass)."""

from __future__ import annotations

import unittest

from toolresult.normalize.json_schema import STEP_LIMIT, conforms


class Steps(unittest.TestCase):
    def test_TR_NORM_65_the_limit_is_2_to_the_14(self) -> None:
        self.assertEqual(STEP_LIMIT, 2**14)
        # The root object is one step, each item's evaluation one more.
        self.assertTrue(conforms({"items": {"type": "integer"}}, [1] * (STEP_LIMIT - 1)))
        self.assertFalse(conforms({"items": {"type": "integer"}}, [1] * STEP_LIMIT))
        # A stopped check is no pass, even under `not`.
        inner = {"items": {"type": "integer"}, "contains": {"type": "string"}}  # fails after 2N+1 steps
        self.assertTrue(conforms({"not": inner}, [1] * 10))
        self.assertFalse(conforms({"not": inner}, [1] * STEP_LIMIT))

    def test_TR_NORM_65_unique_items_charges_one_step_per_item(self) -> None:
        self.assertTrue(conforms({"uniqueItems": True}, list(range(STEP_LIMIT - 1))))
        self.assertFalse(conforms({"uniqueItems": True}, list(range(STEP_LIMIT))))
        self.assertTrue(conforms({"uniqueItems": False}, list(range(STEP_LIMIT * 2))))

    def test_TR_NORM_65_boolean_schemas_are_not_schema_objects(self) -> None:
        self.assertTrue(conforms({"items": True}, [1] * (STEP_LIMIT * 2)))
        self.assertTrue(conforms({"additionalProperties": True}, {str(i): i for i in range(STEP_LIMIT * 2)}))
        self.assertFalse(conforms({"items": False}, [1]))


if __name__ == "__main__":
    unittest.main()
