// Package toolresult is the Go implementation of the ToolResult Protocol (spec/ in the repository):
// it bounds a tool's result, builds what each sink may see of it, persists and restores ledger
// entries, runs hooks and applies exposure policies. Standard library only.
package toolresult

// Version is the protocol package version this implementation follows.
const Version = "1.0.0-alpha.3"

// Logger receives the implementation's log lines: fixed messages with positions, codes and
// counts, never a byte of a result (TR-LOG-1, TR-LOG-2). A nil Logger writes nothing (TR-LOG-5).
type Logger interface {
	Log(line string)
}

func logLine(l Logger, line string) {
	if l != nil {
		l.Log(line)
	}
}
