package toolresult

import (
	"strings"
	"testing"
)

func normalized(t *testing.T, source Source, v any, o NormalizeOptions) Bounded {
	t.Helper()
	b, err := Normalize(source, v, o)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestTR_NORM_3_TextStaysText(t *testing.T) {
	mcp := normalized(t, SourceMCP, map[string]any{"content": []any{map[string]any{"type": "text", "text": "a"}, map[string]any{"type": "text", "text": ""}}}, NormalizeOptions{})
	lc := normalized(t, SourceLangChain, map[string]any{"content": "a\n"}, NormalizeOptions{})
	local := normalized(t, SourceLocal, "a\n", NormalizeOptions{})
	for _, b := range []Bounded{mcp, lc, local} {
		if b.Content() != "a\n" || b.IsError() || len(b.Warnings()) != 0 || len(b.Artifacts()) != 0 {
			t.Fatal(b)
		}
	}
}

func TestTR_NORM_10_BinaryNeverCopied(t *testing.T) {
	b := normalized(t, SourceMCP, map[string]any{"content": []any{map[string]any{"type": "image", "data": "Y2FuYXJ5LWJ5dGVz", "mimeType": "image/png"}}}, NormalizeOptions{})
	all := b.Content() + canonicalJSON(b.Artifacts())
	if strings.Contains(all, "Y2FuYXJ5") || strings.Contains(all, "canary") || !strings.Contains(all, `"12"`) {
		t.Fatal(all)
	}
	for in, want := range map[string]int{"QUJD\nREU": 5, "": 0, "AAAA": 3, "AA==": 1, "AAA=": 2} {
		if n, ok := base64Size(in); !ok || n != want {
			t.Errorf("%q: %d %v", in, n, ok)
		}
	}
	for _, in := range []string{"A", "AA=A", "AA%3D", "A===", "ſ"} {
		if _, ok := base64Size(in); ok {
			t.Errorf("%q accepted", in)
		}
	}
}

func TestTR_NORM_40_MalformedMCP(t *testing.T) {
	for _, v := range []any{"x", map[string]any{"content": "x"}, map[string]any{"isError": "true"}, func() {}} {
		b := normalized(t, SourceMCP, v, NormalizeOptions{})
		if b.Content() != "[malformed MCP tool result]" || !b.IsError() {
			t.Fatal(b)
		}
	}
}

func TestTR_NORM_63_UnsupportedLocalValues(t *testing.T) {
	for _, v := range []any{Undefined, func() {}, make(chan int), []byte{1}, struct{}{}} {
		b := normalized(t, SourceLocal, v, NormalizeOptions{})
		if b.Content() != localUnsupported || !b.IsError() {
			t.Fatalf("%T: %v", v, b)
		}
	}
}

func TestTR_NORM_31_Enforce(t *testing.T) {
	o, err := ParseNormalizeOptions(map[string]any{"outputSchema": map[string]any{"type": "string"}, "schemaPolicy": "enforce"})
	if err != nil {
		t.Fatal(err)
	}
	b := normalized(t, SourceLocal, map[string]any{"secret": "canary"}, o)
	if b.Content() != schemaMismatch || strings.Join(b.Warnings(), ",") != "structured.schema_mismatch" {
		t.Fatal(b)
	}
	if _, err := ParseNormalizeOptions(map[string]any{"schemaPolicy": "strict"}); err == nil {
		t.Fatal("TR-NORM-1: unknown policy accepted")
	}
}

func TestTR_NORM_56_AdapterObjectNeverReachesTheText(t *testing.T) {
	deep := strings.Repeat(`{"a":`, 10000) + "1" + strings.Repeat("}", 10000)
	content := `{"type":"text","structuredContent":` + deep + `}`
	b := normalized(t, SourceLangChain, map[string]any{"content": content, "artifact": []any{map[string]any{"type": "mcp_meta", "data": map[string]any{}}}}, NormalizeOptions{})
	if b.Content() != "" {
		t.Fatalf("%.80q", b.Content())
	}
}
