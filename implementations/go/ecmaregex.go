package toolresult

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A pattern of an output schema is an ECMAScript regular expression with the u flag (spec §10.5).
// Go's regexp is RE2, a linear-time engine, so every pattern runs there after this translation,
// except the set every implementation refuses alike (TR-NORM-65, the lead's pattern rule):
// invalid u-mode syntax, backreferences, lookaround, Unicode property escapes, weight above 1,000.

var (
	errPatternSyntax = errors.New("not a valid ECMAScript u-mode pattern")
	errCannotRun     = errors.New("the pattern cannot run in linear time")
)

// maxPatternWeight is the largest weight a pattern may have.
const maxPatternWeight = 1000

// compilePattern translates and compiles an ECMAScript pattern for a search (a match anywhere).
func compilePattern(pattern string) (*regexp.Regexp, error) {
	p := &patternParser{src: []rune(pattern)}
	out, weight, err := p.disjunction()
	if err != nil {
		return nil, err
	}
	if p.pos != len(p.src) {
		return nil, errPatternSyntax // an unmatched ')'
	}
	if weight > maxPatternWeight {
		return nil, errCannotRun
	}
	for _, name := range p.refNames {
		if !p.names[name] {
			return nil, errPatternSyntax
		}
	}
	if len(p.refNames) > 0 {
		return nil, errCannotRun
	}
	re, err := regexp.Compile(out)
	if err != nil {
		return nil, errCannotRun // a construct RE2 refuses; never read as a match or no match
	}
	return re, nil
}

type patternParser struct {
	src      []rune
	pos      int
	names    map[string]bool
	refNames []string
}

func (p *patternParser) peek() (rune, bool) {
	if p.pos < len(p.src) {
		return p.src[p.pos], true
	}
	return 0, false
}

func (p *patternParser) eat(r rune) bool {
	if c, ok := p.peek(); ok && c == r {
		p.pos++
		return true
	}
	return false
}

// saturating weight arithmetic: anything above the limit stays above it.
const weightCap = 1 << 40

func addWeight(a, b int64) int64 {
	if a+b > weightCap {
		return weightCap
	}
	return a + b
}

func mulWeight(a, b int64) int64 {
	if a != 0 && b > weightCap/a {
		return weightCap
	}
	return a * b
}

func (p *patternParser) disjunction() (string, int64, error) {
	var parts []string
	var weight int64
	for {
		s, w, err := p.alternative()
		if err != nil {
			return "", 0, err
		}
		parts = append(parts, s)
		weight = addWeight(weight, w)
		if !p.eat('|') {
			break
		}
	}
	return strings.Join(parts, "|"), weight, nil
}

func (p *patternParser) alternative() (string, int64, error) {
	var b strings.Builder
	var weight int64
	for {
		c, ok := p.peek()
		if !ok || c == '|' || c == ')' {
			return b.String(), weight, nil
		}
		atom, w, quantifiable, err := p.term()
		if err != nil {
			return "", 0, err
		}
		q, times, isQuantifier, err := p.quantifier()
		if err != nil {
			return "", 0, err
		}
		if isQuantifier {
			if !quantifiable {
				return "", 0, errPatternSyntax
			}
			if w == 0 {
				// Nothing but empty alternatives: it matches "" however often it is repeated,
				// and RE2 would refuse a count above 1,000.
				b.WriteString(atom)
				continue
			}
			atom = "(?:" + atom + ")" + q
			w = mulWeight(w, times)
		}
		b.WriteString(atom)
		weight = addWeight(weight, w)
	}
}

// quantifier reads *, +, ?, {n}, {n,}, {n,m} and a lazy ?; times is the larger number (at least 1).
func (p *patternParser) quantifier() (string, int64, bool, error) {
	c, ok := p.peek()
	if !ok {
		return "", 0, false, nil
	}
	var q string
	var times int64 = 1
	switch c {
	case '*', '+', '?':
		p.pos++
		q = string(c)
	case '{':
		p.pos++
		n, okN := p.number()
		if !okN {
			return "", 0, false, errPatternSyntax // a lone { is an error in u-mode
		}
		q = "{" + strconv.FormatInt(minInt64(n, 1000), 10)
		times = n
		if p.eat(',') {
			if m, okM := p.number(); okM {
				if m < n {
					return "", 0, false, errPatternSyntax
				}
				q += "," + strconv.FormatInt(minInt64(m, 1000), 10)
				if m > times {
					times = m
				}
			} else {
				q += ","
			}
		}
		if !p.eat('}') {
			return "", 0, false, errPatternSyntax
		}
		q += "}"
	default:
		return "", 0, false, nil
	}
	if p.eat('?') {
		q += "?"
	}
	if times < 1 {
		times = 1
	}
	return q, times, true, nil
}

func minInt64(a, b int64) int64 {
	if a < b {
		return a
	}
	return b
}

func (p *patternParser) number() (int64, bool) {
	start := p.pos
	var n int64
	for p.pos < len(p.src) && p.src[p.pos] >= '0' && p.src[p.pos] <= '9' {
		if n < weightCap {
			n = n*10 + int64(p.src[p.pos]-'0')
		}
		p.pos++
	}
	return n, p.pos > start
}

// term reads an assertion or an atom: its Go form, its weight and whether it may be quantified.
func (p *patternParser) term() (string, int64, bool, error) {
	c := p.src[p.pos]
	p.pos++
	switch c {
	case '^':
		return `^`, 1, false, nil
	case '$':
		return `\z`, 1, false, nil
	case '.':
		return classString(negate([]runeRange{{'\n', '\n'}, {'\r', '\r'}, {0x2028, 0x2029}})), 1, true, nil
	case '(':
		return p.group()
	case '[':
		ranges, err := p.class()
		if err != nil {
			return "", 0, false, err
		}
		return classString(ranges), 1, true, nil
	case '\\':
		return p.atomEscape()
	case '*', '+', '?', '{', '}', ']', ')', '|':
		return "", 0, false, errPatternSyntax
	}
	return literal(c), 1, true, nil
}

func (p *patternParser) group() (string, int64, bool, error) {
	if p.eat('?') {
		switch {
		case p.eat(':'):
		case p.eat('='), p.eat('!'):
			return "", 0, false, errCannotRun // lookahead
		case p.eat('<'):
			if p.eat('=') || p.eat('!') {
				return "", 0, false, errCannotRun // lookbehind
			}
			name, ok := p.groupName()
			if !ok {
				return "", 0, false, errPatternSyntax
			}
			if p.names == nil {
				p.names = map[string]bool{}
			}
			if p.names[name] {
				return "", 0, false, errPatternSyntax
			}
			p.names[name] = true
		default:
			return "", 0, false, errPatternSyntax
		}
	}
	inner, w, err := p.disjunction()
	if err != nil {
		return "", 0, false, err
	}
	if !p.eat(')') {
		return "", 0, false, errPatternSyntax
	}
	return "(?:" + inner + ")", w, true, nil
}

// groupName reads an identifier up to '>' (ASCII identifiers and $ _ ; enough to tell a name).
func (p *patternParser) groupName() (string, bool) {
	start := p.pos
	for p.pos < len(p.src) && p.src[p.pos] != '>' {
		c := p.src[p.pos]
		first := p.pos == start
		if !(c == '$' || c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c > 0x7F || !first && c >= '0' && c <= '9') {
			return "", false
		}
		p.pos++
	}
	if p.pos == start || !p.eat('>') {
		return "", false
	}
	return string(p.src[start : p.pos-1]), true
}

func (p *patternParser) atomEscape() (string, int64, bool, error) {
	c, ok := p.peek()
	if !ok {
		return "", 0, false, errPatternSyntax
	}
	switch {
	case c == 'b':
		p.pos++
		return `\b`, 1, false, nil
	case c == 'B':
		p.pos++
		return `\B`, 1, false, nil
	case c >= '1' && c <= '9':
		return "", 0, false, errCannotRun // a backreference
	case c == 'k':
		p.pos++
		if !p.eat('<') {
			return "", 0, false, errPatternSyntax
		}
		name, ok := p.groupName()
		if !ok {
			return "", 0, false, errPatternSyntax
		}
		p.refNames = append(p.refNames, name)
		return "", 1, true, nil
	}
	ranges, isClass, err := p.classEscape()
	if err != nil {
		return "", 0, false, err
	}
	if isClass {
		return classString(ranges), 1, true, nil
	}
	r, err := p.characterEscape(false)
	if err != nil {
		return "", 0, false, err
	}
	if r >= 0xD800 && r <= 0xDFFF {
		return classString(nil), 1, true, nil // a lone surrogate: no well-formed subject holds one
	}
	return literal(r), 1, true, nil
}

// classEscape reads \d \D \s \S \w \W (ASCII and ECMAScript white space); \p and \P cannot run.
func (p *patternParser) classEscape() ([]runeRange, bool, error) {
	c := p.src[p.pos]
	var ranges []runeRange
	switch c {
	case 'd', 'D':
		ranges = []runeRange{{'0', '9'}}
	case 'w', 'W':
		ranges = []runeRange{{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}}
	case 's', 'S':
		ranges = []runeRange{{'\t', '\r'}, {' ', ' '}, {0xA0, 0xA0}, {0x1680, 0x1680}, {0x2000, 0x200A},
			{0x2028, 0x2029}, {0x202F, 0x202F}, {0x205F, 0x205F}, {0x3000, 0x3000}, {0xFEFF, 0xFEFF}}
	case 'p', 'P':
		return nil, false, errCannotRun
	default:
		return nil, false, nil
	}
	p.pos++
	if c == 'D' || c == 'W' || c == 'S' {
		ranges = negate(ranges)
	}
	return ranges, true, nil
}

// characterEscape reads the escape after '\' that stands for one character.
func (p *patternParser) characterEscape(inClass bool) (rune, error) {
	c := p.src[p.pos]
	p.pos++
	switch c {
	case 'f':
		return '\f', nil
	case 'n':
		return '\n', nil
	case 'r':
		return '\r', nil
	case 't':
		return '\t', nil
	case 'v':
		return '\v', nil
	case 'c':
		if l, ok := p.peek(); ok && (l >= 'a' && l <= 'z' || l >= 'A' && l <= 'Z') {
			p.pos++
			return l % 32, nil
		}
		return 0, errPatternSyntax
	case '0':
		if d, ok := p.peek(); ok && d >= '0' && d <= '9' {
			return 0, errPatternSyntax
		}
		return 0, nil
	case 'x':
		v, ok := p.hex(2)
		if !ok {
			return 0, errPatternSyntax
		}
		return v, nil
	case 'u':
		return p.unicodeEscape()
	case '^', '$', '\\', '.', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|', '/':
		return c, nil
	case '-':
		if inClass {
			return c, nil
		}
	}
	return 0, errPatternSyntax
}

func (p *patternParser) hex(n int) (rune, bool) {
	if p.pos+n > len(p.src) {
		return 0, false
	}
	v, err := strconv.ParseUint(string(p.src[p.pos:p.pos+n]), 16, 32)
	if err != nil || strings.ContainsAny(string(p.src[p.pos:p.pos+n]), "+-") {
		return 0, false
	}
	p.pos += n
	return rune(v), true
}

func (p *patternParser) unicodeEscape() (rune, error) {
	if p.eat('{') {
		start := p.pos
		for p.pos < len(p.src) && p.src[p.pos] != '}' {
			p.pos++
		}
		digits := string(p.src[start:p.pos])
		if !p.eat('}') || digits == "" || strings.ContainsAny(digits, "+-") {
			return 0, errPatternSyntax
		}
		v, err := strconv.ParseUint(digits, 16, 32)
		if err != nil || v > 0x10FFFF {
			return 0, errPatternSyntax
		}
		return rune(v), nil
	}
	hi, ok := p.hex(4)
	if !ok {
		return 0, errPatternSyntax
	}
	if hi >= 0xD800 && hi <= 0xDBFF && p.pos+6 <= len(p.src) && p.src[p.pos] == '\\' && p.src[p.pos+1] == 'u' {
		save := p.pos
		p.pos += 2
		if lo, ok := p.hex(4); ok && lo >= 0xDC00 && lo <= 0xDFFF {
			return 0x10000 + (hi-0xD800)<<10 + (lo - 0xDC00), nil
		}
		p.pos = save
	}
	return hi, nil
}

// class reads a character class after '[' up to its ']'.
func (p *patternParser) class() ([]runeRange, error) {
	negated := p.eat('^')
	var ranges []runeRange
	for {
		c, ok := p.peek()
		if !ok {
			return nil, errPatternSyntax
		}
		if c == ']' {
			p.pos++
			break
		}
		lo, loSet, err := p.classAtom()
		if err != nil {
			return nil, err
		}
		if c2, ok := p.peek(); ok && c2 == '-' && p.pos+1 < len(p.src) && p.src[p.pos+1] != ']' {
			p.pos++
			hi, hiSet, err := p.classAtom()
			if err != nil {
				return nil, err
			}
			if loSet != nil || hiSet != nil || lo > hi {
				return nil, errPatternSyntax
			}
			ranges = append(ranges, runeRange{lo, hi})
			continue
		}
		if loSet != nil {
			ranges = append(ranges, loSet...)
		} else {
			ranges = append(ranges, runeRange{lo, lo})
		}
	}
	ranges = normalizeRanges(ranges)
	if negated {
		ranges = negate(ranges)
	}
	return ranges, nil
}

// classAtom reads one character of a class, or a class escape (returned as a set).
func (p *patternParser) classAtom() (rune, []runeRange, error) {
	c := p.src[p.pos]
	p.pos++
	if c != '\\' {
		return c, nil, nil
	}
	e, ok := p.peek()
	if !ok {
		return 0, nil, errPatternSyntax
	}
	if e == 'b' {
		p.pos++
		return '\b', nil, nil
	}
	set, isClass, err := p.classEscape()
	if err != nil {
		return 0, nil, err
	}
	if isClass {
		return 0, set, nil
	}
	if e >= '1' && e <= '9' || e == 'k' || e == 'B' {
		return 0, nil, errPatternSyntax
	}
	r, err := p.characterEscape(true)
	return r, nil, err
}

type runeRange struct{ lo, hi rune }

func normalizeRanges(in []runeRange) []runeRange {
	if len(in) == 0 {
		return nil
	}
	sorted := append([]runeRange{}, in...)
	for i := 1; i < len(sorted); i++ {
		for j := i; j > 0 && sorted[j].lo < sorted[j-1].lo; j-- {
			sorted[j], sorted[j-1] = sorted[j-1], sorted[j]
		}
	}
	out := []runeRange{sorted[0]}
	for _, r := range sorted[1:] {
		last := &out[len(out)-1]
		if r.lo <= last.hi+1 {
			if r.hi > last.hi {
				last.hi = r.hi
			}
			continue
		}
		out = append(out, r)
	}
	return out
}

func negate(in []runeRange) []runeRange {
	in = normalizeRanges(in)
	var out []runeRange
	next := rune(0)
	for _, r := range in {
		if r.lo > next {
			out = append(out, runeRange{next, r.lo - 1})
		}
		next = r.hi + 1
	}
	if next <= utf8.MaxRune {
		out = append(out, runeRange{next, utf8.MaxRune})
	}
	return out
}

func classString(ranges []runeRange) string {
	if len(ranges) == 0 {
		return `[^\x00-\x{10FFFF}]`
	}
	var b strings.Builder
	b.WriteByte('[')
	for _, r := range ranges {
		b.WriteString(`\x{` + strconv.FormatInt(int64(r.lo), 16) + `}`)
		if r.hi != r.lo {
			b.WriteString(`-\x{` + strconv.FormatInt(int64(r.hi), 16) + `}`)
		}
	}
	b.WriteByte(']')
	return b.String()
}

func literal(r rune) string {
	if r < 0x80 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
		return string(r)
	}
	return `\x{` + strconv.FormatInt(int64(r), 16) + `}`
}
