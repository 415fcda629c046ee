package toolresult

import (
	"crypto/sha256"
	"encoding/hex"
	"math"
	"strings"
	"unicode/utf8"
)

// A ledger's key is a call, not a string (spec §7.3): the call ID within a scope, and the
// fingerprint of the tool and arguments it names. A model that reuses "call_0" for another tool or
// other arguments, or another thread that picks the same ID, makes a call of its own: it runs, and is
// never answered with the other call's entry.

// At places a call ID in a ledger: the scope it was claimed in and the fingerprint of the call. The
// zero value is the default scope and a call that names no tool, which is what every claim made
// before scopes and fingerprints existed was (a layout-1 row answers exactly those).
type At struct {
	Scope       string
	Fingerprint string
}

// Call is one tool call as the seam sees it. Only ID is required; a call that gives Scope, Tool and
// Arguments is told apart from every other call that shares its ID.
type Call struct {
	// ID is the model's tool-call ID (TR-REPLAY-21).
	ID string
	// Scope is what the call ID is unique within: the stack's thread, session or run, "" for the
	// default scope. Same rules as a call ID, except that "" is allowed.
	Scope string
	// Tool is the tool's name as the model called it; "" for a call that names no tool (its
	// fingerprint is "", and Arguments must then be nil). A tool name is never empty.
	Tool string
	// Arguments is the call's arguments object as JSON data (map[string]any, as encoding/json
	// decodes it); nil is {}.
	Arguments any
}

// CallError is the refusal of a scope, tool name, arguments or fingerprint. Its message says what is
// wrong and never quotes the value.
type CallError struct{ message string }

func (e *CallError) Error() string { return e.message }

// At is where the call lives in a ledger: its scope, checked, and its fingerprint.
func (c Call) At() (At, error) {
	if err := CheckScope(c.Scope); err != nil {
		return At{}, err
	}
	if c.Tool == "" {
		if c.Arguments != nil {
			return At{}, &CallError{"a call with arguments must name its tool"}
		}
		return At{Scope: c.Scope}, nil
	}
	fingerprint, err := CallFingerprint(c.Tool, c.Arguments)
	if err != nil {
		return At{}, err
	}
	return At{Scope: c.Scope, Fingerprint: fingerprint}, nil
}

// CallFingerprint is the fingerprint of a call of tool with arguments (spec §7.3): the lowercase hex
// SHA-256 of the UTF-8 octets of the canonical JSON (RFC 8785) of {"arguments": arguments, "tool":
// tool}, the same in every language. Arguments are a JSON object as JSON data (map[string]any; nil
// is {}); anything else, a string that is not UTF-8, or a number that is not finite is refused with
// a *CallError that does not quote it, and so is an empty tool name.
func CallFingerprint(tool string, arguments any) (string, error) {
	if tool == "" {
		return "", &CallError{"a tool name must be a non-empty string"}
	}
	if !utf8.ValidString(tool) {
		return "", &CallError{"a tool name must be well-formed UTF-8"}
	}
	if arguments == nil {
		arguments = map[string]any{}
	}
	args, ok := arguments.(map[string]any)
	if !ok || args == nil {
		return "", &CallError{"a call's arguments must be a JSON object (map[string]any)"}
	}
	if why := notJSONData(args, 0); why != "" {
		return "", &CallError{"a call's arguments must be JSON data: " + why}
	}
	sum := sha256.Sum256([]byte(canonicalJSON(map[string]any{"arguments": args, "tool": tool})))
	return hex.EncodeToString(sum[:]), nil
}

// maxArgumentsDepth bounds the nesting CallFingerprint walks, so that a hostile arguments value
// cannot exhaust the stack; no model's arguments come near it. The reference's limit.
const maxArgumentsDepth = 512

// notJSONData says why v is not JSON data that canonical JSON writes exactly, or "" when it is.
func notJSONData(v any, depth int) string {
	switch v.(type) {
	case []any, map[string]any:
		if depth > maxArgumentsDepth {
			return "they nest more than 512 levels"
		}
	}
	switch x := v.(type) {
	case nil, bool:
		return ""
	case string:
		if !utf8.ValidString(x) {
			return "a string is not well-formed UTF-8"
		}
		return ""
	case []any:
		for _, item := range x {
			if why := notJSONData(item, depth+1); why != "" {
				return why
			}
		}
		return ""
	case map[string]any:
		for k, item := range x {
			if !utf8.ValidString(k) {
				return "a member name is not well-formed UTF-8"
			}
			if why := notJSONData(item, depth+1); why != "" {
				return why
			}
		}
		return ""
	}
	f, ok := numberValue(v)
	if !ok {
		return "a value is of a Go type that is not JSON data"
	}
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return "a number is not finite"
	}
	return ""
}

// CheckScope refuses a scope a durable store cannot keep exactly as given: not UTF-8, holding
// U+0000, or longer than 1024 octets (the rules of a call ID, TR-REPLAY-21, except that "" is the
// default scope). The error never quotes the scope.
func CheckScope(scope string) error {
	switch {
	case !utf8.ValidString(scope):
		return &CallError{"a scope must be well-formed UTF-8 (it holds a lone surrogate or other invalid octets)"}
	case strings.IndexByte(scope, 0) >= 0:
		return &CallError{"a scope must not contain U+0000"}
	case len(scope) > MaxCallIDOctets:
		return &CallError{"a scope must be at most 1024 UTF-8 octets"}
	}
	return nil
}

// CheckAt checks where a ledger method is asked to act: at most one At (none is the default), its
// scope as CheckScope, its fingerprint "" or 64 lowercase hex digits (what CallFingerprint returns).
func CheckAt(at []At) (At, error) {
	switch len(at) {
	case 0:
		return At{}, nil
	case 1:
	default:
		return At{}, &CallError{"a ledger call takes at most one At"}
	}
	if err := CheckScope(at[0].Scope); err != nil {
		return At{}, err
	}
	if f := at[0].Fingerprint; f != "" && !isFingerprint(f) {
		return At{}, &CallError{"a fingerprint is empty or 64 lowercase hexadecimal digits (CallFingerprint)"}
	}
	return at[0], nil
}

// CheckCall is CheckCallID and CheckAt together: what a durable store checks before a statement.
func CheckCall(callID string, at []At) (At, error) {
	if err := CheckCallID(callID); err != nil {
		return At{}, err
	}
	return CheckAt(at)
}

func isFingerprint(s string) bool {
	if len(s) != 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !('0' <= s[i] && s[i] <= '9' || 'a' <= s[i] && s[i] <= 'f') {
			return false
		}
	}
	return true
}
