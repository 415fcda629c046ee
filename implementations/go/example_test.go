package toolresult_test

import (
	"context"
	"encoding/json"
	"fmt"

	toolresult "github.com/toolresult-protocol/toolresult/implementations/go"
)

// The README's example: a tool's result through the seam; the model sees the wire message, the
// ledger keeps every channel, and an audit record at metadata keeps sizes only.
func Example() {
	ctx := context.Background()
	var ledger toolresult.MemoryLedger
	tool := func(context.Context) (toolresult.ToolResult, error) {
		return toolresult.Text("Found 2 invoices",
			toolresult.WithStructured(map[string]any{"invoices": []any{"INV-1", "INV-2"}, "iban": "DE00 1234"}),
		), nil
	}
	result, err := toolresult.ExecuteToolCall(ctx, &ledger, "call-42", tool, toolresult.SeamOptions{
		Budgets:  toolresult.BoundOptions{ContentBudget: 4096},
		Exposure: map[string]any{"policy": "allowlist", "pointers": []any{"/invoices"}},
	})
	if err != nil {
		panic(err)
	}
	wire, _ := toolresult.WireMessage(result)
	text, _ := json.Marshal(wire)
	fmt.Println(string(text))

	entry, _ := toolresult.Persist(result)
	fmt.Println(entry)

	record, _ := toolresult.AuditRecord(result, toolresult.StrictestLevel("metadata"), toolresult.AuditOptions{})
	summary, _ := json.Marshal(record["summary"])
	fmt.Println(string(summary))

	fmt.Println(result) // implicit conversions show the shape only
	// Output:
	// {"content":"Found 2 invoices\n\n{\"/invoices\":[\"INV-1\",\"INV-2\"]}","isError":false}
	// {"result":{"artifacts":[],"content":"Found 2 invoices\n\n{\"/invoices\":[\"INV-1\",\"INV-2\"]}","isError":false,"structured":{"iban":"DE00 1234","invoices":["INV-1","INV-2"]},"warnings":[{"code":"exposure.allowlist"}]},"version":1}
	// {"artifactCount":0,"artifactTypes":[],"artifactsOctets":2,"contentOctets":49,"hasStructured":true,"isError":false,"structuredOctets":49,"warnings":["exposure.allowlist"]}
	// Bounded{isError: false, contentOctets: 49, structured: true, artifacts: 0, warnings: ["exposure.allowlist"]}
}
