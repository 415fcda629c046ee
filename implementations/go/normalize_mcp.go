package toolresult

// mcpDraft reads an MCP CallToolResult (spec §10.3, §10.4, §10.6). _meta is never read (TR-NORM-21).
// An answer that is not a result yet gives no draft but a pending call (TR-NORM-23, TR-NORM-24).
func mcpDraft(v any) (*draft, *PendingCallError) {
	m, ok := objectKind(v)
	if !ok {
		return fixedError(malformedMCP), nil // TR-NORM-40
	}
	// TR-NORM-22..25: what the answer is comes before what it holds.
	switch kind, pending := readResultType(m); kind {
	case readAsPending:
		return nil, pending
	case readAsMalformed:
		return fixedError(malformedMCP), nil
	case readAsUnknown:
		d := fixedError(malformedMCP)
		d.warnings = []string{"mcp.result_type_unknown"}
		return d, nil
	}
	return mcpResultDraft(m), nil
}

// mcpResultDraft reads an answer that is a result.
func mcpResultDraft(m map[string]any) *draft {
	d := &draft{}
	var blocks []any
	if c, given := member(m, "content"); given {
		list, isList := c.([]any)
		if !isList || list == nil {
			return fixedError(malformedMCP)
		}
		blocks = list
	}
	if e, given := member(m, "isError"); given {
		b, isBool := e.(bool)
		if !isBool {
			return fixedError(malformedMCP)
		}
		d.isError = b
	}
	if s, given := member(m, "structuredContent"); given {
		d.structured, d.hasStructured = s, true // TR-NORM-18, TR-NORM-19
	}
	for i, block := range blocks {
		mcpBlock(d, block, locator("content", i), modelFacing(block))
	}
	return d
}

// modelFacing is false when annotations.audience is a list without "assistant" (TR-NORM-17).
func modelFacing(block any) bool {
	b, ok := block.(map[string]any)
	if !ok {
		return true
	}
	a, _ := member(b, "annotations")
	annotations, ok := a.(map[string]any)
	if !ok {
		return true
	}
	au, _ := member(annotations, "audience")
	audience, ok := au.([]any)
	if !ok || audience == nil {
		return true
	}
	for _, x := range audience {
		if x == "assistant" {
			return true
		}
	}
	return false
}

// mcpBlock adds one MCP content block to the draft, by the table of spec §10.3.
func mcpBlock(d *draft, block any, loc string, facing bool) {
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
		// MCP's text block defines neither mimeType nor uri: members of those names are not read
		// (spec §10.2, the paragraph after TR-NORM-11).
		d.row(loc, "text", "", textSize(text), "")
		d.runOnly = append(d.runOnly, [2]string{loc, text})
	case "image", "audio":
		data, _ := member(b, "data")
		size, ok := binarySize(data)
		if _, isText := data.(string); !ok || !isText {
			invalid()
			return
		}
		mime, _ := stringMember(b, "mimeType")
		d.row(loc, typeName, mime, size, "")
		if facing {
			d.addOmitted(typeName)
		}
	case "resource":
		r, _ := member(b, "resource")
		res, ok := r.(map[string]any)
		if !ok {
			invalid()
			return
		}
		mcpResource(d, res, loc, facing, invalid)
	case "resource_link":
		uri, okURI := stringMember(b, "uri")
		_, okName := stringMember(b, "name")
		if !okURI || !okName {
			invalid()
			return
		}
		mime, _ := stringMember(b, "mimeType")
		size, _ := member(b, "size")
		d.row(loc, "resource_link", mime, safeSize(size), uri)
		if facing {
			d.addOmitted("resource_link")
		}
	default:
		if facing {
			d.pieces = append(d.pieces, unsupportedBlock(t)) // TR-NORM-41
		}
	}
}

// mcpResource is an embedded resource: text (TR-NORM-15) or a blob, never both (TR-NORM-42).
func mcpResource(d *draft, res map[string]any, loc string, facing bool, invalid func()) {
	uri, okURI := stringMember(res, "uri")
	textValue, hasText := member(res, "text")
	blobValue, hasBlob := member(res, "blob")
	text, textIsString := textValue.(string)
	blob, blobIsString := blobValue.(string)
	if !okURI || hasText == hasBlob || (hasText && !textIsString) || (hasBlob && !blobIsString) {
		invalid()
		return
	}
	mime, _ := stringMember(res, "mimeType")
	if hasText {
		d.row(loc, "resource", mime, textSize(text), uri)
		if facing {
			d.pieces = append(d.pieces, text)
		} else {
			d.runOnly = append(d.runOnly, [2]string{loc, text})
		}
		return
	}
	size, ok := base64Size(blob)
	if !ok {
		invalid()
		return
	}
	d.row(loc, "resource", mime, itoa(size), uri)
	if facing {
		d.addOmitted("resource")
	}
}
