package toolresult

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/toolresult-protocol/toolresult/implementations/go/generated"
)

// undefinedMarker is the type of Undefined; unexported, so nothing else can be one.
type undefinedMarker struct{}

// Undefined is the missing-value marker (JavaScript's undefined): a channel or member holding it
// is not given; inside data it is an unencodable node (TR-BOUND-6, TR-NORM-64).
var Undefined any = undefinedMarker{}

// ToolResult is a tool's result before bounding. Its channels are unexported and its String,
// GoString, Format and MarshalJSON show its shape only (TR-EGRESS-1).
type ToolResult struct {
	content       string
	isError       bool
	structured    any
	hasStructured bool
	artifacts     any
	hasArtifacts  bool
	warnings      []string
}

// Option sets a channel of a success result (Text).
type Option interface{ apply(*ToolResult) }

// ErrorOption sets a channel of an error result (Error) as well as of a success; artifacts are not
// one, so an error result cannot be given artifacts (TR-MODEL-2).
type ErrorOption interface {
	Option
	errorOption()
}

type structuredOption struct{ value any }

func (o structuredOption) apply(r *ToolResult) {
	if o.value == Undefined {
		r.structured, r.hasStructured = nil, false
		return
	}
	r.structured, r.hasStructured = o.value, true
}
func (structuredOption) errorOption() {}

type warningsOption struct{ codes []string }

func (o warningsOption) apply(r *ToolResult) { r.warnings = append(r.warnings, o.codes...) }
func (warningsOption) errorOption()          {}

type artifactsOption struct{ value any }

func (o artifactsOption) apply(r *ToolResult) {
	// A nil []any is an absent list (spec §3.3, the Go note); an untyped nil is JSON null, a
	// list given with the wrong shape (TR-BOUND-9).
	list, isList := o.value.([]any)
	r.artifacts, r.hasArtifacts = o.value, o.value != Undefined && !(isList && list == nil)
}

// WithStructured gives the result a structured value (any JSON value; nil is JSON null).
func WithStructured(value any) ErrorOption { return structuredOption{value} }

// WithWarnings gives the result warning codes it already has (a normalizer's, say).
func WithWarnings(codes ...string) ErrorOption { return warningsOption{codes} }

// WithArtifacts gives a success result its artifact list (normally a []any of artifacts).
func WithArtifacts(list any) Option { return artifactsOption{list} }

// Text builds a success result.
func Text(content string, options ...Option) ToolResult {
	r := ToolResult{content: content}
	for _, o := range options {
		o.apply(&r)
	}
	return r
}

// Error builds an error result; it takes no artifacts (TR-MODEL-2).
func Error(content string, options ...ErrorOption) ToolResult {
	r := ToolResult{content: content, isError: true}
	for _, o := range options {
		o.apply(&r)
	}
	return r
}

func shape(kind string, content string, isError, hasStructured bool, artifacts int, warnings []string) string {
	return fmt.Sprintf("%s{isError: %t, contentOctets: %d, structured: %t, artifacts: %d, warnings: %q}",
		kind, isError, len(content), hasStructured, artifacts, warnings)
}

// String shows the shape only: never a byte of structured data or artifacts (TR-EGRESS-1).
func (r ToolResult) String() string {
	n := 0
	if list, ok := r.artifacts.([]any); ok {
		n = len(list)
	}
	return shape("ToolResult", r.content, r.isError, r.hasStructured, n, r.warnings)
}

// GoString is String, for %#v.
func (r ToolResult) GoString() string { return r.String() }

// Format prints the shape for every verb, so no fmt verb reaches the unexported fields.
func (r ToolResult) Format(f fmt.State, _ rune) { _, _ = f.Write([]byte(r.String())) }

// MarshalJSON writes the shape only; a result's data is read through Bound and its accessors.
func (r ToolResult) MarshalJSON() ([]byte, error) { return []byte(strconv.Quote(r.String())), nil }

// sealed holds a bounded result's channels; only Bound and Restore make one.
type sealed struct {
	content       string
	isError       bool
	structured    any
	hasStructured bool
	artifacts     []any
	warnings      []string
}

// Bounded is a result the bounder returned. The zero value is not one: the sinks refuse it
// (TR-SINK-6). Its accessors hand out fresh copies, so it never changes (TR-EGRESS-6).
type Bounded struct{ s *sealed }

// Content is the bounded provider-facing text.
func (b Bounded) Content() string {
	if b.s == nil {
		return ""
	}
	return b.s.content
}

// IsError says whether the tool failed.
func (b Bounded) IsError() bool { return b.s != nil && b.s.isError }

// Structured is a copy of the bounded structured value and whether there is one.
func (b Bounded) Structured() (any, bool) {
	if b.s == nil || !b.s.hasStructured {
		return nil, false
	}
	return copyData(b.s.structured), true
}

// Artifacts is a copy of the bounded artifact list.
func (b Bounded) Artifacts() []any {
	if b.s == nil {
		return []any{}
	}
	return copyData(b.s.artifacts).([]any)
}

// Warnings is the sorted list of warning codes.
func (b Bounded) Warnings() []string {
	if b.s == nil {
		return []string{}
	}
	return append([]string{}, b.s.warnings...)
}

// Valid reports whether b is a result the bounder made (not the zero value).
func (b Bounded) Valid() bool { return b.s != nil }

// String shows the shape only (TR-EGRESS-1).
func (b Bounded) String() string {
	if b.s == nil {
		return "Bounded{}"
	}
	return shape("Bounded", b.s.content, b.s.isError, b.s.hasStructured, len(b.s.artifacts), b.s.warnings)
}

// GoString is String, for %#v.
func (b Bounded) GoString() string { return b.String() }

// Format prints the shape for every verb.
func (b Bounded) Format(f fmt.State, _ rune) { _, _ = f.Write([]byte(b.String())) }

// MarshalJSON writes the shape only; ToJSON is the explicit way to the whole result.
func (b Bounded) MarshalJSON() ([]byte, error) { return []byte(strconv.Quote(b.String())), nil }

// ToJSON is the whole bounded result as tool-result.schema.json, a map an encoder writes.
func (b Bounded) ToJSON() map[string]any {
	if b.s == nil {
		return nil
	}
	return b.s.toJSON()
}

func (s *sealed) toJSON() map[string]any {
	warnings := make([]any, len(s.warnings))
	for i, c := range s.warnings {
		warnings[i] = map[string]any{"code": c}
	}
	out := map[string]any{
		"content":   s.content,
		"isError":   s.isError,
		"artifacts": copyData(s.artifacts),
		"warnings":  warnings,
	}
	if s.hasStructured {
		out["structured"] = copyData(s.structured)
	}
	return out
}

var knownWarnings = func() map[string]bool {
	m := map[string]bool{}
	for _, c := range []generated.WarningCode{
		generated.WarningCodeContentTruncated, generated.WarningCodeContentNotText,
		generated.WarningCodeArtifactsOverBudget, generated.WarningCodeArtifactsUnencodable,
		generated.WarningCodeArtifactsTooDeep, generated.WarningCodeArtifactsInvalidShape,
		generated.WarningCodeArtifactsDroppedOnError, generated.WarningCodeStructuredOverBudget,
		generated.WarningCodeStructuredUnencodable, generated.WarningCodeStructuredTooDeep,
		generated.WarningCodeStructuredSchemaMismatch, generated.WarningCodeStructuredInvalid,
		generated.WarningCodeMcpResultTypeUnknown, generated.WarningCodeMcpInputRequired,
		generated.WarningCodeMcpTaskUnfollowed, generated.WarningCodeMcpTaskLost,
		generated.WarningCodeMcpTaskCancelled,
		generated.WarningCodeHookFailed, generated.WarningCodeExposureJson,
		generated.WarningCodeExposureAllowlist, generated.WarningCodeExposureEmpty,
		generated.WarningCodeExposureUnmatched, generated.WarningCodeExposureOverBudget,
	} {
		m[string(c)] = true
	}
	return m
}()

// mergeWarnings is the sorted, distinct union of known codes (TR-MODEL-9, TR-BOUND-13).
func mergeWarnings(lists ...[]string) []string {
	seen := map[string]bool{}
	out := []string{}
	for _, list := range lists {
		for _, c := range list {
			if knownWarnings[c] && !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
		}
	}
	sort.Strings(out) // codes are ASCII: octet order is code-point order
	return out
}
