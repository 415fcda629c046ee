"""The generated types follow the schemas (scripts/generate-python-types.ts --check is the full check)."""

import json
import os
import typing
import unittest

from toolresult import generated_types as gen

from .support import REPO_ROOT


def schema(name: str) -> dict:
    with open(os.path.join(REPO_ROOT, "schemas", "model", name), encoding="utf-8") as file:
        return json.load(file)


class GeneratedTypes(unittest.TestCase):
    def test_TR_MODEL_8_closed_sets_match_the_schemas(self) -> None:
        self.assertEqual(list(gen.WARNING_CODE_VALUES), schema("warning.schema.json")["$defs"]["WarningCode"]["enum"])
        self.assertEqual(list(gen.ARTIFACT_TYPE_VALUES), schema("artifact-type.schema.json")["enum"])
        self.assertEqual(list(gen.PRIVACY_LEVEL_VALUES), schema("privacy-level.schema.json")["enum"])

    def test_TR_BOUND_15_tool_result_members_match_the_schema(self) -> None:
        tool_result = schema("tool-result.schema.json")
        self.assertEqual(gen.ToolResult.__required_keys__, frozenset(tool_result["required"]))
        self.assertEqual(gen.ToolResult.__required_keys__ | gen.ToolResult.__optional_keys__,
                         frozenset(tool_result["properties"]))
        self.assertEqual(typing.get_args(gen.ArtifactType), gen.ARTIFACT_TYPE_VALUES)


if __name__ == "__main__":
    unittest.main()
