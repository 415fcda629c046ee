package toolresult

import (
	"math"

	"github.com/toolresult-protocol/toolresult/implementations/go/internal/jsontext"
)

// LedgerError is Restore's refusal of an entry, with its ledger.* code. The message is fixed per
// cause and never quotes the entry (TR-LOG-2).
type LedgerError struct {
	Code    string
	message string
}

func (e *LedgerError) Error() string { return e.message }

func ledgerError(code, message string) *LedgerError { return &LedgerError{code, message} }

// maxEntryDepth is the deepest an entry may nest: the entry, its result and 64 levels (spec §7.2).
const maxEntryDepth = 66

// Persist is the text of a version-1 ledger entry for a bounded result: its RFC 8785 canonical
// JSON, the same bytes in every language (TR-REPLAY-1, TR-REPLAY-2).
func Persist(b Bounded) (string, error) {
	if b.s == nil {
		return "", refusal("Persist")
	}
	return canonicalJSON(map[string]any{"version": float64(1), "result": b.s.toJSON()}), nil
}

// Restore reads an entry back with the given budgets (the defaults when zero). It returns the
// bounded result or a *LedgerError (ledger.malformed, ledger.unknown_version, ledger.not_bounded);
// invalid options are an *OptionsError (spec §7.2).
func Restore(entry string, options BoundOptions) (Bounded, error) {
	budgets, err := options.resolved()
	if err != nil {
		return Bounded{}, err
	}
	p, err := jsontext.Parse(entry, maxEntryDepth)
	if err != nil || p.Duplicate {
		return Bounded{}, ledgerError("ledger.malformed", "the ledger entry is not a JSON text of at most 66 levels with distinct member names")
	}
	if legacy, ok := p.Value.(string); ok {
		// TR-REPLAY-4: a legacy entry is the text of a success result.
		return Bounded{boundWith(input{content: legacy}, budgets)}, nil
	}
	obj, ok := p.Value.(map[string]any)
	if !ok {
		return Bounded{}, ledgerError("ledger.malformed", "the ledger entry is neither a legacy string nor an entry object")
	}
	version, isNumber := obj["version"].(float64)
	if isNumber && version == math.Trunc(version) && version > 1 && !math.IsInf(version, 0) {
		return Bounded{}, ledgerError("ledger.unknown_version", "the ledger entry has a version this implementation does not know")
	}
	read, ok := entryResult(obj, version, isNumber)
	if !ok {
		return Bounded{}, ledgerError("ledger.malformed", "the ledger entry does not have the members and types of a version-1 entry")
	}
	in := input{content: read["content"], isError: read["isError"] == true, artifacts: read["artifacts"], hasArtifacts: true}
	if v, has := read["structured"]; has {
		in.structured, in.hasStructured = v, true
	}
	for _, w := range read["warnings"].([]any) {
		in.warnings = append(in.warnings, w.(map[string]any)["code"].(string))
	}
	out := boundWith(in, budgets)
	// TR-REPLAY-7: the entry must be exactly what bound returns for it.
	if p.LoneSurrogate || !jsonEqual(out.toJSON(), read) {
		return Bounded{}, ledgerError("ledger.not_bounded", "the ledger entry's result is not what the bounder returns for it")
	}
	return Bounded{out}, nil
}

// entryResult checks the members and types of a version-1 entry and returns its result.
func entryResult(obj map[string]any, version float64, isNumber bool) (map[string]any, bool) {
	if !isNumber || version != 1 || len(obj) != 2 {
		return nil, false
	}
	r, ok := obj["result"].(map[string]any)
	if !ok {
		return nil, false
	}
	_, hasStructured := r["structured"]
	want := 4
	if hasStructured {
		want = 5
	}
	if len(r) != want {
		return nil, false
	}
	_, c := r["content"].(string)
	_, e := r["isError"].(bool)
	_, a := r["artifacts"].([]any)
	warnings, w := r["warnings"].([]any)
	if !c || !e || !a || !w {
		return nil, false
	}
	for _, item := range warnings {
		m, ok := item.(map[string]any)
		if !ok || len(m) != 1 {
			return nil, false
		}
		if _, ok := m["code"].(string); !ok {
			return nil, false
		}
	}
	return r, true
}

// jsonEqual is equality of JSON values: numbers by value, members whatever their order.
func jsonEqual(a, b any) bool {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			w, present := y[k]
			if !present || !jsonEqual(v, w) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !jsonEqual(x[i], y[i]) {
				return false
			}
		}
		return true
	case nil:
		return b == nil
	}
	fa, aNum := numberValue(a)
	fb, bNum := numberValue(b)
	if aNum || bNum {
		return aNum && bNum && fa == fb
	}
	return a == b
}
