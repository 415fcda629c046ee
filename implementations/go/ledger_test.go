package toolresult

import (
	"errors"
	"strings"
	"testing"
)

func TestTR_REPLAY_2_EntryIsJCS(t *testing.T) {
	b, _ := Bound(Text("Found 2", WithStructured(map[string]any{"b": []any{1.0, 0.5, 1e-7}, "a": nil})), BoundOptions{})
	entry, _ := Persist(b)
	want := `{"result":{"artifacts":[],"content":"Found 2","isError":false,"structured":{"a":null,"b":[1,0.5,1e-7]},"warnings":[]},"version":1}`
	if entry != want {
		t.Fatalf("\n%s\n%s", entry, want)
	}
	keys, _ := Bound(Text("k", WithStructured(map[string]any{"\uFF5E": 1, "😀": 2, "/": 3, "\u2028": "<&>"})), BoundOptions{})
	entry, _ = Persist(keys)
	if !strings.Contains(entry, `{"/":3,"`+"\u2028"+`":"<&>","😀":2,"～":1}`) {
		t.Fatal(entry)
	}
}

func TestTR_REPLAY_3_RestorePersist(t *testing.T) {
	for _, r := range []ToolResult{Text("x"), Error("e", WithStructured(nil)), Text("", WithStructured([]any{-0.0, "\u0000"}))} {
		b, _ := Bound(r, BoundOptions{})
		entry, _ := Persist(b)
		back, err := Restore(entry, BoundOptions{})
		if err != nil {
			t.Fatal(err)
		}
		again, _ := Persist(back)
		if again != entry {
			t.Fatalf("%s\n%s", entry, again)
		}
	}
}

func ledgerCode(err error) string {
	var le *LedgerError
	if errors.As(err, &le) {
		return le.Code
	}
	return "none"
}

func TestTR_REPLAY_5_6_7_Refusals(t *testing.T) {
	ok := `"result":{"artifacts":[],"content":"x","isError":false,"warnings":[]}`
	cases := map[string]string{
		`{"version":2,"whatever":1}`:           "ledger.unknown_version",
		`{"version":1.0e0,` + ok + `}`:         "",
		`{"version":1,` + ok + `,"version":1}`: "ledger.malformed",
		`not json`:                             "ledger.malformed",
		`[1]`:                                  "ledger.malformed",
		`{"version":1,` + ok[:len(ok)-1] + `,"extra":1}}`:                                                        "ledger.malformed",
		`{"version":1,"result":{"artifacts":[],"content":"\ud800","isError":false,"warnings":[]}}`:               "ledger.not_bounded",
		`{"version":1,"result":{"artifacts":[],"content":"x","isError":false,"structured":1e400,"warnings":[]}}`: "ledger.not_bounded",
		`{"version":1,"result":{"artifacts":[],"content":"x","isError":false,"warnings":[{"code":"z"}]}}`:        "ledger.not_bounded",
		strings.Repeat("[", 100000) + strings.Repeat("]", 100000):                                                "ledger.malformed",
		"\"\\ud800\"": "",
		"\"a\xff\"":   "ledger.malformed",
	}
	for entry, want := range cases {
		_, err := Restore(entry, BoundOptions{})
		got := ledgerCode(err)
		if want == "" && err != nil || want != "" && got != want {
			t.Errorf("%.60q: got %s (%v), want %q", entry, got, err, want)
		}
	}
	legacy, _ := Restore(`"\ud800"`, BoundOptions{})
	if legacy.Content() != "\uFFFD" {
		t.Fatalf("legacy lone surrogate: %q", legacy.Content())
	}
}
