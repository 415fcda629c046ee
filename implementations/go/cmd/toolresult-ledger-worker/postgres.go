package main

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/toolresult-protocol/toolresult/implementations/go/ledger/pgledger"
)

// connString turns the suite's pg settings ({host, port, user, database, password?}) into pgx's
// key=value form; a string is taken as it is.
func connString(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	m, _ := v.(map[string]any)
	names := map[string]string{"host": "host", "port": "port", "user": "user", "database": "dbname", "password": "password"}
	var parts []string
	for k, val := range m {
		if name, ok := names[k]; ok {
			s := strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(fmt.Sprint(val))
			parts = append(parts, name+"='"+s+"'")
		}
	}
	sort.Strings(parts)
	return strings.Join(parts, " ")
}

func openPostgres(config map[string]any) (store, error) {
	return pgledger.Open(context.Background(), connString(config["connection"]), pgledger.Options{Lease: ms(config["leaseMs"]), LockTimeout: ms(config["lockTimeoutMs"])})
}
