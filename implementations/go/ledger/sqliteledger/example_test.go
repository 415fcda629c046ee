package sqliteledger_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	toolresult "github.com/toolresult-protocol/toolresult/implementations/go"
	"github.com/toolresult-protocol/toolresult/implementations/go/ledger/sqliteledger"
)

// The README's durable ledger: the two lines, then a second process (here a second Open of the same
// file) replays the call without running the tool.
func Example() {
	dir, _ := os.MkdirTemp("", "ledger-example-")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "ledger.db")
	ctx := context.Background()
	tool := func(context.Context) (toolresult.ToolResult, error) { return toolresult.Text("Paid INV-1"), nil }

	ledger, err := sqliteledger.Open(path, sqliteledger.Options{})
	if err != nil {
		panic(err)
	}
	result, err := toolresult.ExecuteToolCall(ctx, ledger, "call-42", tool, toolresult.SeamOptions{})
	if err != nil {
		panic(err)
	}
	fmt.Println(result.Content())
	ledger.Close()

	again, _ := sqliteledger.Open(path, sqliteledger.Options{})
	defer again.Close()
	replayed, _ := toolresult.ExecuteToolCall(ctx, again, "call-42", func(context.Context) (toolresult.ToolResult, error) {
		panic("not run again")
	}, toolresult.SeamOptions{})
	entry, _ := toolresult.Persist(replayed)
	fmt.Println(entry)
	// Output:
	// Paid INV-1
	// {"result":{"artifacts":[],"content":"Paid INV-1","isError":false,"warnings":[]},"version":1}
}
