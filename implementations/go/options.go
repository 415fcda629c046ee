package toolresult

import (
	"fmt"
	"math"
)

// The budgets' defaults and range (spec §2.4, TR-MODEL-10).
const (
	DefaultContentBudget    = 50_000
	DefaultArtifactsBudget  = 50_000
	DefaultStructuredBudget = 1_048_576
	MinBudget               = 256
	MaxBudget               = 1_073_741_824
)

// BoundOptions holds the bounder's budgets. A zero budget takes its default.
type BoundOptions struct {
	ContentBudget    int
	ArtifactsBudget  int
	StructuredBudget int
}

// OptionsError is the one error Bound returns: an option out of range or unknown. Its message
// names the option and never its value (TR-EGRESS-5).
type OptionsError struct {
	Option string
	reason string
}

func (e *OptionsError) Error() string { return e.Option + ": " + e.reason }

// Code is the protocol's error code for invalid options.
func (e *OptionsError) Code() string { return "options.invalid" }

var budgetNames = [3]string{"contentBudget", "artifactsBudget", "structuredBudget"}

// resolved gives the three budgets with defaults filled in, or the error naming the first bad one.
func (o BoundOptions) resolved() (BoundOptions, error) {
	values := [3]*int{&o.ContentBudget, &o.ArtifactsBudget, &o.StructuredBudget}
	defaults := [3]int{DefaultContentBudget, DefaultArtifactsBudget, DefaultStructuredBudget}
	for i, p := range values {
		if *p == 0 {
			*p = defaults[i]
		} else if *p < MinBudget || *p > MaxBudget {
			return o, &OptionsError{Option: budgetNames[i], reason: fmt.Sprintf("must be an integer from %d to %d", MinBudget, MaxBudget)}
		}
	}
	return o, nil
}

// ParseBoundOptions reads options decoded from JSON (nil, or a map[string]any holding numbers).
// Absent or null options are all defaults; an unknown member, a non-integer or a value out of
// range is an OptionsError (TR-MODEL-10, spec §3.7).
func ParseBoundOptions(raw any) (BoundOptions, error) {
	var o BoundOptions
	if raw == nil {
		return o, nil
	}
	m, ok := raw.(map[string]any)
	if !ok {
		return o, &OptionsError{Option: "options", reason: "must be an object"}
	}
	return parseBudgets(m, nil)
}

// parseBudgets reads the three budgets of m; a member not a budget is refused unless extra accepts it.
func parseBudgets(m map[string]any, extra func(string) bool) (BoundOptions, error) {
	var o BoundOptions
	targets := map[string]*int{"contentBudget": &o.ContentBudget, "artifactsBudget": &o.ArtifactsBudget, "structuredBudget": &o.StructuredBudget}
	for _, name := range sortedKeys(m) {
		target, known := targets[name]
		if !known {
			if extra != nil && extra(name) {
				continue
			}
			return o, &OptionsError{Option: "options", reason: "names an option the schema does not define"}
		}
		value := m[name]
		if value == Undefined {
			continue // JavaScript's undefined: the default
		}
		f, isNumber := numberValue(value)
		if !isNumber || math.IsNaN(f) || math.IsInf(f, 0) || f != math.Trunc(f) || f < MinBudget || f > MaxBudget {
			return o, &OptionsError{Option: name, reason: fmt.Sprintf("must be an integer from %d to %d", MinBudget, MaxBudget)}
		}
		*target = int(f)
	}
	return o, nil
}
