// Command toolresult-ledger-floor is the durability floor of a Go ledger call, for the ledger bench
// (bench/ledger.bench.ts): the same two writes a call makes (a claim row, then its entry), each
// committed as durably as the Go store commits it, through the same driver, with none of the
// ledger's logic. It speaks bench/ledger-floor-worker.ts's lines: "ready", then "go <first> <count>"
// answered by "done".
//
//	toolresult-ledger-floor '{"backend":"sqlite","path":"…"}'
//	toolresult-ledger-floor '{"backend":"postgres","connection":{…}}'
package main

import (
	"bufio"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	_ "modernc.org/sqlite"
)

var entry = []byte(`{"result":{"artifacts":[],"content":"floor","isError":false,"warnings":[]},"version":1}`)

func main() {
	var config struct {
		Backend    string         `json:"backend"`
		Path       string         `json:"path"`
		Connection map[string]any `json:"connection"`
	}
	if len(os.Args) != 2 || json.Unmarshal([]byte(os.Args[1]), &config) != nil {
		fmt.Fprintln(os.Stderr, "usage: toolresult-ledger-floor '<store settings as JSON>'")
		os.Exit(2)
	}
	call, closeStore, err := writer(config.Backend, config.Path, config.Connection)
	if err != nil {
		fmt.Fprintln(os.Stderr, "toolresult-ledger-floor:", err)
		os.Exit(1)
	}
	fmt.Println("ready")
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		f := strings.Fields(in.Text())
		if len(f) != 3 || f[0] != "go" {
			break
		}
		n, _ := strconv.Atoi(f[2])
		for i := 0; i < n; i++ {
			if err := call(f[1] + "-" + strconv.Itoa(i)); err != nil {
				fmt.Fprintln(os.Stderr, "toolresult-ledger-floor:", err)
				os.Exit(1)
			}
		}
		fmt.Println("done")
	}
	closeStore()
}

func writer(backend, path string, connection map[string]any) (func(string) error, func(), error) {
	ctx := context.Background()
	if backend == "sqlite" {
		// The Go store's settings: WAL, synchronous=FULL on the connection, the same busy timeout.
		db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(30000)&_pragma=synchronous(FULL)")
		if err != nil {
			return nil, nil, err
		}
		db.SetMaxOpenConns(1)
		for _, s := range []string{"PRAGMA journal_mode = WAL", "CREATE TABLE IF NOT EXISTS floor (id TEXT PRIMARY KEY, state TEXT, entry BLOB, at INTEGER)"} {
			if _, err := db.Exec(s); err != nil {
				return nil, nil, err
			}
		}
		return func(id string) error {
			if _, err := db.Exec("INSERT INTO floor (id, state, at) VALUES (?, 'claimed', ?)", id, time.Now().UnixMilli()); err != nil {
				return err
			}
			_, err := db.Exec("UPDATE floor SET state = 'stored', entry = ? WHERE id = ?", entry, id)
			return err
		}, func() { db.Close() }, nil
	}
	var parts []string
	names := map[string]string{"host": "host", "port": "port", "user": "user", "database": "dbname", "password": "password"}
	for k, v := range connection {
		if name, ok := names[k]; ok {
			parts = append(parts, name+"='"+fmt.Sprint(v)+"'")
		}
	}
	sort.Strings(parts)
	conn, err := pgx.Connect(ctx, strings.Join(parts, " "))
	if err != nil {
		return nil, nil, err
	}
	_, _ = conn.Exec(ctx, "CREATE TABLE IF NOT EXISTS floor (id text PRIMARY KEY, state text, entry bytea, at timestamptz)")
	return func(id string) error {
		if _, err := conn.Exec(ctx, "INSERT INTO floor (id, state, at) VALUES ($1, 'claimed', now())", id); err != nil {
			return err
		}
		_, err := conn.Exec(ctx, "UPDATE floor SET state = 'stored', entry = $2 WHERE id = $1", id, entry)
		return err
	}, func() { conn.Close(context.Background()) }, nil
}
