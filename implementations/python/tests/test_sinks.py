"""Egress and sinks: spec 04 (TR-EGRESS-*), 05 (TR-SINK-*, TR-LOG-*) and 06 (TR-PRIV-*)."""

import copy
import json
import logging
import pickle
import unittest

from toolresult import (BoundedResult, ToolResult, audit_record, bound, live_event, suspend_state, wire_message)
from toolresult.options import BoundOptions
from toolresult.privacy import effective_level, summary
from toolresult.redactor import MASK, default_redactor, mask, mask_pass

from .support import RUNS, random_json, random_text, rng, schema_errors

CANARY = "cnry-5e1f0a"
ID = "https://toolresult.dev/schemas/v1/"


def planted() -> BoundedResult:
    return bound(ToolResult.text("visible text", artifacts=[
        {"type": "table", "label": CANARY, "data": {"columns": [CANARY], "rows": [[CANARY]]}}],
        structured={CANARY: [CANARY, 1]}))


class Egress(unittest.TestCase):
    def test_TR_EGRESS_1_implicit_conversions_show_no_run_only_byte(self) -> None:
        result = planted()
        raw = ToolResult.text("visible", artifacts=[CANARY], structured={CANARY: CANARY})
        for value in (result, raw):
            texts = [repr(value), str(value), f"{value}", "%s" % (value,), json.dumps({"r": value}, default=str),
                     json.dumps([value], default=repr)]
            for text in texts:
                self.assertNotIn(CANARY, text)
            with self.assertRaises(TypeError):
                json.dumps(value)
            with self.assertRaises(TypeError):
                vars(value)
        with self.assertRaises(TypeError):
            pickle.dumps(result)
        with self.assertRaises(TypeError):
            copy.copy(result)

    def test_TR_EGRESS_1_conversion_runs_no_code_of_run_only_data(self) -> None:
        class Loud:
            def __repr__(self):
                raise AssertionError("ran")

            __str__ = __repr__

        raw = ToolResult.text("x", artifacts=[Loud()], structured=Loud())
        self.assertNotIn("ran", repr(raw))
        self.assertEqual(bound(raw).warnings, ("artifacts.unencodable", "structured.unencodable"))

    def test_TR_EGRESS_2_TR_SINK_6_only_bounded_results_are_accepted(self) -> None:
        forged = object.__new__(BoundedResult)
        others = [ToolResult.text(CANARY), {"content": CANARY, "isError": False}, forged, None, planted().to_json()]
        for function in (wire_message, suspend_state, live_event, audit_record):
            for value in others:
                with self.subTest(function=function.__name__, kind=type(value).__name__):
                    with self.assertRaises(TypeError) as raised:
                        function(value)
                    self.assertNotIn(CANARY, str(raised.exception))
                    self.assertIn(function.__name__, str(raised.exception))

    def test_TR_EGRESS_3_TR_EGRESS_4_TR_SINK_1_wire_is_content_and_is_error_only(self) -> None:
        r = rng("wire")
        messages = []
        for _ in range(RUNS // 3):
            result = bound(ToolResult.text(random_text(r, 40), artifacts=[{"type": "text", "label": CANARY, "data": {"text": CANARY}}],
                                           structured={"k": random_json(r), CANARY: 1}))
            message = wire_message(result)
            self.assertEqual(message, {"content": result.content, "isError": result.is_error})
            self.assertNotIn(CANARY, json.dumps(message))
            messages.append(message)
        self.assertEqual(schema_errors(ID + "wire-message.schema.json", messages), [None] * len(messages))


class Sinks(unittest.TestCase):
    def test_TR_SINK_2_suspend_state_is_provider_facing_only(self) -> None:
        result = planted()
        self.assertEqual(suspend_state(result), {"content": "visible text", "isError": False})

    def test_TR_SINK_3_live_event_is_the_whole_result(self) -> None:
        result = planted()
        self.assertEqual(live_event(result), {"kind": "tool_result", "result": result.to_json()})


class AuditLevels(unittest.TestCase):
    def test_TR_PRIV_1_TR_PRIV_2_default_strictest_and_unknown_fail_closed(self) -> None:
        self.assertEqual(effective_level([]), "metadata")
        self.assertEqual(effective_level(["full", "redacted"]), "redacted")
        self.assertEqual(effective_level(["full", "FULL"]), "none")
        self.assertEqual(effective_level(["full", None]), "none")

    def test_TR_PRIV_3_TR_PRIV_4_TR_PRIV_6_records_by_level(self) -> None:
        result = planted()
        self.assertEqual(audit_record(result, ["none"]), {"version": 1, "level": "none"})
        metadata = audit_record(result, ["metadata"])
        self.assertEqual(set(metadata), {"version", "level", "summary"})
        self.assertNotIn(CANARY, json.dumps(metadata))
        self.assertNotIn("visible", json.dumps(metadata))
        self.assertEqual(audit_record(result, ["full"])["result"], result.to_json())
        self.assertEqual(metadata["summary"]["structuredOctets"], len(json.dumps({CANARY: [CANARY, 1]}, separators=(",", ":"))))

    def test_TR_PRIV_5_summary_holds_closed_set_values_only(self) -> None:
        s = summary(planted())
        for key, value in s.items():
            if key == "artifactTypes":
                self.assertTrue(set(value) <= {"table", "text"})
            elif key == "warnings":
                self.assertTrue(all(code.count(".") == 1 for code in value))
            else:
                self.assertIn(type(value), (int, bool))

    def test_TR_PRIV_7_TR_PRIV_9_redaction_keeps_protocol_names_and_renames_collisions(self) -> None:
        result = bound(ToolResult.text("mail a.b@example.com", structured={"sk-bbbbbbbbbb": 2, "sk-aaaaaaaaaa": 1, "***": 0,
                                                                             "n": [None, True, 1.5, "Bearer x"]},
                                       artifacts=[{"type": "text", "label": "ghp_0123456789", "data": {"text": "ok"}}]))
        record = audit_record(result, ["redacted"])
        self.assertEqual(record["result"]["content"], "mail ***")
        self.assertEqual(record["result"]["structured"], {"***": 0, "***#2": 1, "***#3": 2, "n": [None, True, 1.5, "Bearer ***"]})
        self.assertEqual(record["result"]["artifacts"], [{"type": "text", "label": "***", "data": {"text": "ok"}}])
        self.assertEqual(record["summary"], audit_record(result, ["metadata"])["summary"])

    def test_TR_PRIV_9_colliding_keys_skip_taken_names_and_cost_linear_time(self) -> None:
        # "***#2" is an original key that redacts to itself and sorts first; 12,000 e-mail keys took
        # 13.6 s when each searched from #2, and take well under a second with the per-name counter.
        structured = {"***#2": "taken", "a@b.io": 1, "c@d.io": 2, "e@f.io": 3}
        record = audit_record(bound(ToolResult.text("x", structured=structured)), ["redacted"])
        self.assertEqual(record["result"]["structured"], {"***#2": "taken", "***": 1, "***#3": 2, "***#4": 3})
        many = {f"u{i:05d}@example.com": i for i in range(12000)}
        record = audit_record(bound(ToolResult.text("x", structured=many), BoundOptions.from_json({"structuredBudget": 1 << 24})), ["redacted"])
        names = list(record["result"]["structured"])
        self.assertEqual(len(names), 12000)
        self.assertEqual(names[:3], ["***", "***#2", "***#3"])
        self.assertEqual(names[-1], "***#12000")

    def test_TR_PRIV_10_a_failing_redactor_gives_the_mask(self) -> None:
        result = planted()

        def raising(text):
            raise ValueError(text)

        for redactor in (raising, lambda t: None, lambda t: "\ud800", lambda t: 5):
            record = audit_record(result, ["redacted"], redactor=redactor)
            self.assertEqual(record["result"]["content"], MASK)
            self.assertNotIn(CANARY, json.dumps(record))

    def test_TR_PRIV_11_TR_PRIV_12_records_validate_and_levels_nest(self) -> None:
        r = rng("audit")
        records = []
        for _ in range(RUNS // 3):
            result = bound(ToolResult.text(random_text(r, 30), structured=random_json(r),
                                           artifacts=[{"type": "text", "label": random_text(r, 5), "data": {"text": random_text(r)}}]))
            by_level = {level: audit_record(result, [level]) for level in ("none", "metadata", "redacted", "full")}
            self.assertEqual(by_level["redacted"]["summary"], by_level["metadata"]["summary"])
            self.assertEqual(by_level["full"]["summary"], by_level["metadata"]["summary"])
            records.extend(by_level.values())
        self.assertEqual(schema_errors(ID + "audit-record.schema.json", records), [None] * len(records))


class DefaultRedactor(unittest.TestCase):
    def test_TR_PRIV_8_output_is_a_fixed_point_of_masking(self) -> None:
        r = rng("redactor")
        parts = ["sk-", "sk_", "ghp_", "AKIA", "Bearer ", "bearer\t", "@", ".", "io", "com", "://u:p@", "a", "Z", "0",
                 "-", "_", "%", "+", " ", "é", "x" * 9]
        for _ in range(RUNS * 3):
            text = "".join(r.choice(parts) for _ in range(r.randint(0, 30)))
            out = default_redactor(text)
            self.assertEqual(mask_pass(out), out, text)

    def test_TR_PRIV_8_pinned_examples(self) -> None:
        self.assertEqual(default_redactor("https://admin:hunter2@db.example/x"), "https://***@db.example/x")
        self.assertEqual(default_redactor("sk-@sk-.iosk-@sk-.io"), "******")
        self.assertEqual(default_redactor("sk-short a@b.c"), "sk-short a@b.c")
        long = "é" * 1500
        capped = default_redactor(long)
        self.assertEqual(len(capped.encode("utf-8")), 1986 + 14)
        self.assertTrue(capped.endswith("\u2026[truncated]"))
        self.assertEqual(mask("a" * 5), "a" * 5)

    def test_TR_PRIV_16_credential_rules_and_near_misses(self) -> None:
        for text, want in [
            ("GET /v1?token=abc123&x=1", "GET /v1?token=***&x=1"),
            ("?X-Amz-Signature=fe5f&pageToken=p2", "?X-Amz-Signature=***&pageToken=p2"),
            ("Authorization: Basic dXNlcjpwYXNz", "Authorization: Basic ***"),
            ("Authorization: required", "Authorization: required"),
            ("id eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIx.sig ok", "id *** ok"),
            ("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIx", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIx"),
            ("glpat-abcdefghij xapp-1-A052F", "*** xapp-1-A052F"),
            ("ASIAY34FZKBOKMUTVV7A ASIA_PACIFIC_NORTH", "*** ASIA_PACIFIC_NORTH"),
        ]:
            self.assertEqual(default_redactor(text), want, text)

    def test_TR_PRIV_17_hostile_leaves_are_answered_by_the_rules(self) -> None:
        for leaf in ("?" + "a" * 1_000_000, "?access_" * 125_000, "Authorization: " + "a" * 1_000_000,
                     "eyJ" + "a" * 1_000_000, " ASIA" * 200_000):
            self.assertEqual(mask_pass(leaf), leaf, leaf[:20])


class Logs(unittest.TestCase):
    def test_TR_LOG_1_TR_LOG_2_TR_LOG_5_bounding_logs_codes_only_and_nothing_by_default(self) -> None:
        with self.assertLogs("toolresult", level="DEBUG") as captured:
            planted()
            audit_record(planted(), ["redacted"])
        text = "\n".join(captured.output)
        self.assertNotIn(CANARY, text)
        self.assertNotIn("visible text", text)
        self.assertTrue(any(isinstance(h, logging.NullHandler) for h in logging.getLogger("toolresult").handlers))


if __name__ == "__main__":
    unittest.main()
