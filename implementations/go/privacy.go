package toolresult

import (
	"sort"
)

// Level is an audit record's privacy level (spec §6.1).
type Level string

// The levels, strictest first.
const (
	LevelNone     Level = "none"
	LevelMetadata Level = "metadata"
	LevelRedacted Level = "redacted"
	LevelFull     Level = "full"
)

var levelRank = map[Level]int{LevelNone: 0, LevelMetadata: 1, LevelRedacted: 2, LevelFull: 3}

// StrictestLevel is the level of several settings: the strictest one set (TR-PRIV-2); a setting
// that is not a level counts as none, and no setting at all is metadata (TR-PRIV-1).
func StrictestLevel(settings ...string) Level {
	if len(settings) == 0 {
		return LevelMetadata
	}
	out := LevelFull
	for _, s := range settings {
		rank, known := levelRank[Level(s)]
		if !known {
			return LevelNone
		}
		if rank < levelRank[out] {
			out = Level(s)
		}
	}
	return out
}

// AuditOptions configures AuditRecord: a Redactor for the redacted level (DefaultRedactor when
// nil) and a Logger.
type AuditOptions struct {
	Redactor Redactor
	Logger   Logger
}

// AuditRecord is the audit record of a tool step at a level (spec §6.2), as JSON data that
// validates against audit-record.schema.json (TR-PRIV-11).
func AuditRecord(b Bounded, level Level, options AuditOptions) (map[string]any, error) {
	if b.s == nil {
		return nil, refusal("AuditRecord")
	}
	if _, known := levelRank[level]; !known {
		level = LevelNone // a typo fails closed (TR-PRIV-2)
	}
	record := map[string]any{"version": 1, "level": string(level)}
	if level == LevelNone {
		return record, nil // TR-PRIV-3
	}
	record["summary"] = summary(b.s)
	switch level {
	case LevelFull:
		record["result"] = b.s.toJSON()
	case LevelRedacted:
		r := options.Redactor
		if r == nil {
			r = DefaultRedactor
		}
		record["result"] = redactResult(b.s, r)
	}
	return record, nil
}

// summary is the metadata of a bounded result: numbers, booleans and closed-set values only
// (TR-PRIV-4, TR-PRIV-5).
func summary(s *sealed) map[string]any {
	types := []string{}
	seen := map[string]bool{}
	for _, a := range s.artifacts {
		if m, ok := a.(map[string]any); ok {
			if t, ok := m["type"].(string); ok && (t == "table" || t == "text") && !seen[t] {
				seen[t] = true
				types = append(types, t)
			}
		}
	}
	sort.Strings(types)
	out := map[string]any{
		"isError":         s.isError,
		"contentOctets":   len(s.content),
		"hasStructured":   s.hasStructured,
		"artifactCount":   len(s.artifacts),
		"artifactsOctets": len(canonicalJSON(s.artifacts)),
		"artifactTypes":   types,
		"warnings":        append([]string{}, s.warnings...),
	}
	if s.hasStructured {
		out["structuredOctets"] = len(canonicalJSON(s.structured))
	}
	return out
}

// redactResult is the bounded result with every data string passed through the redactor and the
// protocol's own member names kept (TR-PRIV-7).
func redactResult(s *sealed, r Redactor) map[string]any {
	out := s.toJSON()
	out["content"] = safeRedact(r, s.content)
	if s.hasStructured {
		out["structured"] = redactValue(out["structured"], r)
	}
	artifacts := out["artifacts"].([]any)
	for i, a := range artifacts {
		m := a.(map[string]any)
		item := map[string]any{}
		for k, v := range m {
			if k == "data" {
				item[k] = redactData(v, r)
			} else if text, ok := v.(string); ok {
				item[k] = safeRedact(r, text)
			} else {
				item[k] = v
			}
		}
		artifacts[i] = item
	}
	return out
}

// redactData redacts the strings of an artifact's data, whose member names the protocol fixes.
func redactData(v any, r Redactor) any {
	switch x := v.(type) {
	case string:
		return safeRedact(r, x)
	case []any:
		out := make([]any, len(x))
		for i, item := range x {
			out[i] = redactData(item, r)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, item := range x {
			out[k] = redactData(item, r)
		}
		return out
	}
	return v
}

// redactValue redacts every string leaf and key of a structured value; keys that redact alike are
// named k, k#2, k#3... in the order of their original keys (TR-PRIV-9), with one counter per
// redacted key so naming stays linear (TR-PRIV-13).
func redactValue(v any, r Redactor) any {
	switch x := v.(type) {
	case string:
		return safeRedact(r, x)
	case []any:
		out := make([]any, len(x))
		for i, item := range x {
			out[i] = redactValue(item, r)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		next := map[string]int{}
		for _, k := range sortedKeys(x) {
			base := safeRedact(r, k)
			name := base
			if _, taken := out[name]; taken {
				n := next[base]
				if n < 2 {
					n = 2
				}
				for {
					name = base + "#" + quoteInt(n)
					n++
					if _, taken := out[name]; !taken {
						break
					}
				}
				next[base] = n
			}
			out[name] = redactValue(x[k], r)
		}
		return out
	}
	return v
}
