package main

import (
	"errors"
	"fmt"
	"time"

	"github.com/toolresult-protocol/toolresult/implementations/go/ledger/sqliteledger"
)

func ms(v any) time.Duration {
	if f, ok := v.(float64); ok {
		return time.Duration(f) * time.Millisecond
	}
	return 0
}

// open opens the store the suite names: {"backend":"sqlite",path,leaseMs,busyTimeoutMs} or
// {"backend":"postgres",connection,leaseMs,lockTimeoutMs}.
func open(config map[string]any) (store, error) {
	switch config["backend"] {
	case "sqlite":
		path, _ := config["path"].(string)
		return sqliteledger.Open(path, sqliteledger.Options{Lease: ms(config["leaseMs"]), BusyTimeout: ms(config["busyTimeoutMs"])})
	case "postgres":
		return openPostgres(config)
	}
	return nil, errors.New(fmt.Sprint("unknown backend ", config["backend"]))
}
