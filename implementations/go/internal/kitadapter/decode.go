// Package kitadapter is the conformance adapter's logic (spec/09-conformance.md): tagged values to
// Go values, one request to one response. cmd/toolresult-adapter runs it over stdin and stdout.
package kitadapter

import (
	"encoding/hex"
	"math"
	"math/big"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	toolresult "github.com/toolresult-protocol/toolresult/implementations/go"
)

// tagError is a tag the adapter cannot decode: the request is malformed (adapter.bad_input).
type tagError struct{ msg string }

func (e *tagError) Error() string { return e.msg }

func badTag(msg string) error { return &tagError{msg} }

// The opaque kinds (spec §9.2, the Go column): values that are not JSON data to the bounder.
type classInstance struct{ secret string }

type proxy struct{}

func (proxy) String() string { panic("a proxy trap ran") }

type getterMap map[string]any

func (getterMap) Value() any { return "getter" }

type throwingMap map[string]any

func (throwingMap) Value() any { panic("a getter ran") }

type toJSONMap map[string]any

func (toJSONMap) MarshalJSON() ([]byte, error) { panic("MarshalJSON ran") }

func opaque(kind string) (any, error) {
	switch kind {
	case "undefined":
		return toolresult.Undefined, nil
	case "function":
		return func() {}, nil
	case "symbol":
		return make(chan int), nil
	case "date":
		return time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), nil
	case "map":
		m := &sync.Map{}
		m.Store("k", "v")
		return m, nil
	case "set":
		return map[any]struct{}{1: {}, 2: {}}, nil
	case "bytes-object":
		return []byte{0, 1, 2}, nil
	case "class-instance":
		return &classInstance{secret: "opaque-instance-field"}, nil
	case "proxy":
		return proxy{}, nil
	case "getter":
		return getterMap{"value": "x"}, nil
	case "throwing-getter":
		return throwingMap{"value": "x"}, nil
	case "to-json":
		return toJSONMap{"value": "x"}, nil
	case "non-string-key":
		return map[int]any{1: "one"}, nil
	}
	return nil, badTag("unknown opaque kind")
}

// decoder turns tagged values into Go values; ancestors are the containers being built, for cycles.
type decoder struct{ ancestors []any }

// Decode is the native value of a tagged value (TR-CONF-4). It measures and rejects nothing.
func Decode(v any) (any, error) {
	d := &decoder{}
	return d.decode(v)
}

func (d *decoder) decode(v any) (any, error) {
	switch x := v.(type) {
	case []any:
		out := make([]any, len(x))
		d.ancestors = append(d.ancestors, out)
		for i, item := range x {
			dv, err := d.decode(item)
			if err != nil {
				return nil, err
			}
			out[i] = dv
		}
		d.ancestors = d.ancestors[:len(d.ancestors)-1]
		return out, nil
	case map[string]any:
		if _, tagged := x["$tr"]; tagged {
			return d.tag(x)
		}
		out := make(map[string]any, len(x))
		d.ancestors = append(d.ancestors, out)
		for k, item := range x {
			dv, err := d.decode(item)
			if err != nil {
				return nil, err
			}
			out[k] = dv
		}
		d.ancestors = d.ancestors[:len(d.ancestors)-1]
		return out, nil
	}
	return v, nil
}

func intMember(tag map[string]any, name string) (int, bool) {
	f, ok := tag[name].(float64)
	if !ok || f != math.Trunc(f) || f < 0 || f > 1<<40 {
		return 0, false
	}
	return int(f), true
}

func (d *decoder) tag(tag map[string]any) (any, error) {
	kind, _ := tag["$tr"].(string)
	switch kind {
	case "bytes":
		h, _ := tag["hex"].(string)
		b, err := hex.DecodeString(h)
		if err != nil {
			return nil, badTag("bytes tag with bad hex")
		}
		return string(b), nil
	case "utf16":
		units, ok := tag["units"].([]any)
		if !ok {
			return nil, badTag("utf16 tag without units")
		}
		return utf16ToUTF8(units)
	case "number":
		switch tag["value"] {
		case "NaN":
			return math.NaN(), nil
		case "Infinity":
			return math.Inf(1), nil
		case "-Infinity":
			return math.Inf(-1), nil
		case "-0":
			return math.Copysign(0, -1), nil
		}
		return nil, badTag("unknown number tag")
	case "bigint":
		s, _ := tag["value"].(string)
		n, ok := new(big.Int).SetString(s, 10)
		if !ok {
			return nil, badTag("bad bigint tag")
		}
		return n, nil
	case "nest":
		return d.nest(tag)
	case "repeat":
		count, ok := intMember(tag, "count")
		if !ok {
			return nil, badTag("bad repeat count")
		}
		if text, isText := tag["text"]; isText {
			t, err := d.decode(text)
			s, isString := t.(string)
			if err != nil || !isString {
				return nil, badTag("bad repeat text")
			}
			return strings.Repeat(s, count), nil
		}
		out := make([]any, count)
		d.ancestors = append(d.ancestors, out)
		item, err := d.decode(tag["item"])
		d.ancestors = d.ancestors[:len(d.ancestors)-1]
		if err != nil {
			return nil, err
		}
		for i := range out {
			out[i] = item
		}
		return out, nil
	case "cycle":
		up, ok := intMember(tag, "up")
		if !ok || up < 1 || up > len(d.ancestors) {
			return nil, badTag("cycle tag points above the outermost container")
		}
		return d.ancestors[len(d.ancestors)-up], nil
	case "object":
		entries, ok := tag["entries"].([]any)
		if !ok {
			return nil, badTag("object tag without entries")
		}
		out := make(map[string]any, len(entries))
		d.ancestors = append(d.ancestors, out)
		for _, e := range entries {
			pair, ok := e.([]any)
			if !ok || len(pair) != 2 {
				return nil, badTag("object entry is not a pair")
			}
			k, err := d.decode(pair[0])
			key, isString := k.(string)
			if err != nil || !isString {
				return nil, badTag("object key is not a string")
			}
			v, err := d.decode(pair[1])
			if err != nil {
				return nil, err
			}
			out[key] = v // a byte-string language keeps octet keys as they are (spec §9.2)
		}
		d.ancestors = d.ancestors[:len(d.ancestors)-1]
		return out, nil
	case "opaque":
		k, _ := tag["kind"].(string)
		return opaque(k)
	}
	return nil, badTag("unknown tag")
}

// nest builds depth containers around leaf with a loop: every container exists before the leaf is
// decoded, so a cycle tag in the leaf can point at any of them.
func (d *decoder) nest(tag map[string]any) (any, error) {
	depth, ok := intMember(tag, "depth")
	if !ok {
		return nil, badTag("bad nest depth")
	}
	if depth == 0 {
		return d.decode(tag["leaf"])
	}
	key := "k"
	if k, given := tag["key"]; given {
		dk, err := d.decode(k)
		s, isString := dk.(string)
		if err != nil || !isString {
			return nil, badTag("bad nest key")
		}
		key = s
	}
	isArray := tag["kind"] == "array"
	containers := make([]any, depth)
	for i := depth - 1; i >= 0; i-- {
		if isArray {
			containers[i] = make([]any, 1)
		} else {
			containers[i] = map[string]any{}
		}
	}
	for i := 0; i < depth-1; i++ {
		if isArray {
			containers[i].([]any)[0] = containers[i+1]
		} else {
			containers[i].(map[string]any)[key] = containers[i+1]
		}
	}
	base := len(d.ancestors)
	d.ancestors = append(d.ancestors, containers...)
	leaf, err := d.decode(tag["leaf"])
	d.ancestors = d.ancestors[:base]
	if err != nil {
		return nil, err
	}
	if isArray {
		containers[depth-1].([]any)[0] = leaf
	} else {
		containers[depth-1].(map[string]any)[key] = leaf
	}
	return containers[0], nil
}

// utf16ToUTF8 joins surrogate pairs; an unpaired surrogate is outside this adapter's string model
// (stringModel bytes, TR-CONF-20), so the request is refused rather than guessed at.
func utf16ToUTF8(units []any) (string, error) {
	var b strings.Builder
	for i := 0; i < len(units); i++ {
		u, ok := units[i].(float64)
		if !ok || u < 0 || u > 0xFFFF || u != math.Trunc(u) {
			return "", badTag("bad utf16 unit")
		}
		r := rune(u)
		if r >= 0xD800 && r <= 0xDBFF && i+1 < len(units) {
			if low, ok := units[i+1].(float64); ok && low >= 0xDC00 && low <= 0xDFFF {
				r = 0x10000 + (r-0xD800)<<10 + (rune(low) - 0xDC00)
				i++
			}
		}
		if r >= 0xD800 && r <= 0xDFFF {
			return "", badTag("an unpaired surrogate is outside the bytes string model")
		}
		b.WriteString(string(r))
	}
	if !utf8.ValidString(b.String()) {
		return "", badTag("bad utf16 units")
	}
	return b.String(), nil
}
