package toolresult

import (
	"strings"

	"github.com/toolresult-protocol/toolresult/implementations/go/internal/jsontext"
)

// langchainDraft reads the neutral form of a ToolMessage: {content, status?, artifact?}
// (spec §10.7).
func langchainDraft(v any) *draft {
	m, ok := objectKind(v)
	if !ok {
		return fixedError(malformedLC) // TR-NORM-52
	}
	d := &draft{}
	content, _ := member(m, "content")
	text, isText := content.(string)
	blocks, isList := content.([]any)
	if !isText && (!isList || blocks == nil) {
		return fixedError(malformedLC)
	}
	if s, given := member(m, "status"); given {
		switch s {
		case "success":
		case "error":
			d.isError = true
		default:
			return fixedError(malformedLC)
		}
	}
	artifact, hasArtifact := member(m, "artifact")
	adapterForm, recorded := false, false
	if hasArtifact {
		adapterForm, recorded = langchainArtifact(d, artifact)
	}
	if isText {
		if adapterForm && recorded {
			// TR-NORM-56: the adapter serialized a block object into the content.
			if p, err := jsontext.Parse(text, 0); err == nil {
				if obj, ok := p.Value.(map[string]any); ok {
					// The object stands for one MCP text block: an audience without the
					// assistant keeps its text from the model, as on the MCP path (TR-NORM-17).
					if !modelFacing(obj) {
						return d
					}
					if t, ok := obj["text"].(string); ok {
						d.pieces = []string{t}
					}
					return d
				}
			}
		}
		d.pieces = []string{text}
		return d
	}
	contentDraft := &draft{}
	for i, block := range blocks {
		langchainBlock(contentDraft, block, locator("content", i), true)
	}
	d.pieces = contentDraft.pieces
	d.omitted = contentDraft.omitted
	// The content list's rows and texts come before the artifact's (TR-NORM-11).
	d.rows = append(contentDraft.rows, d.rows...)
	d.runOnly = append(contentDraft.runOnly, d.runOnly...)
	return d
}

// langchainArtifact reads the artifact (TR-NORM-53..55). It says whether the artifact has the
// JavaScript adapter's form and whether it holds an mcp_structured_content or mcp_meta entry.
func langchainArtifact(d *draft, artifact any) (adapterForm, recorded bool) {
	if artifact == nil {
		return false, false
	}
	if list, ok := artifact.([]any); ok && list != nil && isAdapterList(list) {
		structuredCount := 0
		var structured any
		valid := true
		for i, entry := range list {
			e := entry.(map[string]any)
			t, _ := stringMember(e, "type")
			switch t {
			case "mcp_structured_content":
				recorded = true
				structuredCount++
				data, given := member(e, "data")
				if !given {
					valid = false
				}
				structured = data
			case "mcp_meta":
				recorded = true // TR-NORM-21: dropped
			case "resource":
				mcpBlock(d, e, locator("artifact", i), false)
			default:
				langchainBlock(d, e, locator("artifact", i), false)
			}
		}
		if structuredCount > 1 || !valid {
			d.warnings = append(d.warnings, "structured.invalid")
		} else if structuredCount == 1 {
			d.structured, d.hasStructured = structured, true
		}
		return true, recorded
	}
	if obj, ok := artifact.(map[string]any); ok && obj != nil {
		snake, hasSnake := obj["structured_content"]
		camel, hasCamel := obj["structuredContent"]
		if hasSnake || hasCamel {
			// TR-NORM-54: the Python adapter's form; a member holding undefined counts as there.
			switch {
			case hasSnake && hasCamel:
				d.warnings = append(d.warnings, "structured.invalid")
			case hasSnake && snake != nil && snake != Undefined:
				d.structured, d.hasStructured = snake, true
			case hasCamel && camel != nil && camel != Undefined:
				d.structured, d.hasStructured = camel, true
			}
			d.members, d.hasMembers = artifactMembersText(obj) // the other members, run-only (TR-NORM-66)
			return false, false
		}
	}
	d.structured, d.hasStructured = artifact, true // TR-NORM-55
	return false, false
}

// isAdapterList: a list of objects each with a string type (the empty list included).
func isAdapterList(list []any) bool {
	for _, entry := range list {
		e, ok := entry.(map[string]any)
		if !ok || e == nil {
			return false
		}
		if _, ok := stringMember(e, "type"); !ok {
			return false
		}
	}
	return true
}

// langchainBlock adds one LangChain content block (TR-NORM-51).
func langchainBlock(d *draft, block any, loc string, facing bool) {
	if s, ok := block.(string); ok {
		if facing {
			d.pieces = append(d.pieces, s)
		}
		return
	}
	b, isObject := objectKind(block)
	var t any
	if isObject {
		t, _ = member(b, "type")
	}
	typeName, _ := t.(string)
	invalid := func() {
		if facing {
			d.pieces = append(d.pieces, "[invalid "+typeName+" block]")
		}
	}
	omitted := func(mime, size, uri string) {
		d.row(loc, typeName, mime, size, uri)
		if facing {
			d.addOmitted(typeName)
		}
	}
	switch typeName {
	case "text":
		text, ok := stringMember(b, "text")
		if !ok {
			invalid()
			return
		}
		if facing {
			d.pieces = append(d.pieces, text)
			return
		}
		d.row(loc, "text", blockMime(b), textSize(text), "")
		d.runOnly = append(d.runOnly, [2]string{loc, text})
	case "image_url":
		raw, _ := member(b, "image_url")
		url, ok := raw.(string)
		if !ok {
			if obj, isObj := raw.(map[string]any); isObj {
				url, ok = stringMember(obj, "url")
			}
		}
		if !ok {
			invalid()
			return
		}
		mime, size, uri, valid := readURL(url, "")
		if !valid {
			invalid()
			return
		}
		omitted(mime, size, uri)
	case "image", "audio", "video", "file":
		mime := blockMime(b)
		// The first of base64 (langchain-core's Python v1 blocks) and data (the JavaScript v1 and
		// legacy forms) that is given holds the bytes, as base64 text or a []byte and never a data:
		// URL; url is read only without both (TR-NORM-51).
		data, given := member(b, "base64")
		if !given {
			data, given = member(b, "data")
		}
		if given {
			size, ok := binarySize(data)
			if !ok {
				invalid()
				return
			}
			omitted(mime, size, "")
			return
		}
		if url, ok := stringMember(b, "url"); ok {
			m, size, uri, valid := readURL(url, mime)
			if !valid {
				invalid()
				return
			}
			omitted(m, size, uri)
			return
		}
		if typeName == "file" {
			text, isText := stringMember(b, "text")
			st, hasST := member(b, "source_type")
			if isText && (!hasST || st == "text") {
				uri := ""
				if md, ok := member(b, "metadata"); ok {
					if mdm, ok := md.(map[string]any); ok {
						uri, _ = stringMember(mdm, "uri")
					}
				}
				d.row(loc, "file", mime, textSize(text), uri) // TR-NORM-15's text resource
				if facing {
					d.pieces = append(d.pieces, text)
				} else {
					d.runOnly = append(d.runOnly, [2]string{loc, text})
				}
				return
			}
		}
		invalid()
	default:
		if facing {
			d.pieces = append(d.pieces, unsupportedBlock(t))
		}
	}
}

// blockMime is mimeType, else the legacy mime_type, else "".
func blockMime(b map[string]any) string {
	if m, ok := stringMember(b, "mimeType"); ok {
		return m
	}
	m, _ := stringMember(b, "mime_type")
	return m
}

// readURL reads a URL: a base64 data: URL gives its payload's size and declared MIME type (the
// block's own non-empty one wins); any other URL is a uri (TR-NORM-11).
func readURL(url, blockMime string) (mime, size, uri string, ok bool) {
	if len(url) < 5 || !strings.EqualFold(url[:5], "data:") {
		return blockMime, "", url, true
	}
	comma := strings.IndexByte(url, ',')
	if comma < 0 || utf16Units(CoerceText(url[:comma+1])) > 512 {
		return "", "", "", false
	}
	parts := strings.Split(url[5:comma], ";")
	if len(parts) < 2 || !asciiFold(parts[len(parts)-1], "base64") {
		return "", "", "", false
	}
	n, valid := base64Size(url[comma+1:])
	if !valid {
		return "", "", "", false
	}
	mime = parts[0]
	if blockMime != "" {
		mime = blockMime
	}
	return mime, itoa(n), "", true
}

// asciiFold compares with ASCII letters folded only (ſ is not s).
func asciiFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if x >= 'A' && x <= 'Z' {
			x += 'a' - 'A'
		}
		if y >= 'A' && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// utf16Units is the length of a well-formed string in UTF-16 code units.
func utf16Units(s string) int {
	n := 0
	for _, r := range s {
		n++
		if r >= 0x10000 {
			n++ // a surrogate pair
		}
	}
	return n
}
