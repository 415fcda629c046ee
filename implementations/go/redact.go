package toolresult

import (
	"regexp"
	"unicode/utf8"
)

// Redactor maps one string to its redacted form (spec §6.3). An error, a panic or an ill-formed
// output gives the mask "***" for that string (TR-PRIV-10).
type Redactor func(s string) (string, error)

// The four masking rules, in order (TR-PRIV-16). Go's regexp is RE2 with leftmost-first matches,
// the same matches a backtracking engine finds for these patterns.
var maskRules = []struct {
	pattern     *regexp.Regexp
	replacement string
}{
	{regexp.MustCompile(`://[^\t\n\f\r /?#@]+@`), "://***@"},
	{regexp.MustCompile(`([Bb][Ee][Aa][Rr][Ee][Rr])[ \t]+[A-Za-z0-9._~+/-]+=*`), "$1 ***"},
	{regexp.MustCompile(`(^|[^A-Za-z0-9])(?:sk-|sk_|pk_|rk_|ghp_|gho_|ghs_|github_pat_|xoxb-|xoxp-|AKIA|AIza)[A-Za-z0-9_-]{8,}`), "${1}***"},
	{regexp.MustCompile(`(^|[^A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}`), "${1}***"},
}

const (
	maxMaskPasses   = 8
	redactedCap     = 2000
	redactedCapNote = "\u2026[truncated]"
)

// maskPass applies the four rules once, each over the whole string.
func maskPass(s string) string {
	for _, rule := range maskRules {
		s = rule.pattern.ReplaceAllString(s, rule.replacement)
	}
	return s
}

// DefaultRedactor masks the secret shapes of spec §6.3, repeating passes until one changes
// nothing (at most 8, then "***"), and caps the result at 2,000 octets.
func DefaultRedactor(s string) (string, error) {
	for pass := 1; ; pass++ {
		next := maskPass(s)
		if next == s {
			break
		}
		if pass == maxMaskPasses {
			return "***", nil
		}
		s = next
	}
	if len(s) > redactedCap {
		s = prefixOctets(s, redactedCap-len(redactedCapNote)) + redactedCapNote
	}
	return s, nil
}

// safeRedact runs a redactor so that nothing of its failure escapes (TR-PRIV-10, TR-LOG-4).
func safeRedact(r Redactor, s string) (out string) {
	defer func() {
		if recover() != nil {
			out = "***"
		}
	}()
	v, err := r(s)
	if err != nil || !utf8.ValidString(v) || CoerceText(v) != v {
		return "***"
	}
	return v
}
