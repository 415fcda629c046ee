package toolresult

import (
	"math"
	"strconv"
	"strings"
)

// maxSafe is 2^53 - 1, the largest magnitude a data number may have (spec §3.3).
const maxSafe = 9007199254740991

// formatNumber writes a finite double as ECMAScript Number::toString does (RFC 8785 §3.2.2.3),
// the form every length and serialization of the protocol uses. -0 is written 0 (TR-BOUND-5).
func formatNumber(v float64) string {
	if v == 0 {
		return "0"
	}
	sign := ""
	if v < 0 {
		sign = "-"
		v = -v
	}
	// The shortest round-trip digits, as d.ddde±x.
	e := strconv.FormatFloat(v, 'e', -1, 64)
	mant, expText, _ := strings.Cut(e, "e")
	digits := strings.Replace(mant, ".", "", 1)
	exp, _ := strconv.Atoi(expText)
	k := len(digits)
	n := exp + 1 // the value is 0.digits x 10^n
	var out string
	switch {
	case k <= n && n <= 21:
		out = digits + strings.Repeat("0", n-k)
	case 0 < n && n <= 21:
		out = digits[:n] + "." + digits[n:]
	case -6 < n && n <= 0:
		out = "0." + strings.Repeat("0", -n) + digits
	default:
		expSign := "+"
		if n-1 < 0 {
			expSign = "-"
		}
		x := n - 1
		if x < 0 {
			x = -x
		}
		if k == 1 {
			out = digits + "e" + expSign + strconv.Itoa(x)
		} else {
			out = digits[:1] + "." + digits[1:] + "e" + expSign + strconv.Itoa(x)
		}
	}
	return sign + out
}

// isDataNumber reports whether a double is a node of JSON data: finite and within ±(2^53 - 1).
func isDataNumber(v float64) bool {
	return !math.IsNaN(v) && !math.IsInf(v, 0) && math.Abs(v) <= maxSafe
}
