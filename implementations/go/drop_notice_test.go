package toolresult

import (
	"strings"
	"testing"
)

// TR-NORM-67 on inputs too large or too many for a vector: a text of 32 MiB before an image, a
// hundred thousand placeholders, ill-formed octets at the cut. The vectors cover the budget edge.
var testImage = map[string]any{"type": "image", "data": "iVBORw0KGgo=", "mimeType": "image/png"}

const notice256 = "\n\u2026[tool result truncated at 256 bytes]"

func TestTR_NORM_67_ALongTextBeforeAnImage(t *testing.T) {
	text := strings.Repeat("x", 32<<20)
	b := normalized(t, SourceMCP, map[string]any{"content": []any{map[string]any{"type": "text", "text": text}, testImage}}, NormalizeOptions{})
	got := b.Content()
	if len(got) > 50_000 || !strings.HasSuffix(got, "\n\u2026[tool result truncated at 50000 bytes]\n[omitted from this result: 1 image block]") {
		t.Fatalf("content of %d octets ends %q", len(got), got[max(0, len(got)-90):])
	}
}

func TestTR_NORM_67_ManyPlaceholdersAreOneCount(t *testing.T) {
	blocks := []any{map[string]any{"type": "text", "text": strings.Repeat("a", 300)}}
	for i := 0; i < 100_000; i++ {
		blocks = append(blocks, testImage)
	}
	b := normalized(t, SourceMCP, map[string]any{"content": blocks}, NormalizeOptions{Budgets: BoundOptions{ContentBudget: 256}})
	if want := strings.Repeat("a", 168) + notice256 + "\n[omitted from this result: 100000 image blocks]"; b.Content() != want {
		t.Fatalf("got %q", b.Content())
	}
}

func TestTR_NORM_67_IllFormedOctetsAreMeasuredCoerced(t *testing.T) {
	// 80 lone continuation octets are 240 octets once coerced (one U+FFFD each): over the budget
	// with the placeholder, which the plain cut would remove.
	text := strings.Repeat("\x80", 80)
	b := normalized(t, SourceMCP, map[string]any{"content": []any{map[string]any{"type": "text", "text": text}, testImage}}, NormalizeOptions{Budgets: BoundOptions{ContentBudget: 256}})
	if want := strings.Repeat("\uFFFD", 58) + notice256 + "\n[omitted from this result: 1 image block]"; b.Content() != want {
		t.Fatalf("got %q", b.Content())
	}
}
