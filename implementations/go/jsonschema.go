package toolresult

import (
	"errors"
	"math"
	"net/url"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The output-schema check (spec §10.5): JSON Schema 2020-12 and draft-07, every assertion and
// applicator keyword, patterns on RE2 after translating ECMAScript syntax, and a step limit.

// maxSchemaSteps is the number of steps a check may take; the next one stops it (TR-NORM-65 item 3,
// one limit for every language: 2^14). One step is one evaluation of a schema object against a
// value, plus one per item for uniqueItems.
const maxSchemaSteps = 1 << 14

type dialect int

const (
	draft2020 dialect = iota
	draft07
)

var errSchema = errors.New("the schema does not compile")

// CheckOutputSchema reports whether value passes schema. A schema that does not compile, a $ref
// that cannot be resolved, a pattern that cannot run and a check that stops are not passes
// (TR-NORM-32, TR-NORM-65). The schema is JSON data; nothing in it runs.
func CheckOutputSchema(schema, value any) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	c, err := newSchemaChecker(schema)
	if err != nil {
		return false
	}
	valid, _ := c.eval(schema, value, c.rootBase)
	return valid && !c.stopped && !c.broken
}

type schemaChecker struct {
	root     any
	dialect  dialect
	rootBase string
	steps    int
	stopped  bool
	broken   bool // a $ref target that does not resolve or compile was met
	patterns map[string]*regexp.Regexp
	checked  map[uintptr]bool   // schema objects whose forms were checked
	bases    map[uintptr]string // base URI of each schema object
	ids      map[string]any     // absolute $id (no fragment) to schema
	anchors  map[string]any     // absolute URI with #anchor to schema
	refs     [][2]string        // every $ref compiled, with the base it resolves against
	reached  bool               // compiling a schema a pointer reached inside data: its $id and anchors name nothing
}

func newSchemaChecker(schema any) (*schemaChecker, error) {
	c := &schemaChecker{root: schema, patterns: map[string]*regexp.Regexp{}, checked: map[uintptr]bool{},
		bases: map[uintptr]string{}, ids: map[string]any{}, anchors: map[string]any{}}
	if m, ok := schema.(map[string]any); ok && m != nil {
		if v, given := m["$schema"]; given {
			s, _ := v.(string)
			switch strings.TrimSuffix(s, "#") {
			case "https://json-schema.org/draft/2020-12/schema":
			case "http://json-schema.org/draft-07/schema":
				c.dialect = draft07
			default:
				return nil, errSchema
			}
		}
		if id, ok := m["$id"].(string); ok {
			c.rootBase = resolveURI("", id)
		}
	} else if _, isBool := schema.(bool); !isBool {
		return nil, errSchema // null and every other non-schema (TR-NORM-32)
	}
	if err := c.compile(schema, c.rootBase); err != nil {
		return nil, err
	}
	// Every $ref resolves before any value is checked (a schema a pointer reaches is compiled then
	// and adds its own): one that resolves nowhere refuses the schema whether or not the value
	// would lead evaluation to it (TR-NORM-82).
	for i := 0; i < len(c.refs); i++ {
		if _, _, found := c.resolve(c.refs[i][0], c.refs[i][1]); !found {
			return nil, errSchema
		}
	}
	return c, nil
}

func resolveURI(base, ref string) string {
	r, err := url.Parse(ref)
	if err != nil {
		return ref
	}
	if base == "" {
		return r.String()
	}
	b, err := url.Parse(base)
	if err != nil {
		return ref
	}
	return b.ResolveReference(r).String()
}

func ptrOf(m map[string]any) uintptr { return reflect.ValueOf(m).Pointer() }

func isSchema(v any) bool {
	switch x := v.(type) {
	case bool:
		return true
	case map[string]any:
		return x != nil
	}
	return false
}

func isNonNegInt(v any) bool {
	f, ok := v.(float64)
	return ok && f >= 0 && f == math.Trunc(f) && !math.IsInf(f, 0)
}

func isNumber(v any) bool {
	_, ok := v.(float64)
	return ok
}

func schemaList(v any, nonEmpty bool) ([]any, bool) {
	list, ok := v.([]any)
	if !ok || list == nil || (nonEmpty && len(list) == 0) {
		return nil, false
	}
	for _, s := range list {
		if !isSchema(s) {
			return nil, false
		}
	}
	return list, true
}

func schemaMap(v any) (map[string]any, bool) {
	m, ok := v.(map[string]any)
	if !ok || m == nil {
		return nil, false
	}
	for _, s := range m {
		if !isSchema(s) {
			return nil, false
		}
	}
	return m, true
}

func distinctStrings(v any) bool {
	list, ok := v.([]any)
	if !ok || list == nil {
		return false
	}
	seen := map[string]bool{}
	for _, s := range list {
		str, ok := s.(string)
		if !ok || seen[str] {
			return false
		}
		seen[str] = true
	}
	return true
}

// anchorName is the form of a 2020-12 $anchor and $dynamicAnchor (the meta-schema's anchorString).
var anchorName = regexp.MustCompile(`^[A-Za-z_][-A-Za-z0-9._]*$`)

var typeNames = map[string]bool{"null": true, "boolean": true, "object": true, "array": true, "number": true, "string": true, "integer": true}

// defined says whether the dialect defines a keyword (others are ignored, as Ajv does with strict off).
func (c *schemaChecker) defined(k string) bool {
	switch k {
	case "prefixItems", "unevaluatedItems", "unevaluatedProperties", "dependentRequired", "dependentSchemas",
		"minContains", "maxContains", "$defs", "$anchor", "$dynamicRef", "$dynamicAnchor", "$recursiveRef",
		"$recursiveAnchor", "$vocabulary", "contentSchema", "deprecated", "writeOnly":
		return c.dialect == draft2020
	case "additionalItems":
		return c.dialect == draft07
	}
	return true
}

// compile checks the form of every keyword of a schema and its subschemas (TR-NORM-32), compiles
// every pattern, and records $id and $anchor locations.
func (c *schemaChecker) compile(schema any, base string) error {
	m, ok := schema.(map[string]any)
	if !ok {
		if _, isBool := schema.(bool); isBool {
			return nil
		}
		return errSchema
	}
	if m == nil {
		return errSchema
	}
	p := ptrOf(m)
	if c.checked[p] {
		return nil
	}
	c.checked[p] = true
	if id, ok := m["$id"]; ok {
		s, isString := id.(string)
		if !isString {
			return errSchema
		}
		if c.dialect == draft2020 && strings.Contains(strings.TrimSuffix(s, "#"), "#") {
			return errSchema // 2020-12: no fragment but an empty one
		}
		// An $id in data the dialect ignores sets no base once a pointer reaches it (TR-NORM-82).
		switch {
		case c.reached:
		case strings.HasPrefix(s, "#") && c.dialect == draft07:
			c.anchors[resolveURI(base, s)] = m
		default:
			base = resolveURI(base, s)
			abs, _, _ := strings.Cut(base, "#")
			c.ids[abs] = m
		}
	}
	c.bases[p] = base
	for k, v := range m {
		if !c.defined(k) {
			continue
		}
		var subs []any
		switch k {
		case "$dynamicRef", "$recursiveRef", "$recursiveAnchor":
			return errSchema // not evaluated by this check
		case "$anchor":
			s, ok := v.(string)
			if !ok || !anchorName.MatchString(s) {
				return errSchema
			}
			if !c.reached {
				abs, _, _ := strings.Cut(base, "#")
				c.anchors[abs+"#"+s] = m
			}
		case "$dynamicAnchor":
			if s, ok := v.(string); !ok || !anchorName.MatchString(s) {
				return errSchema
			}
		case "$ref", "$schema", "format", "$comment", "title", "description", "contentEncoding", "contentMediaType":
			s, ok := v.(string)
			if !ok {
				return errSchema
			}
			if k == "$ref" {
				c.refs = append(c.refs, [2]string{s, base})
			}
		case "readOnly", "writeOnly", "deprecated":
			if _, ok := v.(bool); !ok {
				return errSchema
			}
		case "examples":
			if list, ok := v.([]any); !ok || list == nil {
				return errSchema
			}
		case "$vocabulary":
			vocab, ok := v.(map[string]any)
			if !ok || vocab == nil {
				return errSchema
			}
			for _, b := range vocab {
				if _, ok := b.(bool); !ok {
					return errSchema
				}
			}
		case "not", "if", "then", "else", "contains", "propertyNames", "additionalProperties",
			"unevaluatedProperties", "unevaluatedItems", "additionalItems", "contentSchema":
			if !isSchema(v) {
				return errSchema
			}
			subs = []any{v}
		case "items":
			if isSchema(v) {
				subs = []any{v}
			} else if list, ok := schemaList(v, true); ok && c.dialect == draft07 {
				subs = list
			} else {
				return errSchema
			}
		case "allOf", "anyOf", "oneOf", "prefixItems":
			list, ok := schemaList(v, true)
			if !ok {
				return errSchema
			}
			subs = list
		case "properties", "patternProperties", "$defs", "definitions", "dependentSchemas":
			sm, ok := schemaMap(v)
			if !ok {
				return errSchema
			}
			for name, s := range sm {
				if k == "patternProperties" {
					if _, err := c.pattern(name); err != nil {
						return err
					}
				}
				subs = append(subs, s)
			}
		case "dependencies":
			deps, ok := v.(map[string]any)
			if !ok || deps == nil {
				return errSchema
			}
			for _, d := range deps {
				if isSchema(d) {
					subs = append(subs, d)
				} else if !distinctStrings(d) {
					return errSchema
				}
			}
		case "type":
			if s, ok := v.(string); ok {
				if !typeNames[s] {
					return errSchema
				}
			} else if list, ok := v.([]any); !ok || len(list) == 0 || !distinctStrings(v) {
				return errSchema
			} else {
				for _, t := range list {
					if !typeNames[t.(string)] {
						return errSchema
					}
				}
			}
		case "enum":
			if list, ok := v.([]any); !ok || list == nil {
				return errSchema
			}
		case "required":
			if !distinctStrings(v) {
				return errSchema
			}
		case "dependentRequired":
			deps, ok := v.(map[string]any)
			if !ok || deps == nil {
				return errSchema
			}
			for _, d := range deps {
				if !distinctStrings(d) {
					return errSchema
				}
			}
		case "minLength", "maxLength", "minItems", "maxItems", "minContains", "maxContains", "minProperties", "maxProperties":
			if !isNonNegInt(v) {
				return errSchema
			}
		case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
			if !isNumber(v) {
				return errSchema
			}
		case "multipleOf":
			if f, ok := v.(float64); !ok || !(f > 0) {
				return errSchema
			}
		case "uniqueItems":
			if _, ok := v.(bool); !ok {
				return errSchema
			}
		case "pattern":
			s, ok := v.(string)
			if !ok {
				return errSchema
			}
			if _, err := c.pattern(s); err != nil {
				return err
			}
		}
		for _, s := range subs {
			if err := c.compile(s, base); err != nil {
				return err
			}
		}
	}
	return nil
}

func (c *schemaChecker) pattern(p string) (*regexp.Regexp, error) {
	if re, ok := c.patterns[p]; ok {
		return re, nil
	}
	re, err := compilePattern(p)
	if err != nil {
		return nil, err
	}
	c.patterns[p] = re
	return re, nil
}

// resolve finds the schema a $ref names, from the base of the schema that holds it.
func (c *schemaChecker) resolve(ref, base string) (any, string, bool) {
	abs := resolveURI(base, ref)
	doc, fragment, _ := strings.Cut(abs, "#")
	var target any
	targetBase := doc
	if doc == "" || doc == strings.SplitN(c.rootBase, "#", 2)[0] {
		target = c.root
		targetBase = c.rootBase
	} else if t, ok := c.ids[doc]; ok {
		target = t
	} else {
		return nil, "", false
	}
	if fragment == "" {
		return target, targetBase, true
	}
	if !strings.HasPrefix(fragment, "/") {
		t, ok := c.anchors[doc+"#"+fragment]
		if !ok && doc == "" {
			t, ok = c.anchors["#"+fragment]
		}
		return t, targetBase, ok
	}
	decoded, err := url.PathUnescape(fragment)
	if err != nil {
		return nil, "", false
	}
	node := target
	for _, token := range strings.Split(decoded[1:], "/") {
		token = strings.ReplaceAll(strings.ReplaceAll(token, "~1", "/"), "~0", "~")
		switch x := node.(type) {
		case map[string]any:
			next, ok := x[token]
			if !ok {
				return nil, "", false
			}
			node = next
		case []any:
			i, err := strconv.Atoi(token)
			if err != nil || i < 0 || i >= len(x) || (len(token) > 1 && token[0] == '0') {
				return nil, "", false
			}
			node = x[i]
		default:
			return nil, "", false
		}
		if m, ok := node.(map[string]any); ok && m != nil {
			if b, known := c.bases[ptrOf(m)]; known {
				targetBase = b
			}
		}
	}
	if m, ok := node.(map[string]any); ok && m != nil && !c.checked[ptrOf(m)] {
		c.reached = true
		err := c.compile(node, targetBase)
		c.reached = false
		if err != nil {
			return nil, "", false
		}
	}
	if !isSchema(node) {
		return nil, "", false
	}
	return node, targetBase, true
}

// annotations are the members and items a passing schema evaluated (for unevaluated*).
type annotations struct {
	props    map[string]bool
	items    map[int]bool
	allItems bool
}

func (a *annotations) addProp(k string) {
	if a.props == nil {
		a.props = map[string]bool{}
	}
	a.props[k] = true
}

func (a *annotations) addItem(i int) {
	if a.items == nil {
		a.items = map[int]bool{}
	}
	a.items[i] = true
}

func (a *annotations) merge(b annotations) {
	for k := range b.props {
		a.addProp(k)
	}
	for i := range b.items {
		a.addItem(i)
	}
	a.allItems = a.allItems || b.allItems
}

// step charges one step; false once the check has stopped.
func (c *schemaChecker) step() bool {
	if c.stopped || c.broken {
		return false
	}
	if c.steps >= maxSchemaSteps {
		c.stopped = true
		return false
	}
	c.steps++
	return true
}

// eval evaluates a schema against a value: whether it passes, and what it evaluated.
func (c *schemaChecker) eval(schema, value any, base string) (bool, annotations) {
	var ann annotations
	if b, ok := schema.(bool); ok {
		return b && !c.stopped && !c.broken, ann
	}
	m := schema.(map[string]any)
	if !c.step() {
		return false, ann
	}
	if b, known := c.bases[ptrOf(m)]; known {
		base = b
	}
	valid := true
	fail := func() { valid = false }
	sub := func(s, v any) bool {
		ok, a := c.eval(s, v, base)
		if ok {
			ann.merge(a)
		}
		return ok
	}
	if ref, ok := m["$ref"].(string); ok {
		target, targetBase, found := c.resolve(ref, base)
		if !found {
			c.broken = true
			return false, ann
		}
		ok, a := c.eval(target, value, targetBase)
		if ok {
			ann.merge(a)
		} else {
			fail()
		}
	}
	if !c.assertions(m, value) {
		fail()
	}
	for _, k := range []string{"allOf", "anyOf", "oneOf"} {
		list, ok := m[k].([]any)
		if !ok {
			continue
		}
		passed := 0
		var passedAnn annotations
		for _, s := range list {
			ok, a := c.eval(s, value, base)
			if ok {
				passed++
				passedAnn.merge(a)
			}
		}
		switch {
		case k == "allOf" && passed == len(list), k == "anyOf" && passed > 0, k == "oneOf" && passed == 1:
			ann.merge(passedAnn)
		default:
			fail()
		}
	}
	if s, ok := m["not"]; ok {
		if ok, _ := c.eval(s, value, base); ok {
			fail()
		}
	}
	if cond, ok := m["if"]; ok {
		condOK, a := c.eval(cond, value, base)
		if condOK {
			ann.merge(a)
			if t, ok := m["then"]; ok && !sub(t, value) {
				fail()
			}
		} else if e, ok := m["else"]; ok && !sub(e, value) {
			fail()
		}
	}
	switch x := value.(type) {
	case map[string]any:
		if !c.objectKeywords(m, x, base, &ann) {
			fail()
		}
	case []any:
		if !c.arrayKeywords(m, x, base, &ann) {
			fail()
		}
	}
	if c.stopped || c.broken {
		return false, ann
	}
	return valid, ann
}

func (c *schemaChecker) objectKeywords(m map[string]any, obj map[string]any, base string, ann *annotations) bool {
	valid := true
	props, _ := m["properties"].(map[string]any)
	patterns, _ := m["patternProperties"].(map[string]any)
	keys := sortedKeys(obj)
	for _, k := range keys {
		v := obj[k]
		matched := false
		if s, ok := props[k]; ok && props != nil {
			matched = true
			ann.addProp(k)
			if ok, _ := c.eval(s, v, base); !ok {
				valid = false
			}
		}
		for _, p := range sortedKeys(patterns) {
			re, err := c.pattern(p)
			if err != nil {
				c.broken = true
				return false
			}
			if re.MatchString(k) {
				matched = true
				ann.addProp(k)
				if ok, _ := c.eval(patterns[p], v, base); !ok {
					valid = false
				}
			}
		}
		if ap, ok := m["additionalProperties"]; ok && !matched {
			ann.addProp(k)
			if ok, _ := c.eval(ap, v, base); !ok {
				valid = false
			}
		}
		if pn, ok := m["propertyNames"]; ok {
			if ok, _ := c.eval(pn, k, base); !ok {
				valid = false
			}
		}
	}
	if req, ok := m["required"].([]any); ok {
		for _, r := range req {
			if _, present := obj[r.(string)]; !present {
				valid = false
			}
		}
	}
	if n, ok := m["minProperties"].(float64); ok && float64(len(obj)) < n {
		valid = false
	}
	if n, ok := m["maxProperties"].(float64); ok && float64(len(obj)) > n {
		valid = false
	}
	deps := map[string]any{}
	if d, ok := m["dependencies"].(map[string]any); ok {
		for k, v := range d {
			deps[k] = v
		}
	}
	if c.dialect == draft2020 {
		if d, ok := m["dependentRequired"].(map[string]any); ok {
			for k, v := range d {
				if _, present := obj[k]; present && !allPresent(obj, v) {
					valid = false
				}
			}
		}
		if d, ok := m["dependentSchemas"].(map[string]any); ok {
			for _, k := range sortedKeys(d) {
				if _, present := obj[k]; present {
					ok, a := c.eval(d[k], obj, base)
					if ok {
						ann.merge(a)
					} else {
						valid = false
					}
				}
			}
		}
	}
	for _, k := range sortedKeys(deps) {
		if _, present := obj[k]; !present {
			continue
		}
		if isSchema(deps[k]) {
			ok, a := c.eval(deps[k], obj, base)
			if ok {
				ann.merge(a)
			} else {
				valid = false
			}
		} else if !allPresent(obj, deps[k]) {
			valid = false
		}
	}
	if up, ok := m["unevaluatedProperties"]; ok && c.dialect == draft2020 {
		for _, k := range keys {
			if ann.props[k] {
				continue
			}
			if ok, _ := c.eval(up, obj[k], base); !ok {
				valid = false
			}
			ann.addProp(k)
		}
	}
	return valid
}

func allPresent(obj map[string]any, names any) bool {
	list, _ := names.([]any)
	for _, n := range list {
		if _, present := obj[n.(string)]; !present {
			return false
		}
	}
	return true
}

func (c *schemaChecker) arrayKeywords(m map[string]any, list []any, base string, ann *annotations) bool {
	valid := true
	prefix := 0
	var tuple []any
	if c.dialect == draft2020 {
		tuple, _ = m["prefixItems"].([]any)
	} else {
		tuple, _ = m["items"].([]any)
	}
	for i, s := range tuple {
		if i >= len(list) {
			break
		}
		ann.addItem(i)
		if ok, _ := c.eval(s, list[i], base); !ok {
			valid = false
		}
	}
	prefix = len(tuple)
	var rest any
	hasRest := false
	if c.dialect == draft2020 {
		rest, hasRest = m["items"]
	} else if tuple != nil {
		rest, hasRest = m["additionalItems"]
	} else if it, ok := m["items"]; ok {
		rest, hasRest = it, true
	}
	if hasRest {
		for i := prefix; i < len(list); i++ {
			if ok, _ := c.eval(rest, list[i], base); !ok {
				valid = false
			}
		}
		ann.allItems = true
	}
	if s, ok := m["contains"]; ok {
		count := 0
		for i, item := range list {
			if ok, _ := c.eval(s, item, base); ok {
				count++
				ann.addItem(i)
			}
		}
		min, max := 1.0, math.Inf(1)
		if c.dialect == draft2020 {
			if n, ok := m["minContains"].(float64); ok {
				min = n
			}
			if n, ok := m["maxContains"].(float64); ok {
				max = n
			}
		}
		if float64(count) < min || float64(count) > max {
			valid = false
		}
	}
	if n, ok := m["minItems"].(float64); ok && float64(len(list)) < n {
		valid = false
	}
	if n, ok := m["maxItems"].(float64); ok && float64(len(list)) > n {
		valid = false
	}
	if u, ok := m["uniqueItems"].(bool); ok && u {
		seen := map[string]bool{}
		for _, item := range list {
			if !c.step() {
				return false
			}
			key := canonicalJSON(item)
			if seen[key] {
				valid = false
				break
			}
			seen[key] = true
		}
	}
	if ue, ok := m["unevaluatedItems"]; ok && c.dialect == draft2020 && !ann.allItems {
		for i, item := range list {
			if ann.items[i] {
				continue
			}
			if ok, _ := c.eval(ue, item, base); !ok {
				valid = false
			}
			ann.addItem(i)
		}
	}
	return valid
}

// assertions are the keywords that look at the value alone.
func (c *schemaChecker) assertions(m map[string]any, value any) bool {
	if t, ok := m["type"]; ok {
		matched := false
		switch x := t.(type) {
		case string:
			matched = hasType(value, x)
		case []any:
			for _, name := range x {
				if hasType(value, name.(string)) {
					matched = true
				}
			}
		}
		if !matched {
			return false
		}
	}
	if list, ok := m["enum"].([]any); ok {
		found := false
		for _, e := range list {
			if jsonEqual(e, value) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	if k, ok := m["const"]; ok && !jsonEqual(k, value) {
		return false
	}
	if f, ok := value.(float64); ok {
		if n, ok := m["minimum"].(float64); ok && f < n {
			return false
		}
		if n, ok := m["maximum"].(float64); ok && f > n {
			return false
		}
		if n, ok := m["exclusiveMinimum"].(float64); ok && f <= n {
			return false
		}
		if n, ok := m["exclusiveMaximum"].(float64); ok && f >= n {
			return false
		}
		if n, ok := m["multipleOf"].(float64); ok {
			q := f / n
			if math.IsInf(q, 0) || math.IsNaN(q) || q != math.Trunc(q) || math.Abs(q) >= 1e21 {
				return false
			}
		}
	}
	if s, ok := value.(string); ok {
		length := float64(utf8.RuneCountInString(s))
		if n, ok := m["minLength"].(float64); ok && length < n {
			return false
		}
		if n, ok := m["maxLength"].(float64); ok && length > n {
			return false
		}
		if p, ok := m["pattern"].(string); ok {
			re, err := c.pattern(p)
			if err != nil {
				c.broken = true
				return false
			}
			if !re.MatchString(s) {
				return false
			}
		}
	}
	return true
}

func hasType(v any, name string) bool {
	switch name {
	case "null":
		return v == nil
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "object":
		_, ok := v.(map[string]any)
		return ok
	case "array":
		_, ok := v.([]any)
		return ok
	case "string":
		_, ok := v.(string)
		return ok
	case "number":
		_, ok := v.(float64)
		return ok
	case "integer":
		f, ok := v.(float64)
		return ok && f == math.Trunc(f) && !math.IsInf(f, 0)
	}
	return false
}
