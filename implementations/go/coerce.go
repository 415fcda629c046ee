package toolresult

import "strings"

// CoerceText turns a Go string, which holds octets, into well-formed UTF-8 (TR-BOUND-1): each
// maximal subpart of an ill-formed sequence becomes one U+FFFD, and nothing else changes
// (TR-BOUND-2: a byte order mark and U+0000 are kept). Go's own decoders replace one octet at a
// time, or a whole run, so this walks the Unicode table 3-7 itself.
func CoerceText(s string) string {
	if wellFormed(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		n, ok := sequenceAt(s, i)
		if ok {
			b.WriteString(s[i : i+n])
		} else {
			b.WriteString("\uFFFD")
		}
		i += n
	}
	return b.String()
}

// wellFormed reports whether s is well-formed UTF-8 (no surrogate octets, nothing above U+10FFFF).
func wellFormed(s string) bool {
	for i := 0; i < len(s); {
		if s[i] < 0x80 {
			i++
			continue
		}
		n, ok := sequenceAt(s, i)
		if !ok {
			return false
		}
		i += n
	}
	return true
}

// sequenceAt reads the sequence starting at s[i]: its length and whether it is well-formed. An
// ill-formed one has the length of its maximal subpart (at least 1), which is one U+FFFD.
func sequenceAt(s string, i int) (int, bool) {
	c := s[i]
	var need int
	lo, hi := byte(0x80), byte(0xBF)
	switch {
	case c < 0x80:
		return 1, true
	case c >= 0xC2 && c <= 0xDF:
		need = 1
	case c == 0xE0:
		need, lo = 2, 0xA0
	case c >= 0xE1 && c <= 0xEC, c == 0xEE, c == 0xEF:
		need = 2
	case c == 0xED:
		need, hi = 2, 0x9F
	case c == 0xF0:
		need, lo = 3, 0x90
	case c >= 0xF1 && c <= 0xF3:
		need = 3
	case c == 0xF4:
		need, hi = 3, 0x8F
	default:
		return 1, false
	}
	j := i + 1
	for k := 0; k < need; k++ {
		if j >= len(s) {
			return j - i, false
		}
		d := s[j]
		if k == 0 {
			if d < lo || d > hi {
				return j - i, false
			}
		} else if d < 0x80 || d > 0xBF {
			return j - i, false
		}
		j++
	}
	return j - i, true
}

// prefixOctets is the longest prefix of the well-formed string s that ends on a code-point
// boundary and is at most n octets.
func prefixOctets(s string, n int) string {
	if n >= len(s) {
		return s
	}
	if n < 0 {
		return ""
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n]
}

// PrefixOctets is the longest prefix of a well-formed string that ends on a code-point boundary
// and is at most n octets (spec §8.5's prefix(s, n)).
func PrefixOctets(s string, n int64) string {
	if n >= int64(len(s)) {
		return s
	}
	return prefixOctets(s, int(n))
}
