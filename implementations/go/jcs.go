package toolresult

import (
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// appendJCS writes a value of JSON data (as copyData returns it: well-formed strings, data
// numbers as float64, []any, map[string]any, bool, nil) as RFC 8785 canonical JSON (spec §7.1).
// The values it is given are bounded, so nest at most 64 levels: recursion is safe here.
func appendJCS(b *strings.Builder, v any) {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		if x {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case float64:
		b.WriteString(formatNumber(x))
	case string:
		appendJCSString(b, x)
	case []any:
		if x == nil {
			b.WriteString("null")
			return
		}
		b.WriteByte('[')
		for i, item := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			appendJCS(b, item)
		}
		b.WriteByte(']')
	case map[string]any:
		if x == nil {
			b.WriteString("null")
			return
		}
		b.WriteByte('{')
		for i, k := range sortedKeys(x) {
			if i > 0 {
				b.WriteByte(',')
			}
			appendJCSString(b, k)
			b.WriteByte(':')
			appendJCS(b, x[k])
		}
		b.WriteByte('}')
	default:
		if f, ok := numberValue(v); ok {
			b.WriteString(formatNumber(f))
			return
		}
		b.WriteString("null") // not reached for bounded data
	}
}

// CanonicalJSON is the RFC 8785 text of a value of JSON data.
func canonicalJSON(v any) string {
	var b strings.Builder
	appendJCS(&b, v)
	return b.String()
}

const hexDigits = "0123456789abcdef"

func appendJCSString(b *strings.Builder, s string) {
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\b':
			b.WriteString(`\b`)
		case '\t':
			b.WriteString(`\t`)
		case '\n':
			b.WriteString(`\n`)
		case '\f':
			b.WriteString(`\f`)
		case '\r':
			b.WriteString(`\r`)
		default:
			if c < 0x20 {
				b.WriteString(`\u00`)
				b.WriteByte(hexDigits[c>>4])
				b.WriteByte(hexDigits[c&0xF])
			} else {
				b.WriteByte(c)
			}
		}
	}
	b.WriteByte('"')
}

// sortedKeys lists a map's keys in the order of their UTF-16 code units, as JCS sorts them.
func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return utf16Less(keys[i], keys[j]) })
	return keys
}

// utf16Less compares two well-formed strings by their UTF-16 code units: code points compare as
// themselves, except that U+E000..U+FFFF sort above the astral ones (which are D800..DFFF units).
func utf16Less(a, b string) bool {
	for len(a) > 0 && len(b) > 0 {
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		if ra != rb {
			return utf16Rank(ra) < utf16Rank(rb)
		}
		a, b = a[na:], b[nb:]
	}
	return len(a) == 0 && len(b) > 0
}

func utf16Rank(r rune) rune {
	if r >= 0xE000 && r <= 0xFFFF {
		return r + 0x200000
	}
	return r
}

// copyData is the coerced copy of a value whose verdict is ok: keys and strings coerced, numbers
// as float64 with -0 as 0 (TR-BOUND-1, TR-BOUND-5). Depth is at most 64 here.
func copyData(v any) any {
	switch x := v.(type) {
	case nil:
		return nil
	case bool:
		return v
	case string:
		// The interface value itself when coercion changes nothing: boxing the string again
		// would allocate once per string, most of the cost of copying a table.
		if wellFormed(x) {
			return v
		}
		return CoerceText(x)
	case float64:
		if x != 0 {
			return v
		}
		return float64(0)
	case []any:
		if x == nil {
			return nil
		}
		out := make([]any, len(x))
		for i, item := range x {
			out[i] = copyData(item)
		}
		return out
	case map[string]any:
		if x == nil {
			return nil
		}
		out := make(map[string]any, len(x))
		for k, item := range x {
			out[CoerceText(k)] = copyData(item)
		}
		return out
	}
	f, _ := numberValue(v)
	if f == 0 {
		return float64(0)
	}
	return f
}

func quoteInt(n int) string { return strconv.Itoa(n) }

// CanonicalJSON is the RFC 8785 text of a value of JSON data, as copied out of a bounded result.
func CanonicalJSON(v any) string { return canonicalJSON(v) }
