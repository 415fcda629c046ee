// Command toolresult-adapter is the Go implementation's conformance adapter: JSON lines on
// standard input, one response line each on standard output (spec/09-conformance.md).
//
//	npm run conformance -- -- go run ./implementations/go/cmd/toolresult-adapter
package main

import (
	"bufio"
	"io"
	"os"
	"strings"

	"github.com/toolresult-protocol/toolresult/implementations/go/internal/kitadapter"
)

func main() {
	in := bufio.NewReaderSize(os.Stdin, 1<<20)
	out := bufio.NewWriter(os.Stdout)
	for {
		line, err := in.ReadString('\n')
		if strings.TrimSpace(line) != "" {
			response, stop := kitadapter.HandleLine(strings.TrimRight(line, "\r\n"))
			_, _ = out.Write(response)
			_ = out.Flush()
			if stop {
				os.Exit(0)
			}
		}
		if err == io.EOF {
			return
		}
		if err != nil {
			os.Exit(1)
		}
	}
}
