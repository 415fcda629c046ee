package sqliteledger_test

import (
	"os"
	"strings"
	"testing"
)

// The README's durable-ledger lines are the Example's own lines, so the README shows what go test runs.
func TestReadmeLinesAreTheExample(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	example, err := os.ReadFile("example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	_, after, found := strings.Cut(string(readme), "### A durable ledger")
	_, block, _ := strings.Cut(after, "```go\n")
	block, _, closed := strings.Cut(block, "```")
	if !found || !closed || strings.TrimSpace(block) == "" {
		t.Fatal("the README has no Go block under \"### A durable ledger\"")
	}
	for _, line := range strings.Split(strings.TrimSpace(block), "\n") {
		if !strings.Contains(string(example), strings.TrimSpace(line)) {
			t.Errorf("the README's line %q is not in example_test.go", line)
		}
	}
}
