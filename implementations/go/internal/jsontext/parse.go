// Package jsontext reads JSON texts with a loop, not recursion, and tells the caller what a common
// parser hides: duplicate member names, unpaired surrogate escapes, numbers beyond a double.
package jsontext

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ErrJSON is a text that is not JSON (RFC 8259) or breaks a limit the caller set.
var ErrJSON = errors.New("not a JSON text")

// Parsed is a JSON text read by parseJSON: objects as map[string]any, arrays as []any, numbers as
// float64 (a number too large for a double is an infinity: it is JSON all the same, spec §7.2).
type Parsed struct {
	Value any
	// loneSurrogate: an escape of an unpaired surrogate was read (and written as U+FFFD).
	LoneSurrogate bool
	// duplicate: an object had a member name twice.
	Duplicate bool
	// depth is D of the value (spec §3.4).
	Depth int
}

type parseFrame struct {
	list   []any
	object map[string]any
	key    string
	isObj  bool
}

// Parse reads a whole JSON text with a loop and an explicit stack, so no nesting overflows
// the call stack (TR-REPLAY-6). maxDepth > 0 stops it as soon as the nesting passes that depth.
func Parse(text string, maxDepth int) (Parsed, error) {
	p := jsonReader{s: text}
	var out Parsed
	if !utf8.ValidString(text) {
		return out, ErrJSON
	}
	var stack []*parseFrame
	var done bool
	var result any
	// deliver hands a finished value to the container on top of the stack, or ends the text.
	deliver := func(v any) {
		if len(stack) == 0 {
			result, done = v, true
			return
		}
		top := stack[len(stack)-1]
		if top.isObj {
			if _, dup := top.object[top.key]; dup {
				out.Duplicate = true
			}
			top.object[top.key] = v
		} else {
			top.list = append(top.list, v)
		}
	}
	expectValue := true
	for !done {
		p.skipSpace()
		if p.i >= len(p.s) {
			return out, ErrJSON
		}
		c := p.s[p.i]
		if !expectValue {
			top := stack[len(stack)-1]
			switch {
			case c == ',':
				p.i++
				if top.isObj {
					if err := p.readKey(top, &out); err != nil {
						return out, err
					}
				}
				expectValue = true
				continue
			case c == ']' && !top.isObj, c == '}' && top.isObj:
				p.i++
				stack = stack[:len(stack)-1]
				var v any
				if top.isObj {
					v = top.object
				} else {
					if top.list == nil {
						top.list = []any{}
					}
					v = top.list
				}
				deliver(v)
				continue
			}
			return out, ErrJSON
		}
		switch {
		case c == '[' || c == '{':
			p.i++
			f := &parseFrame{isObj: c == '{'}
			stack = append(stack, f)
			if len(stack) > out.Depth {
				out.Depth = len(stack)
			}
			if maxDepth > 0 && len(stack) > maxDepth {
				return out, ErrJSON
			}
			p.skipSpace()
			closer := byte(']')
			if f.isObj {
				f.object = map[string]any{}
				closer = '}'
			}
			if p.i < len(p.s) && p.s[p.i] == closer {
				p.i++
				stack = stack[:len(stack)-1]
				if f.isObj {
					deliver(f.object)
				} else {
					deliver([]any{})
				}
				expectValue = false
				continue
			}
			if f.isObj {
				if err := p.readKey(f, &out); err != nil {
					return out, err
				}
			}
			expectValue = true
			continue
		case c == '"':
			s, err := p.readString(&out)
			if err != nil {
				return out, err
			}
			deliver(s)
		case c == 't' && strings.HasPrefix(p.s[p.i:], "true"):
			p.i += 4
			deliver(true)
		case c == 'f' && strings.HasPrefix(p.s[p.i:], "false"):
			p.i += 5
			deliver(false)
		case c == 'n' && strings.HasPrefix(p.s[p.i:], "null"):
			p.i += 4
			deliver(nil)
		default:
			f, err := p.readNumber()
			if err != nil {
				return out, err
			}
			deliver(f)
		}
		expectValue = false
	}
	p.skipSpace()
	if p.i != len(p.s) {
		return out, ErrJSON
	}
	out.Value = result
	return out, nil
}

type jsonReader struct {
	s string
	i int
}

func (p *jsonReader) skipSpace() {
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *jsonReader) readKey(f *parseFrame, out *Parsed) error {
	p.skipSpace()
	if p.i >= len(p.s) || p.s[p.i] != '"' {
		return ErrJSON
	}
	key, err := p.readString(out)
	if err != nil {
		return err
	}
	p.skipSpace()
	if p.i >= len(p.s) || p.s[p.i] != ':' {
		return ErrJSON
	}
	p.i++
	f.key = key
	return nil
}

func (p *jsonReader) readString(out *Parsed) (string, error) {
	p.i++ // the opening quote
	start := p.i
	for p.i < len(p.s) && p.s[p.i] != '"' && p.s[p.i] != '\\' && p.s[p.i] >= 0x20 {
		p.i++
	}
	if p.i < len(p.s) && p.s[p.i] == '"' {
		p.i++
		return p.s[start : p.i-1], nil
	}
	var b strings.Builder
	b.WriteString(p.s[start:p.i])
	for {
		if p.i >= len(p.s) {
			return "", ErrJSON
		}
		c := p.s[p.i]
		switch {
		case c == '"':
			p.i++
			return b.String(), nil
		case c < 0x20:
			return "", ErrJSON
		case c != '\\':
			b.WriteByte(c)
			p.i++
			continue
		}
		if p.i+1 >= len(p.s) {
			return "", ErrJSON
		}
		e := p.s[p.i+1]
		p.i += 2
		switch e {
		case '"', '\\', '/':
			b.WriteByte(e)
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'u':
			u, ok := p.hex4()
			if !ok {
				return "", ErrJSON
			}
			r := rune(u)
			if u >= 0xD800 && u <= 0xDBFF && strings.HasPrefix(p.s[p.i:], `\u`) {
				save := p.i
				p.i += 2
				if low, ok := p.hex4(); ok && low >= 0xDC00 && low <= 0xDFFF {
					r = 0x10000 + (rune(u)-0xD800)<<10 + (rune(low) - 0xDC00)
				} else {
					p.i = save
				}
			}
			if r >= 0xD800 && r <= 0xDFFF {
				out.LoneSurrogate = true
				r = utf8.RuneError
			}
			b.WriteRune(r)
		default:
			return "", ErrJSON
		}
	}
}

func (p *jsonReader) hex4() (int, bool) {
	if p.i+4 > len(p.s) {
		return 0, false
	}
	v, err := strconv.ParseUint(p.s[p.i:p.i+4], 16, 32)
	if err != nil || strings.ContainsAny(p.s[p.i:p.i+4], "+-") {
		return 0, false
	}
	p.i += 4
	return int(v), true
}

// readNumber reads the RFC 8259 number grammar; a magnitude beyond a double is an infinity.
func (p *jsonReader) readNumber() (float64, error) {
	start := p.i
	if p.i < len(p.s) && p.s[p.i] == '-' {
		p.i++
	}
	digits := func() int {
		n := 0
		for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
			p.i++
			n++
		}
		return n
	}
	if p.i < len(p.s) && p.s[p.i] == '0' {
		p.i++
	} else if digits() == 0 {
		return 0, ErrJSON
	}
	if p.i < len(p.s) && p.s[p.i] == '.' {
		p.i++
		if digits() == 0 {
			return 0, ErrJSON
		}
	}
	if p.i < len(p.s) && (p.s[p.i] == 'e' || p.s[p.i] == 'E') {
		p.i++
		if p.i < len(p.s) && (p.s[p.i] == '+' || p.s[p.i] == '-') {
			p.i++
		}
		if digits() == 0 {
			return 0, ErrJSON
		}
	}
	f, err := strconv.ParseFloat(p.s[start:p.i], 64)
	if err != nil && !math.IsInf(f, 0) {
		return 0, ErrJSON
	}
	return f, nil
}
