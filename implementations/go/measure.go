package toolresult

import (
	"encoding/json"
	"math"
	"reflect"
)

// Verdict is the outcome of measuring a channel against its budget (TR-BOUND-8).
type Verdict string

// The verdicts, in their order of precedence.
const (
	VerdictOverBudget   Verdict = "over_budget"
	VerdictUnencodable  Verdict = "unencodable"
	VerdictTooDeep      Verdict = "too_deep"
	VerdictInvalidShape Verdict = "invalid_shape"
	VerdictOK           Verdict = "ok"
)

// MaxDepth is the deepest nesting a channel may have (spec §3.4).
const MaxDepth = 64

// unencodableOctets is what an unencodable node counts, like null (TR-BOUND-6).
const unencodableOctets = 4

// Measure gives the verdict for value under budget, without the artifact shape step, and L(value)
// when the verdict is ok (TR-BOUND-8). It walks with an explicit stack, so any depth is safe
// (TR-BOUND-0), and stops once the running length passes the budget (TR-BOUND-16).
func Measure(value any, budget int) (Verdict, int) {
	w := walker{budget: int64(budget)}
	w.run(value)
	switch {
	case w.total > w.budget:
		return VerdictOverBudget, 0
	case w.unencodable:
		return VerdictUnencodable, 0
	case w.maxLevel > MaxDepth:
		return VerdictTooDeep, 0
	}
	return VerdictOK, int(w.total)
}

// containerID names a container by identity, to find cycle points: a map by its pointer, a slice
// by its first element's address and its length.
type containerID struct {
	ptr    uintptr
	length int
	isMap  bool
}

type frame struct {
	id    containerID
	inMap bool // counted in onPath (the path has been deeper than scanDepth), not found by a scan
	list  []any
	isMap bool
	// A map's members, listed once when it is opened (a native range over the map, not a reflect
	// iterator per member): sub-slices of the walker's keyBuf and valBuf from bufStart on.
	keys     []string
	vals     []any
	bufStart int
	m        map[string]any
	bad      map[string]struct{} // coerced forms of the map's ill-formed keys, made at the first one
	index    int
	level    int
}

type walker struct {
	budget      int64
	total       int64
	unencodable bool
	maxLevel    int
	onPath      map[containerID]int // the path's containers, once it has been deeper than scanDepth
	stack       []frame
	// The open maps' members, a stack like the frames: a map's are appended when it is opened and
	// dropped when it is popped, so one buffer serves the whole walk.
	keyBuf []string
	valBuf []any
}

// scanDepth: a container this close to the root is checked for a cycle by a scan of the path, with
// no map operation and no allocation; deeper ones (a nest of 100,000) through onPath.
const scanDepth = 64

func (w *walker) over() bool { return w.total > w.budget }

func (w *walker) run(root any) {
	w.visit(root, 0)
	for len(w.stack) > 0 && !w.over() {
		// A pointer into the stack: read and updated before visit, which may grow the stack.
		top := &w.stack[len(w.stack)-1]
		if top.isMap {
			if top.index >= len(top.keys) {
				w.pop()
				continue
			}
			key, value := top.keys[top.index], top.vals[top.index]
			if top.index > 0 {
				w.total++
			}
			top.index++
			// Charge the member before the key is scanned (TR-BOUND-18).
			if w.total+int64(len(key))+4 > w.budget {
				w.total += int64(len(key)) + 4
				return
			}
			// Keys of a Go map are distinct, so only an ill-formed key can collide (TR-BOUND-7): with
			// a well-formed key equal to its coerced form, or with another ill-formed one.
			if !wellFormed(key) {
				coerced := CoerceText(key)
				_, clash := top.m[coerced]
				if _, seen := top.bad[coerced]; seen || clash {
					w.unencodable = true
				}
				if top.bad == nil {
					top.bad = map[string]struct{}{}
				}
				top.bad[coerced] = struct{}{}
			}
			w.total += stringLength(key) + 1
			w.visit(value, top.level)
			continue
		}
		if top.index >= len(top.list) {
			w.pop()
			continue
		}
		if top.index > 0 {
			w.total++
		}
		item := top.list[top.index]
		top.index++
		w.visit(item, top.level)
	}
}

func (w *walker) pop() {
	top := w.stack[len(w.stack)-1]
	w.stack[len(w.stack)-1] = frame{} // let the collector have what it held
	w.stack = w.stack[:len(w.stack)-1]
	if top.inMap {
		if w.onPath[top.id]--; w.onPath[top.id] == 0 {
			delete(w.onPath, top.id)
		}
	}
	if top.isMap {
		clear(w.valBuf[top.bufStart:])
		w.keyBuf, w.valBuf = w.keyBuf[:top.bufStart], w.valBuf[:top.bufStart]
	}
}

// onThePath reports whether the container id is open on the current path.
// Near the root it scans the path; once the path has been deeper than scanDepth, every frame is in
// onPath and one lookup answers (a nest of 100,000 costs a lookup per level, not a scan).
func (w *walker) onThePath(id containerID) bool {
	if w.onPath != nil {
		return w.onPath[id] > 0
	}
	for i := range w.stack {
		if w.stack[i].id == id {
			return true
		}
	}
	return false
}

// visit counts a scalar, or opens a container at one level below parentLevel.
func (w *walker) visit(v any, parentLevel int) {
	switch x := v.(type) {
	case nil:
		w.total += 4
	case bool:
		if x {
			w.total += 4
		} else {
			w.total += 5
		}
	case string:
		if w.total+int64(len(x))+2 > w.budget {
			w.total += int64(len(x)) + 2
			return
		}
		w.total += stringLength(x)
	case []any:
		if x == nil {
			w.total += 4
			return
		}
		w.total += 2
		w.open(containerID{length: len(x), ptr: slicePtr(x)}, frame{list: x}, parentLevel)
	case map[string]any:
		if x == nil {
			w.total += 4
			return
		}
		w.total += 2
		w.open(containerID{ptr: reflect.ValueOf(x).Pointer(), isMap: true}, frame{isMap: true, m: x}, parentLevel)
	default:
		if f, ok := numberValue(v); ok && isDataNumber(f) {
			w.total += int64(len(formatNumber(f)))
			return
		}
		w.total += unencodableOctets
		w.unencodable = true
	}
}

func (w *walker) open(id containerID, f frame, parentLevel int) {
	f.level = parentLevel + 1
	if f.level > w.maxLevel {
		w.maxLevel = f.level
	}
	if id.ptr != 0 && w.onThePath(id) {
		// A cycle point: the container met again inside itself. One node of 4 octets, not entered.
		w.total += unencodableOctets - 2
		w.unencodable = true
		return
	}
	if id.ptr == 0 && !id.isMap {
		return // an empty list holds nothing, so it cannot be a cycle point
	}
	f.id = id
	if f.isMap {
		// Every member weighs at least 4 octets (an empty key's quotes, its colon, one of value):
		// charged before the members are listed (TR-BOUND-18), so listing them costs what the
		// budget lets through.
		if w.total+4*int64(len(f.m)) > w.budget {
			w.total += 4 * int64(len(f.m))
			return
		}
		f.bufStart = len(w.keyBuf)
		for k, v := range f.m {
			w.keyBuf = append(w.keyBuf, k)
			w.valBuf = append(w.valBuf, v)
		}
		f.keys, f.vals = w.keyBuf[f.bufStart:], w.valBuf[f.bufStart:]
	}
	if w.onPath == nil && len(w.stack) >= scanDepth {
		// The path is now deeper than a scan should go: every open frame moves to the map.
		w.onPath = make(map[containerID]int, 2*scanDepth)
		for i := range w.stack {
			w.onPath[w.stack[i].id]++
			w.stack[i].inMap = true
		}
	}
	if w.onPath != nil {
		w.onPath[id]++
		f.inMap = true
	}
	w.stack = append(w.stack, f)
}

func slicePtr(x []any) uintptr {
	if len(x) == 0 {
		return 0
	}
	return reflect.ValueOf(&x[0]).Pointer()
}

// numberValue reads Go's numeric types as a double when they hold a number; anything else is not
// a number. An integer is judged by its value (TR-BOUND-6).
func numberValue(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case float32:
		return float64(x), true
	case int:
		return intValue(int64(x))
	case int8:
		return float64(x), true
	case int16:
		return float64(x), true
	case int32:
		return float64(x), true
	case int64:
		return intValue(x)
	case uint:
		return uintValue(uint64(x))
	case uint8:
		return float64(x), true
	case uint16:
		return float64(x), true
	case uint32:
		return float64(x), true
	case uint64:
		return uintValue(x)
	case json.Number:
		f, err := x.Float64()
		if err != nil && !math.IsInf(f, 0) {
			return 0, false
		}
		return f, true
	}
	return 0, false
}

func intValue(i int64) (float64, bool) {
	if i > maxSafe || i < -maxSafe {
		return math.Inf(1), true
	}
	return float64(i), true
}

func uintValue(u uint64) (float64, bool) {
	if u > maxSafe {
		return math.Inf(1), true
	}
	return float64(u), true
}

// asciiLength is L of each ASCII octet: 2 for the short escapes, 6 for \u00XX, 1 for the rest.
var asciiLength = func() (t [0x80]int8) {
	for c := range t {
		switch {
		case c == '"' || c == '\\' || c == '\b' || c == '\t' || c == '\n' || c == '\f' || c == '\r':
			t[c] = 2
		case c < 0x20:
			t[c] = 6
		default:
			t[c] = 1
		}
	}
	return t
}()

// stringLength is L of a string: its coerced UTF-8 in JCS form, with the quotes (spec §3.4).
func stringLength(s string) int64 {
	n := int64(2)
	for i := 0; i < len(s); {
		c := s[i]
		if c < 0x80 {
			n += int64(asciiLength[c])
			i++
			continue
		}
		size, ok := sequenceAt(s, i)
		if ok {
			n += int64(size)
		} else {
			n += 3
		}
		i += size
	}
	return n
}
