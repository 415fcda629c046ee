package toolresult

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestTR_PRIV_2_StrictestLevel(t *testing.T) {
	cases := map[string]Level{"": LevelMetadata, "full": LevelFull, "full,redacted": LevelRedacted, "full,typo": LevelNone, "metadata,none": LevelNone}
	for in, want := range cases {
		var settings []string
		if in != "" {
			settings = strings.Split(in, ",")
		}
		if got := StrictestLevel(settings...); got != want {
			t.Errorf("%q: %s, want %s", in, got, want)
		}
	}
}

func TestTR_PRIV_3_4_RecordsKeepOnlyTheirLevel(t *testing.T) {
	b, _ := Bound(Text("canary-content", WithStructured(map[string]any{"canary-key": "canary-value"})), BoundOptions{})
	none, _ := AuditRecord(b, LevelNone, AuditOptions{})
	if j, _ := json.Marshal(none); string(j) != `{"level":"none","version":1}` {
		t.Fatal(string(j))
	}
	meta, _ := AuditRecord(b, LevelMetadata, AuditOptions{})
	j, _ := json.Marshal(meta)
	if strings.Contains(string(j), "canary") || !strings.Contains(string(j), `"structuredOctets":29`) {
		t.Fatal(string(j))
	}
}

func TestTR_PRIV_16_DefaultRedactor(t *testing.T) {
	cases := map[string]string{
		"Bearer abc.DEF-123":            "Bearer ***",
		"bEaReR\t\tTOKEN==":             "bEaReR ***",
		"key sk-live0123456789":         "key ***",
		"sk-short7":                     "sk-short7",
		"https://admin:pw@db.example/x": "https://***@db.example/x",
		"mail jane.doe@example.com now": "mail *** now",
		"a@b.c":                         "a@b.c",
		strings.Repeat("é", 1500):       strings.Repeat("é", 993) + "…[truncated]",
		// the credential rules (issue 41) and a near miss of each
		"GET /v1?token=abc123&x=1":                    "GET /v1?token=***&x=1",
		"?X-Amz-Signature=fe5f&pageToken=p2":          "?X-Amz-Signature=***&pageToken=p2",
		"Authorization: Basic dXNlcjpwYXNz":           "Authorization: Basic ***",
		"Authorization: required":                     "Authorization: required",
		"id eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIx.sig ok": "id *** ok",
		"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIx":           "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIx",
		"glpat-abcdefghij xapp-1-A052F":               "*** xapp-1-A052F",
		"ASIAY34FZKBOKMUTVV7A ASIA_PACIFIC_NORTH":     "*** ASIA_PACIFIC_NORTH",
	}
	for in, want := range cases {
		got, _ := DefaultRedactor(in)
		if got != want {
			t.Errorf("%.40q: got %.60q", in, got)
		}
		if again, _ := DefaultRedactor(got); again != got && len(got) <= redactedCap {
			t.Errorf("TR-PRIV-8: not a fixed point: %q", got)
		}
	}
}

// TR-PRIV-17: the credential rules' worst cases are answered by the rules, not by a mask for a
// given-up engine (RE2 cannot give up; this pins the answer the other languages must give).
func TestTR_PRIV_17_HostileLeaves(t *testing.T) {
	for _, leaf := range []string{"?" + strings.Repeat("a", 1_000_000), strings.Repeat("?access_", 125_000), "Authorization: " + strings.Repeat("a", 1_000_000), "eyJ" + strings.Repeat("a", 1_000_000), strings.Repeat(" ASIA", 200_000)} {
		if got := maskPass(leaf); got != leaf {
			t.Errorf("%.20q: changed", leaf)
		}
	}
}

func TestTR_PRIV_9_KeysThatRedactAlike(t *testing.T) {
	v := map[string]any{"b@example.com": 2, "a@example.com": 1, "***": 0, "***#2": 9}
	got := canonicalJSON(redactValue(v, DefaultRedactor))
	// Original keys in UTF-16 order: "***", "***#2", "a@…", "b@…": a@… takes ***#3, b@… ***#4.
	if got != `{"***":0,"***#2":9,"***#3":1,"***#4":2}` {
		t.Fatal(got)
	}
}

func TestTR_PRIV_10_FailingRedactor(t *testing.T) {
	for _, r := range []Redactor{
		func(string) (string, error) { panic("canary") },
		func(string) (string, error) { return "\xed\xa0\x80", nil },
	} {
		if safeRedact(r, "x") != "***" {
			t.Fatal("a failing redactor's output was kept")
		}
	}
}
