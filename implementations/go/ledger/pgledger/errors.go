package pgledger

import (
	"context"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
	toolresult "github.com/toolresult-protocol/toolresult/implementations/go"
	"github.com/toolresult-protocol/toolresult/implementations/go/internal/ledgerstore"
)

var causes = map[string]string{
	"55P03": "a lock was not granted in time (the table or row is locked by another session)",
	"57014": "the statement was cancelled (statement timeout or cancel request)",
	"53100": "the disk holding the database is full",
	"53200": "the server is out of memory",
	"53300": "the server has too many connections",
	"57P01": "the server terminated the connection",
	"57P02": "the server terminated the connection",
	"57P03": "the server is not accepting connections yet",
	"25006": "the database is read-only",
	"42501": "the database user lacks a privilege the ledger needs",
	"3D000": "the database does not exist",
	"28P01": "the password was refused",
	"28000": "the connection was not authorized",
}

var sqlState = regexp.MustCompile(`SQLSTATE ([0-9A-Z]{5})`)

// storeError is a ledger.store_failed naming the ledger, the cause in words and the driver's code,
// named for what it is: a server's SQLSTATE or a system error (TR-REPLAY-31). The server never
// echoes a bytea parameter, so its own words may be quoted, cut short.
func storeError(where, doing string, err error) error {
	var lse *toolresult.LedgerStoreError
	if errors.As(err, &lse) {
		return lse
	}
	var cause, code, named string
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		code, named = pe.Code, " (SQLSTATE "+pe.Code+")"
		switch {
		case causes[pe.Code] != "":
			cause = causes[pe.Code]
		case strings.HasPrefix(pe.Code, "08"):
			cause = "the connection to the server failed"
		default:
			cause = "PostgreSQL reported an error: " + ledgerstore.Cut(pe.Message)
		}
	} else if name, why, ok := ledgerstore.Errno(err); ok {
		code, named, cause = name, " ("+name+")", why
	} else if m := sqlState.FindStringSubmatch(err.Error()); m != nil {
		// A connection refused at startup: pgconn keeps the server's error as text only.
		code, named = m[1], " (SQLSTATE "+m[1]+")"
		if cause = causes[m[1]]; cause == "" {
			cause = "the connection to the server failed"
		}
	} else if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || strings.Contains(err.Error(), "conn closed") {
		cause = "the connection to the server was lost"
	} else if errors.Is(err, context.DeadlineExceeded) || pgconn.Timeout(err) {
		cause = "the server did not answer in time"
	} else {
		cause = "the PostgreSQL driver failed: " + ledgerstore.Cut(err.Error())
	}
	return toolresult.NewLedgerStoreError("ledger.store_failed", fmt.Sprintf("PostgreSQL ledger %s: cannot %s: %s%s", where, doing, cause, named), code)
}
