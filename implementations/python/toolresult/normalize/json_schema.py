"""A JSON Schema checker for output schemas (spec 10.5, TR-NORM-30..33), standard library only.

Dialects: 2020-12 (also when ``$schema`` is absent) and draft-07. ``format`` is an annotation, never
asserted. A schema that is malformed for its dialect, uses another dialect, or has a ``$ref`` that
does not resolve inside the schema makes the check fail: a check that cannot run is not a pass.
Nothing is fetched.

The instance is always a bounded value (JSON data, depth at most 64), so recursion over the instance
is bounded; recursion over ``$ref`` is cut by a limit that counts as a failure.
"""

from __future__ import annotations

import math
import re
from typing import Any, Callable
from urllib.parse import unquote, urldefrag, urljoin

from ..jcs import canonical_json
from ..json_equality import json_equal
from ..linear_pattern import LinearPattern, PatternCannotRun, compile_pattern

DIALECT_2020 = "2020-12"
DIALECT_07 = "draft-07"
_DIALECTS = {
    "https://json-schema.org/draft/2020-12/schema": DIALECT_2020,
    "http://json-schema.org/draft-07/schema": DIALECT_07,
}
_TYPES = frozenset(("null", "boolean", "object", "array", "number", "string", "integer"))
# Keywords a dialect does not define: ignored, values and all, as Ajv does with strict off (TR-NORM-32).
_UNDEFINED = {
    DIALECT_07: frozenset(("prefixItems", "unevaluatedItems", "unevaluatedProperties", "dependentRequired",
                           "dependentSchemas", "minContains", "maxContains", "$defs", "$anchor",
                           "$dynamicRef", "$dynamicAnchor", "$recursiveRef", "$recursiveAnchor",
                           "$vocabulary", "contentSchema", "deprecated", "writeOnly")),
    DIALECT_2020: frozenset(("additionalItems",)),
}
# A 2020-12 $anchor or $dynamicAnchor: a plain name (the meta-schema's anchorString).
_ANCHOR = re.compile(r"[A-Za-z_][-A-Za-z0-9._]*")
_MAX_REF_DEPTH = 256
# TR-NORM-65: evaluations of a schema object against a value, per check; a check that reaches it
# stops and is not a pass.
STEP_LIMIT = 16_384  # 2^14 in every language (TR-NORM-65 item 3); a 16,385th step stops the check


def _join(base: str, ref: str) -> str:
    """``ref`` resolved against ``base``; a fragment-only reference stays in the base document even
    for a non-hierarchical base such as a ``urn:``, which ``urljoin`` does not resolve against."""
    if ref.startswith("#"):
        return urldefrag(base)[0] + ref
    return urljoin(base, ref)


class SchemaError(Exception):
    """The schema cannot be used; the check fails."""


# ------------------------------------------------------------------ regular expressions


def _ecmascript_regex(pattern: str) -> LinearPattern:
    """The pattern on the linear-time engine; one that cannot run makes the check fail (TR-NORM-65)."""
    try:
        return compile_pattern(pattern)
    except PatternCannotRun as error:
        raise SchemaError("pattern cannot run") from error


# ------------------------------------------------------------------ JSON semantics


def _is_number(v: Any) -> bool:
    return (type(v) is int or type(v) is float) and (type(v) is int or math.isfinite(v))


def _is_integer(v: Any) -> bool:
    return type(v) is int or (type(v) is float and math.isfinite(v) and v.is_integer())


def _type_of(v: Any) -> set[str]:
    if v is None:
        return {"null"}
    if type(v) is bool:
        return {"boolean"}
    if _is_number(v):
        return {"number", "integer"} if _is_integer(v) else {"number"}
    if type(v) is str:
        return {"string"}
    if type(v) is list:
        return {"array"}
    if type(v) is dict:
        return {"object"}
    return set()


def _code_points(text: str) -> int:
    return len(text)  # a bounded str holds code points; ECMAScript's Ajv counts the same (ucs2length)


# ------------------------------------------------------------------ compile: well-formedness and $ref index


class _Compiled:
    def __init__(self, root: Any, dialect: str) -> None:
        self.root = root
        self.dialect = dialect
        self.resources: dict[str, Any] = {}  # absolute URI (no fragment) or URI#anchor -> schema
        self.base_of: dict[int, str] = {}  # id(schema) -> its base URI
        self.patterns: dict[str, LinearPattern] = {}
        # (pattern, id of a string of the instance) -> matched: the instance is alive during the
        # check, so a string searched again (anyOf, $ref...) costs one lookup, not a second pass.
        self.searched: dict[tuple[str, int], bool] = {}
        self.reached: set[int] = set()  # ids of schemas a pointer $ref reached outside the index
        self.steps = 0
        self._index(root, "urn:toolresult:output-schema")
        self._check_refs(root, "urn:toolresult:output-schema")

    def step(self, count: int = 1) -> None:
        """Counts evaluations; past STEP_LIMIT the check stops, and a stopped check is no pass."""
        self.steps += count
        if self.steps > STEP_LIMIT:
            raise SchemaError("output-schema check stopped at its work limit")

    def regex(self, pattern: str) -> LinearPattern:
        compiled = self.patterns.get(pattern)
        if compiled is None:
            compiled = self.patterns[pattern] = _ecmascript_regex(pattern)
        return compiled

    def search(self, pattern: str, subject: str) -> bool:
        """Whether ``pattern`` matches anywhere in ``subject`` (a search, as JSON Schema says)."""
        key = (pattern, id(subject))
        found = self.searched.get(key)
        if found is None:
            found = self.searched[key] = self.regex(pattern).search(subject)
        return found

    def _walk(self, root: Any, base: str, visit: Callable[[dict[str, Any], str], str], seen: set[int] | None = None) -> None:
        """Every schema object of ``root`` and its subschemas, each checked for its keywords' forms and
        handed to ``visit`` (which answers the base URI below it); those in ``seen`` are skipped."""
        stack: list[tuple[Any, str, int]] = [(root, base, 0)]
        while stack:
            schema, base, depth = stack.pop()
            if type(schema) is bool or (seen is not None and id(schema) in seen):
                continue
            if depth > 512:
                raise SchemaError("schema nests too deeply")
            if type(schema) is not dict:
                raise SchemaError("a schema must be an object or a boolean")
            self._check_keywords(schema)
            base = visit(schema, base)
            for sub in self._subschemas(schema):
                stack.append((sub, base, depth + 1))

    def _index(self, root: Any, base: str) -> None:
        self._walk(root, base, self._register)

    def _register(self, schema: dict[str, Any], base: str) -> str:
        """Records the schema's `$id` and anchor, and answers the base URI of its subschemas."""
        if type(schema.get("$id")) is str:
            base = _join(base, schema["$id"])
            if self.dialect == DIALECT_07 and urldefrag(base)[1]:
                self.resources[base] = schema  # draft-07 plain-name fragment id
            base = urldefrag(base)[0]
            self.resources.setdefault(base, schema)
        if self.dialect == DIALECT_2020 and type(schema.get("$anchor")) is str:
            self.resources[base + "#" + schema["$anchor"]] = schema
        self.resources.setdefault(base, schema)
        self.base_of[id(schema)] = base
        return base

    def _defined(self, schema: dict[str, Any]) -> dict[str, Any]:
        """The schema object without the keywords its dialect does not define."""
        undefined = _UNDEFINED[self.dialect]
        return {k: v for k, v in schema.items() if k not in undefined}

    def _subschemas(self, schema: dict[str, Any]) -> list[Any]:
        schema = self._defined(schema)
        subs: list[Any] = []
        for key in ("additionalProperties", "contains", "not", "if", "then", "else", "propertyNames",
                    "unevaluatedProperties", "unevaluatedItems", "additionalItems", "contentSchema"):
            if key in schema:
                subs.append(schema[key])
        for key in ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas"):
            if type(schema.get(key)) is dict:
                subs.extend(schema[key].values())
        for key in ("allOf", "anyOf", "oneOf", "prefixItems"):
            if type(schema.get(key)) is list:
                subs.extend(schema[key])
        items = schema.get("items")
        if type(items) is list:
            subs.extend(items)
        elif "items" in schema:
            subs.append(items)
        if type(schema.get("dependencies")) is dict:
            subs.extend(v for v in schema["dependencies"].values() if type(v) is not list)
        return subs

    def _check_keywords(self, s: dict[str, Any]) -> None:
        s = self._defined(s)

        def need(ok: bool) -> None:
            if not ok:
                raise SchemaError("a keyword has a value its dialect does not allow")

        def schema_like(v: Any) -> bool:
            return type(v) is dict or type(v) is bool

        def nonneg_int(v: Any) -> bool:
            return _is_integer(v) and v >= 0

        def string_list(v: Any) -> bool:
            return type(v) is list and all(type(x) is str for x in v) and len(set(v)) == len(v)

        if "type" in s:
            t = s["type"]
            need((type(t) is str and t in _TYPES) or
                 (type(t) is list and all(type(x) is str and x in _TYPES for x in t) and len(set(t)) == len(t)))
        for key in ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas"):
            if key in s:
                need(type(s[key]) is dict and all(schema_like(v) for v in s[key].values()))
        if type(s.get("patternProperties")) is dict:
            for pattern in s["patternProperties"]:
                self.regex(pattern)
        for key in ("additionalProperties", "contains", "not", "if", "then", "else", "propertyNames",
                    "unevaluatedProperties", "unevaluatedItems", "additionalItems", "contentSchema"):
            if key in s:
                need(schema_like(s[key]))
        for key in ("allOf", "anyOf", "oneOf"):
            if key in s:
                need(type(s[key]) is list and len(s[key]) > 0 and all(schema_like(v) for v in s[key]))
        if "prefixItems" in s:
            need(type(s["prefixItems"]) is list and len(s["prefixItems"]) > 0 and all(schema_like(v) for v in s["prefixItems"]))
        if "items" in s:
            items = s["items"]
            array_form = (self.dialect == DIALECT_07 and type(items) is list and len(items) > 0
                          and all(schema_like(v) for v in items))
            need(schema_like(items) or array_form)
        if "enum" in s:
            need(type(s["enum"]) is list)
        if "required" in s:
            need(string_list(s["required"]))
        if "dependentRequired" in s:
            need(type(s["dependentRequired"]) is dict and all(string_list(v) for v in s["dependentRequired"].values()))
        if "dependencies" in s:
            need(type(s["dependencies"]) is dict and all(string_list(v) or schema_like(v) for v in s["dependencies"].values()))
        for key in ("maxLength", "minLength", "maxItems", "minItems", "maxProperties", "minProperties", "maxContains", "minContains"):
            if key in s:
                need(nonneg_int(s[key]))
        for key in ("maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum"):
            if key in s:
                need(_is_number(s[key]))
        if "multipleOf" in s:
            need(_is_number(s["multipleOf"]) and s["multipleOf"] > 0)
        if "uniqueItems" in s:
            need(type(s["uniqueItems"]) is bool)
        if "pattern" in s:
            need(type(s["pattern"]) is str)
            self.regex(s["pattern"])
        for key in ("$ref", "$id", "$schema", "$anchor", "format", "$comment", "$dynamicRef", "$dynamicAnchor", "title",
                    "description", "contentEncoding", "contentMediaType"):
            if key in s:
                need(type(s[key]) is str)
        for key in ("readOnly", "writeOnly", "deprecated"):
            if key in s:
                need(type(s[key]) is bool)
        if "examples" in s:
            need(type(s["examples"]) is list)
        if "$vocabulary" in s:
            need(type(s["$vocabulary"]) is dict and all(type(v) is bool for v in s["$vocabulary"].values()))
        if self.dialect == DIALECT_2020:
            for key in ("$anchor", "$dynamicAnchor"):
                if key in s:
                    need(_ANCHOR.fullmatch(s[key]) is not None)
            if "$id" in s:
                id_ = s["$id"]
                need("#" not in (id_[:-1] if id_.endswith("#") else id_))  # no fragment but an empty one
        # Not evaluated by this check (2020-12 only; draft-07 does not define them).
        if "$dynamicRef" in s or "$recursiveRef" in s or "$recursiveAnchor" in s:
            raise SchemaError("dynamic references are not supported")

    def resolve(self, ref: str, base: str) -> tuple[Any, str]:
        target = _join(base, ref)
        uri, fragment = urldefrag(target)
        if uri not in self.resources:
            raise SchemaError("$ref does not resolve inside the schema")
        if not fragment:
            return self.resources[uri], uri
        if not fragment.startswith("/"):
            anchored = self.resources.get(uri + "#" + fragment)
            if anchored is None:
                raise SchemaError("$ref anchor does not resolve")
            return anchored, self.base_of.get(id(anchored), uri)
        node: Any = self.resources[uri]
        for part in fragment.split("/")[1:]:
            part = unquote(part).replace("~1", "/").replace("~0", "~")
            if type(node) is dict and part in node:
                node = node[part]
            elif type(node) is list and part.isdigit() and int(part) < len(node):
                node = node[int(part)]
            else:
                raise SchemaError("$ref pointer does not resolve")
        if type(node) is not dict and type(node) is not bool:
            raise SchemaError("$ref points at something that is not a schema")
        if type(node) is dict and id(node) not in self.base_of:
            self._check_reached(node)
        return node, self.base_of.get(id(node), uri)

    def _check_refs(self, root: Any, base: str) -> None:
        """Resolves every `$ref` of the schema before any value is checked, those of the schemas a
        pointer reaches included: one that resolves nowhere refuses the schema whether or not the
        value would lead evaluation to it (TR-NORM-82), so the verdict does not depend on the value.
        Each schema object is resolved once, so the walk is linear in the schema (no step is counted:
        the step limit is about evaluating the value)."""
        stack: list[tuple[Any, str]] = [(root, base)]
        done: set[int] = set()
        while stack:
            schema, base = stack.pop()
            if type(schema) is not dict or id(schema) in done:
                continue
            done.add(id(schema))
            base = self.base_of.get(id(schema), base)
            if type(schema.get("$ref")) is str:
                stack.append(self.resolve(schema["$ref"], base))
            stack.extend((sub, base) for sub in self._subschemas(schema))

    def _check_reached(self, root: dict[str, Any]) -> None:
        """A schema a pointer $ref reaches inside a keyword the dialect does not define is a schema
        once reached: its keywords and its subschemas' must have their forms, and a $dynamicRef
        there refuses the schema, as at the root (TR-NORM-32). Its $id and anchors name nothing."""

        def reached(schema: dict[str, Any], base: str) -> str:
            self.reached.add(id(schema))
            return base

        self._walk(root, "", reached, self.reached)


# ------------------------------------------------------------------ validation


class _Result:
    """Whether an instance is valid, and which members/items were evaluated (for unevaluated*)."""

    __slots__ = ("valid", "props", "items", "indexes")

    def __init__(self, valid: bool, props: set[str] | None = None, items: int = 0) -> None:
        self.valid = valid
        self.props = props if props is not None else set()
        self.items = items  # number of leading items evaluated; -1 means all
        self.indexes: set[int] = set()  # further items evaluated one by one (contains, 2020-12)

    def merge(self, other: "_Result") -> None:
        self.props |= other.props
        self.indexes |= other.indexes
        if self.items != -1:
            self.items = -1 if other.items == -1 else max(self.items, other.items)


def _validate(c: _Compiled, schema: Any, v: Any, base: str, depth: int) -> _Result:
    if depth > _MAX_REF_DEPTH:
        raise SchemaError("schema recursion too deep")
    if schema is True:
        return _Result(True)
    if schema is False:
        return _Result(False)
    c.step()  # one step per evaluation of a schema *object* (TR-NORM-65 item 3); true/false are none
    base = c.base_of.get(id(schema), base)
    out = _Result(True)

    def fail() -> _Result:
        return _Result(False)

    if "$ref" in schema:
        target, target_base = c.resolve(schema["$ref"], base)
        sub = _validate(c, target, v, target_base, depth + 1)
        if not sub.valid:
            return fail()
        out.merge(sub)

    types = _type_of(v)
    if "type" in schema:
        wanted = schema["type"] if type(schema["type"]) is list else [schema["type"]]
        if not types & set(wanted):
            return fail()
    if "enum" in schema and not any(json_equal(v, e) for e in schema["enum"]):
        return fail()
    if "const" in schema and not json_equal(v, schema["const"]):
        return fail()

    if "number" in types:
        if "multipleOf" in schema:
            # The float rule, as Ajv runs it: the double quotient is an integer below 10^21 in
            # absolute value (beyond it JavaScript writes the number with an exponent, and Ajv's
            # parseInt reads back only its first digits).
            quotient = float(v) / float(schema["multipleOf"])
            if not (math.isfinite(quotient) and quotient == math.floor(quotient) and abs(quotient) < 1e21):
                return fail()
        if "maximum" in schema and v > schema["maximum"]:
            return fail()
        if "minimum" in schema and v < schema["minimum"]:
            return fail()
        if "exclusiveMaximum" in schema and v >= schema["exclusiveMaximum"]:
            return fail()
        if "exclusiveMinimum" in schema and v <= schema["exclusiveMinimum"]:
            return fail()
    if "string" in types:
        if "maxLength" in schema and _code_points(v) > schema["maxLength"]:
            return fail()
        if "minLength" in schema and _code_points(v) < schema["minLength"]:
            return fail()
        if "pattern" in schema and not c.search(schema["pattern"], v):
            return fail()

    if "array" in types:
        if not _validate_array(c, schema, v, base, depth, out):
            return fail()
    if "object" in types:
        if not _validate_object(c, schema, v, base, depth, out):
            return fail()

    for sub_schema in schema.get("allOf", []):
        sub = _validate(c, sub_schema, v, base, depth + 1)
        if not sub.valid:
            return fail()
        out.merge(sub)
    if "anyOf" in schema:
        passed = [r for r in (_validate(c, s, v, base, depth + 1) for s in schema["anyOf"]) if r.valid]
        if not passed:
            return fail()
        for r in passed:
            out.merge(r)
    if "oneOf" in schema:
        passed = [r for r in (_validate(c, s, v, base, depth + 1) for s in schema["oneOf"]) if r.valid]
        if len(passed) != 1:
            return fail()
        out.merge(passed[0])
    if "not" in schema and _validate(c, schema["not"], v, base, depth + 1).valid:
        return fail()
    if "if" in schema:
        condition = _validate(c, schema["if"], v, base, depth + 1)
        branch = schema.get("then") if condition.valid else schema.get("else")
        if condition.valid:
            out.merge(condition)
        if branch is not None:
            sub = _validate(c, branch, v, base, depth + 1)
            if not sub.valid:
                return fail()
            out.merge(sub)

    # unevaluated* look at what every other keyword of this schema (and its in-place applicators) saw.
    if "array" in types and "unevaluatedItems" in schema and c.dialect == DIALECT_2020:
        start = len(v) if out.items == -1 else out.items
        for i, item in enumerate(v[start:], start):
            if i in out.indexes:
                continue
            if not _validate(c, schema["unevaluatedItems"], item, base, depth + 1).valid:
                return fail()
        out.items = -1
    if "object" in types and "unevaluatedProperties" in schema and c.dialect == DIALECT_2020:
        for key, item in v.items():
            if key not in out.props:
                if not _validate(c, schema["unevaluatedProperties"], item, base, depth + 1).valid:
                    return fail()
                out.props.add(key)
    return out


def _validate_array(c: _Compiled, schema: dict[str, Any], v: list[Any], base: str, depth: int, out: _Result) -> bool:
    if "maxItems" in schema and len(v) > schema["maxItems"]:
        return False
    if "minItems" in schema and len(v) < schema["minItems"]:
        return False
    if schema.get("uniqueItems") is True:
        # Canonical texts in a set (equal JSON values have equal RFC 8785 text): linear, not pairwise.
        c.step(len(v))
        seen: set[str] = set()
        for item in v:
            text = canonical_json(item)
            if text in seen:
                return False
            seen.add(text)
    if c.dialect == DIALECT_2020:
        prefix = schema.get("prefixItems", [])
        rest = schema.get("items") if "items" in schema else None
    else:
        items = schema.get("items")
        prefix = items if type(items) is list else []
        rest = schema.get("additionalItems") if type(items) is list else items
    for schema_i, item in zip(prefix, v):
        if not _validate(c, schema_i, item, base, depth + 1).valid:
            return False
    evaluated = min(len(prefix), len(v))
    if rest is not None:
        for item in v[len(prefix):]:
            if not _validate(c, rest, item, base, depth + 1).valid:
                return False
        evaluated = -1
    if out.items != -1:
        out.items = -1 if evaluated == -1 else max(out.items, evaluated)
    if "contains" in schema:
        hits = [i for i, item in enumerate(v) if _validate(c, schema["contains"], item, base, depth + 1).valid]
        matches = len(hits)
        if c.dialect == DIALECT_2020:
            out.indexes.update(hits)  # items contains matched count as evaluated for unevaluatedItems
        low = schema.get("minContains", 1) if c.dialect == DIALECT_2020 else 1
        if matches < low:
            return False
        if c.dialect == DIALECT_2020 and "maxContains" in schema and matches > schema["maxContains"]:
            return False
    return True


def _validate_object(c: _Compiled, schema: dict[str, Any], v: dict[str, Any], base: str, depth: int, out: _Result) -> bool:
    if "maxProperties" in schema and len(v) > schema["maxProperties"]:
        return False
    if "minProperties" in schema and len(v) < schema["minProperties"]:
        return False
    if any(key not in v for key in schema.get("required", [])):
        return False
    for key, needed in schema.get("dependentRequired", {}).items() if c.dialect == DIALECT_2020 else ():
        if key in v and any(n not in v for n in needed):
            return False
    for key, dependency in schema.get("dependencies", {}).items():  # both dialects, as Ajv applies it
        if key in v:
            if type(dependency) is list:
                if any(n not in v for n in dependency):
                    return False
            else:
                sub = _validate(c, dependency, v, base, depth + 1)
                if not sub.valid:
                    return False
                out.merge(sub)
    for key, sub_schema in schema.get("dependentSchemas", {}).items() if c.dialect == DIALECT_2020 else ():
        if key in v:
            sub = _validate(c, sub_schema, v, base, depth + 1)
            if not sub.valid:
                return False
            out.merge(sub)
    if "propertyNames" in schema:
        for key in v:
            if not _validate(c, schema["propertyNames"], key, base, depth + 1).valid:
                return False
    properties = schema.get("properties", {})
    patterns = schema.get("patternProperties", {})
    for key, item in v.items():
        matched = False
        if key in properties:
            matched = True
            if not _validate(c, properties[key], item, base, depth + 1).valid:
                return False
        for pattern, sub_schema in patterns.items():
            if c.search(pattern, key):
                matched = True
                if not _validate(c, sub_schema, item, base, depth + 1).valid:
                    return False
        if matched:
            out.props.add(key)
        elif "additionalProperties" in schema:
            if not _validate(c, schema["additionalProperties"], item, base, depth + 1).valid:
                return False
            out.props.add(key)
    return True


def dialect_of(schema: Any) -> str:
    if type(schema) is bool:
        return DIALECT_2020
    declared = schema.get("$schema") if type(schema) is dict else None
    if declared is None:
        return DIALECT_2020
    if type(declared) is not str:
        raise SchemaError("$schema must be a string")
    dialect = _DIALECTS.get(declared[:-1] if declared.endswith("#") else declared)
    if dialect is None:
        raise SchemaError("unsupported schema dialect")
    return dialect


def conforms(schema: Any, value: Any) -> bool:
    """True when ``value`` is valid against ``schema``; False when it is not or the check cannot run."""
    try:
        compiled = _Compiled(schema, dialect_of(schema))
        return _validate(compiled, schema, value, "urn:toolresult:output-schema", 0).valid
    except (SchemaError, RecursionError, ValueError, TypeError, OverflowError, ZeroDivisionError):
        return False
