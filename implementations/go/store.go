package toolresult

import (
	"sort"
	"strings"
	"unicode/utf8"
)

// What every durable ledger store shares, whatever its driver (spec/07-replay.md §7.4–7.8). The
// stores live in their own packages (ledger/sqliteledger, ledger/pgledger), so that this package
// stays standard library only; a program tests errors.As(err, &*LedgerStoreError) and its Code
// without importing a driver.

// LedgerStoreErrorCodes holds every code a *LedgerStoreError can carry, with what it means.
var LedgerStoreErrorCodes = map[string]string{
	"ledger.store_failed":     "the store could not read or write (locked past its timeout, disk full, connection lost, I/O error, a file or folder that cannot be opened)",
	"ledger.store_layout":     "the store's tables have a layout version this implementation does not know",
	"ledger.store_no_layout":  "the ledger meta table exists but holds no layout row: the tables were not made by a ledger store, or were damaged",
	"ledger.store_conflict":   "a table with one of the ledger's names exists with other columns, or only some of the ledger's tables exist",
	"ledger.store_foreign":    "the database holds tables and none of the ledger's: it is another application's database, and opening it would change it",
	"ledger.store_empty_file": "the ledger file is empty (0 bytes) and the caller did not ask to create a ledger: a ledger that held entries may have been truncated",
	"ledger.store_missing":    "the ledger does not exist and the caller asked to open an existing one only",
	"ledger.lease_lost":       "this claim's lease expired and another caller recorded the call as interrupted (TR-REPLAY-24) or took it over (TR-REPLAY-43)",
}

// LedgerStoreError is a durable store's failure (TR-REPLAY-30..33, -37). Its message names the
// store, the cause in words and the driver's own code, never a byte of an entry or an audit record.
type LedgerStoreError struct {
	// Code is one of LedgerStoreErrorCodes.
	Code string
	// DriverCode is the driver's own code (SQLITE_BUSY, a SQLSTATE, ENOENT), when there is one.
	DriverCode string
	message    string
}

func (e *LedgerStoreError) Error() string { return e.message }

// NewLedgerStoreError is for store packages; it panics on a code that is not in LedgerStoreErrorCodes.
func NewLedgerStoreError(code, message, driverCode string) *LedgerStoreError {
	if _, ok := LedgerStoreErrorCodes[code]; !ok {
		panic("toolresult: not a ledger store error code: " + code)
	}
	return &LedgerStoreError{Code: code, DriverCode: driverCode, message: message}
}

// InterruptedText is the content of the error result a call gets when its claimant's lease ran out
// before it finished (TR-REPLAY-23).
const InterruptedText = "The tool call was interrupted before its result was stored and is not run again; whether its action took effect is unknown."

// InterruptedEntry is the ledger entry of that error result, byte for byte as in every language.
const InterruptedEntry = `{"result":{"artifacts":[],"content":"` + InterruptedText + `","isError":true,"warnings":[]},"version":1}`

// MaxCallIDOctets is the longest call ID a durable store keeps (TR-REPLAY-21).
const MaxCallIDOctets = 1024

// CheckCallID refuses a call ID a durable store cannot keep exactly as given (TR-REPLAY-21): empty,
// not UTF-8 (Go's strings are octets; an encoded lone surrogate is not UTF-8), holding U+0000, or
// longer than 1024 octets. The error never quotes the call ID.
func CheckCallID(callID string) error {
	switch {
	case callID == "":
		return &CallIDError{"a call ID must be a non-empty string"}
	case !utf8.ValidString(callID):
		return &CallIDError{"a call ID must be well-formed UTF-8 (it holds a lone surrogate or other invalid octets)"}
	case strings.IndexByte(callID, 0) >= 0:
		return &CallIDError{"a call ID must not contain U+0000"}
	case len(callID) > MaxCallIDOctets:
		return &CallIDError{"a call ID must be at most 1024 UTF-8 octets"}
	}
	return nil
}

// CallIDError is CheckCallID's refusal.
type CallIDError struct{ message string }

func (e *CallIDError) Error() string { return e.message }

var levelMembers = map[Level][]string{
	"none":     {"level", "version"},
	"metadata": {"level", "summary", "version"},
	"redacted": {"level", "result", "summary", "version"},
	"full":     {"level", "result", "summary", "version"},
}

// AuditText is the text a store keeps for an audit record (what AuditRecord returns): its canonical
// JSON. It refuses a record with members its level does not allow, so that run-only data never
// lands in a row whose level forbids it (TR-REPLAY-34). It returns the record's level too.
func AuditText(record map[string]any) (text string, level string, err error) {
	lv, _ := record["level"].(Level)
	if s, ok := record["level"].(string); ok {
		lv = Level(s)
	}
	allowed, known := levelMembers[lv]
	if v, _ := numberValue(record["version"]); !known || v != 1 {
		return "", "", &CallIDError{"an audit record must be what AuditRecord returns (version 1 and a privacy level)"}
	}
	members := make([]string, 0, len(record))
	for k := range record {
		members = append(members, k)
	}
	sort.Strings(members)
	if strings.Join(members, ",") != strings.Join(allowed, ",") {
		return "", "", &CallIDError{"an audit record at level " + string(lv) + " has exactly the members " + strings.Join(allowed, ", ")}
	}
	return canonicalJSON(record), string(lv), nil
}
