package toolresult

import (
	"strconv"
	"strings"
)

// omittedPiece is a placeholder of TR-NORM-12 among a draft's pieces: its piece's index and kind.
type omittedPiece struct {
	piece int
	kind  string
}

// addOmitted appends the placeholder of a model-facing block whose bytes stay run-only
// (TR-NORM-12) and notes where it stands (TR-NORM-67).
func (d *draft) addOmitted(kind string) {
	d.omitted = append(d.omitted, omittedPiece{piece: len(d.pieces), kind: kind})
	d.pieces = append(d.pieces, "["+kind+" block omitted]")
}

// dropNotice is "\n[omitted from this result: 1 image block, 2 file blocks]": every placeholder,
// by kind in the order of its first placeholder (TR-NORM-67).
func dropNotice(omitted []omittedPiece) string {
	var kinds []string
	counts := map[string]int{}
	for _, o := range omitted {
		if counts[o.kind] == 0 {
			kinds = append(kinds, o.kind)
		}
		counts[o.kind]++
	}
	items := make([]string, len(kinds))
	for i, k := range kinds {
		word := " blocks"
		if counts[k] == 1 {
			word = " block"
		}
		items[i] = strconv.Itoa(counts[k]) + " " + k + word
	}
	return "\n[omitted from this result: " + strings.Join(items, ", ") + "]"
}

// coercedLen is the octets of s after coercion, or a number above limit once it passes limit:
// coercion never shortens a string of octets, so a longer s is past the limit unscanned.
func coercedLen(s string, limit int) int {
	if len(s) > limit {
		return len(s)
	}
	return len(CoerceText(s))
}

// cutWithDropNotice is the content of TR-NORM-67 when it applies. ok is false when the text fits
// or the cut of TR-BOUND-3 keeps every placeholder whole: the bounder then gives the bytes it
// always gave.
func cutWithDropNotice(pieces []string, omitted []omittedPiece, budget int) (string, bool) {
	if len(omitted) == 0 {
		return "", false
	}
	notice := truncationNotice(budget)
	keep := budget - len(notice)
	total := 0
	for i, p := range pieces {
		if i > 0 {
			total++
		}
		if total > budget {
			break
		}
		total += coercedLen(p, budget-total)
		if total > budget {
			break
		}
	}
	if total <= budget {
		return "", false
	}
	end := 0
	for i := 0; i <= omitted[len(omitted)-1].piece && end <= keep; i++ {
		if i > 0 {
			end++
		}
		if end > keep {
			break
		}
		end += coercedLen(pieces[i], keep-end)
	}
	if end <= keep {
		return "", false
	}
	drop := dropNotice(omitted)
	room := keep - len(drop)
	kept, _ := coercedPrefix(strings.Join(pieces, "\n"), room)
	return kept + notice + drop, true
}

// coercedPrefix is the longest prefix of the coerced s that ends on a code-point boundary and is
// at most n octets, and whether it is shorter than the coerced s. It decodes from the start and stops
// once it passes n, so a long text costs what n lets through (capContent's cut is this walk too).
func coercedPrefix(s string, n int) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(s); {
		size, ok := sequenceAt(s, i)
		piece := "\uFFFD"
		if ok {
			piece = s[i : i+size]
		}
		if b.Len()+len(piece) > n {
			return b.String(), true
		}
		b.WriteString(piece)
		i += size
	}
	return b.String(), false
}
