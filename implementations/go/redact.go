package toolresult

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// Redactor maps one string to its redacted form (spec §6.3). An error, a panic or an ill-formed
// output gives the mask "***" for that string (TR-PRIV-10).
type Redactor func(s string) (string, error)

// The masking rules, in order (TR-PRIV-16): url-credentials, credential-parameter,
// authorization-header, bearer-token, jwt, key-prefix, aws-key-id, email-address. Go's regexp is RE2
// with leftmost-first matches, the same matches a backtracking engine finds for these patterns, in
// time linear in the string (TR-PRIV-17).
// A credential-named parameter: one of the words in any casing, optionally after a prefix and one
// of "_", "." or "-". A list rather than "any name ending in key", so that a backtracking engine never
// backtracks over a long name, and cursors such as pageToken stay.
var (
	parameterPrefixes = []string{"access", "refresh", "id", "api", "auth", "client", "secret", "private", "session", "app", "subscription", "x-amz", "x-amz-security", "x-goog"}
	parameterWords    = []string{"token", "key", "secret", "password", "passwd", "pwd", "signature", "sig", "credential", "auth"}
)

const keyPrefixes = `sk-|sk_|pk_|rk_|ghp_|gho_|ghu_|ghs_|ghr_|github_pat_|glpat-|xoxa-|xoxb-|xoxe-|xoxo-|xoxp-|xoxr-|xoxs-|xapp-|AKIA|AIza`

// anyCase writes each ASCII letter of the words as the class of its two cases (key: [Kk][Ee][Yy]),
// joined by "|".
func anyCase(words []string) string {
	var b strings.Builder
	for i, w := range words {
		if i > 0 {
			b.WriteByte('|')
		}
		for _, c := range []byte(w) {
			if c >= 'a' && c <= 'z' {
				b.WriteByte('[')
				b.WriteByte(c - 'a' + 'A')
				b.WriteByte(c)
				b.WriteByte(']')
			} else {
				b.WriteByte(c)
			}
		}
	}
	return b.String()
}

var maskRules = []struct {
	pattern     *regexp.Regexp
	replacement string
}{
	{regexp.MustCompile(`://[^\t\n\f\r /?#@]+@`), "://***@"},
	{regexp.MustCompile(`([?&#;](?:(?:` + anyCase(parameterPrefixes) + `)[_.-]?)?(?:` + anyCase(parameterWords) + `)=)[^\t\n\f\r "#&'<>]+`), "${1}***"},
	{regexp.MustCompile(`([Aa][Uu][Tt][Hh][Oo][Rr][Ii][Zz][Aa][Tt][Ii][Oo][Nn]["']?[ \t]*[:=][ \t]*["']?[A-Za-z]+[ \t]+)[A-Za-z0-9._~+/-]+=*`), "${1}***"},
	{regexp.MustCompile(`([Bb][Ee][Aa][Rr][Ee][Rr])[ \t]+[A-Za-z0-9._~+/-]+=*`), "$1 ***"},
	{regexp.MustCompile(`(^|[^A-Za-z0-9_-])eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*`), "${1}***"},
	{regexp.MustCompile(`(^|[^A-Za-z0-9])(?:` + keyPrefixes + `)[A-Za-z0-9_-]{8,}`), "${1}***"},
	{regexp.MustCompile(`(^|[^A-Za-z0-9])(?:A3T[A-Z0-9]|ASIA|ABIA|ACCA)[A-Z2-7]{16}`), "${1}***"},
	{regexp.MustCompile(`(^|[^A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}`), "${1}***"},
}

const (
	maxMaskPasses   = 8
	redactedCap     = 2000
	redactedCapNote = "\u2026[truncated]"
)

// maskPass applies the rules once, each over the whole string.
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
