// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.2). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

// Package generated holds the ToolResult Protocol's data model as Go types.
//
// Decode with encoding/json; every type decodes strictly. Absent is nil, null is the JSON null.
package generated

import (
	"encoding/json"
	"fmt"
)

// The stack compliance matrix (spec/11-stacks.md) as npm run compliance writes it to
// stacks/compliance/report.json: which stack, at which exact versions and runtime, passes which
// check, with the evidence of every failing cell and the command that replays it.
type ComplianceReport struct {
	Schema  *string                       `json:"$schema,omitempty"`
	Kit     ComplianceReportKit           `json:"kit"`
	Checks  []ComplianceReportChecksItem  `json:"checks"`
	Stacks  []ComplianceReportStacksItem  `json:"stacks"`
	Cells   []Cell                        `json:"cells"`
	Figures []ComplianceReportFiguresItem `json:"figures"`
	// What is wrong with the matrix's own declarations: a limit a row declares on a check whose cell
	// now passes (stale-limit). npm run compliance exits 1, and --verify fails, while there is one.
	Findings []ComplianceReportFindingsItem `json:"findings"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *ComplianceReport) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("ComplianceReport: want an object, got %.40s", data)
	}
	if raw, ok := members["kit"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ComplianceReport: missing member %q", "kit")
	}
	if raw, ok := members["checks"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ComplianceReport: missing member %q", "checks")
	}
	if raw, ok := members["stacks"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ComplianceReport: missing member %q", "stacks")
	}
	if raw, ok := members["cells"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ComplianceReport: missing member %q", "cells")
	}
	if raw, ok := members["figures"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ComplianceReport: missing member %q", "figures")
	}
	if raw, ok := members["findings"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ComplianceReport: missing member %q", "findings")
	}
	if raw, ok := members["checks"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("ComplianceReport: member %q: %w", "checks", err)
		}
	}
	if raw, ok := members["stacks"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("ComplianceReport: member %q: %w", "stacks", err)
		}
	}
	if raw, ok := members["cells"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("ComplianceReport: member %q: %w", "cells", err)
		}
	}
	if raw, ok := members["figures"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("ComplianceReport: member %q: %w", "figures", err)
		}
	}
	if raw, ok := members["findings"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("ComplianceReport: member %q: %w", "findings", err)
		}
	}
	type plain ComplianceReport
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("ComplianceReport: %w", err)
	}
	for member := range members {
		switch member {
		case "$schema", "kit", "checks", "stacks", "cells", "figures", "findings":
		default:
			return fmt.Errorf("ComplianceReport: unknown member %q", member)
		}
	}
	*v = ComplianceReport(p)
	return nil
}

type ComplianceReportKit struct {
	// The specification and kit version.
	Version string `json:"version"`
	Seed    int64  `json:"seed"`
	// Generated cases per cell before shrinking.
	Runs int64 `json:"runs"`
	// IDs of the fixed vectors (<file stem>/<id>).
	Vectors []string `json:"vectors"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *ComplianceReportKit) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("ComplianceReportKit: want an object, got %.40s", data)
	}
	if raw, ok := members["version"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ComplianceReportKit: missing member %q", "version")
	}
	if raw, ok := members["seed"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ComplianceReportKit: missing member %q", "seed")
	}
	if raw, ok := members["runs"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ComplianceReportKit: missing member %q", "runs")
	}
	if raw, ok := members["vectors"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ComplianceReportKit: missing member %q", "vectors")
	}
	if raw, ok := members["vectors"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("ComplianceReportKit: member %q: %w", "vectors", err)
		}
	}
	type plain ComplianceReportKit
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("ComplianceReportKit: %w", err)
	}
	for member := range members {
		switch member {
		case "version", "seed", "runs", "vectors":
		default:
			return fmt.Errorf("ComplianceReportKit: unknown member %q", member)
		}
	}
	*v = ComplianceReportKit(p)
	return nil
}

type ComplianceReportChecksItem struct {
	ID   string `json:"id"`
	Kind string `json:"kind"`
	// SHOULD: a failing cell is a default the profile advises against, not a broken rule.
	Level string `json:"level"`
	Title string `json:"title"`
	// The column header.
	Short string `json:"short"`
	// What the check reads instead of the provider bodies: the stores the stack persisted for a
	// resumable run, or the telemetry it exported (absent: the provider bodies).
	Reads *string `json:"reads,omitempty"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *ComplianceReportChecksItem) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("ComplianceReportChecksItem: want an object, got %.40s", data)
	}
	if raw, ok := members["id"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ComplianceReportChecksItem: missing member %q", "id")
	}
	if raw, ok := members["kind"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ComplianceReportChecksItem: missing member %q", "kind")
	}
	if raw, ok := members["level"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ComplianceReportChecksItem: missing member %q", "level")
	}
	if raw, ok := members["title"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ComplianceReportChecksItem: missing member %q", "title")
	}
	if raw, ok := members["short"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ComplianceReportChecksItem: missing member %q", "short")
	}
	type plain ComplianceReportChecksItem
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("ComplianceReportChecksItem: %w", err)
	}
	for member := range members {
		switch member {
		case "id", "kind", "level", "title", "short", "reads":
		default:
			return fmt.Errorf("ComplianceReportChecksItem: unknown member %q", member)
		}
	}
	if p.Kind != "leak" && p.Kind != "loss" && p.Kind != "delivery" && p.Kind != "duplication" {
		return fmt.Errorf("ComplianceReportChecksItem: member %q must be one of \"leak\", \"loss\", \"delivery\", \"duplication\"", "kind")
	}
	if p.Level != "MUST" && p.Level != "SHOULD" {
		return fmt.Errorf("ComplianceReportChecksItem: member %q must be one of \"MUST\", \"SHOULD\"", "level")
	}
	if p.Reads != nil && *p.Reads != "persisted" && *p.Reads != "exported" {
		return fmt.Errorf("ComplianceReportChecksItem: member %q must be one of \"persisted\", \"exported\"", "reads")
	}
	*v = ComplianceReportChecksItem(p)
	return nil
}

type ComplianceReportStacksItem struct {
	// <stack>-<mode>@<provider>.
	ID string `json:"id"`
	// The agent stack, e.g. langchain.
	Stack string `json:"stack"`
	// The option or entry point of the stack the row runs, e.g. stream.
	Mode string `json:"mode"`
	// The provider wire format whose HTTP body the row judges: openai-chat, openai-responses,
	// anthropic, gemini or bedrock-converse.
	Provider string `json:"provider"`
	Name     string `json:"name"`
	// Every package of the stack as name@exact-version, space-separated, read from the installed
	// packages.
	Version string `json:"version"`
	// Language and runtime with its exact version, e.g. javascript (node v20.20.2).
	Runtime string `json:"runtime"`
	// How the adapter wires the stack, in one line.
	Setup string `json:"setup"`
	// The row's cap on generated cases per cell, when lower than kit.runs (a stack whose step costs
	// seconds).
	Runs *int64 `json:"runs,omitempty"`
	// The control row, which must pass every check.
	Control bool `json:"control"`
	// The command that starts the adapter, from the repository root.
	Adapter string `json:"adapter"`
	// Why the row could not be run.
	Error *string `json:"error,omitempty"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *ComplianceReportStacksItem) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("ComplianceReportStacksItem: want an object, got %.40s", data)
	}
	if raw, ok := members["id"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ComplianceReportStacksItem: missing member %q", "id")
	}
	if raw, ok := members["stack"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ComplianceReportStacksItem: missing member %q", "stack")
	}
	if raw, ok := members["mode"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ComplianceReportStacksItem: missing member %q", "mode")
	}
	if raw, ok := members["provider"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ComplianceReportStacksItem: missing member %q", "provider")
	}
	if raw, ok := members["name"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ComplianceReportStacksItem: missing member %q", "name")
	}
	if raw, ok := members["version"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ComplianceReportStacksItem: missing member %q", "version")
	}
	if raw, ok := members["runtime"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ComplianceReportStacksItem: missing member %q", "runtime")
	}
	if raw, ok := members["setup"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ComplianceReportStacksItem: missing member %q", "setup")
	}
	if raw, ok := members["control"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ComplianceReportStacksItem: missing member %q", "control")
	}
	if raw, ok := members["adapter"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ComplianceReportStacksItem: missing member %q", "adapter")
	}
	type plain ComplianceReportStacksItem
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("ComplianceReportStacksItem: %w", err)
	}
	for member := range members {
		switch member {
		case "id", "stack", "mode", "provider", "name", "version", "runtime", "setup", "runs", "control", "adapter", "error":
		default:
			return fmt.Errorf("ComplianceReportStacksItem: unknown member %q", member)
		}
	}
	*v = ComplianceReportStacksItem(p)
	return nil
}

type Cell struct {
	Stack string `json:"stack"`
	Check string `json:"check"`
	// Judged at the provider body. limit: the check fails, the row declares it out of its stack's
	// reach from outside (reason says why, upstream what the stack would have to change; the evidence
	// is kept), and every failure is the one the limit expects (expects); a failure the limit does not
	// expect makes the cell a fail; error: the adapter broke and the cell could not be judged; n/a:
	// the check cannot be judged on this row (reason says why).
	Verdict string `json:"verdict"`
	Vectors int64  `json:"vectors"`
	// Generated cases run, shrinking steps included.
	Generated int64   `json:"generated"`
	Reason    *string `json:"reason,omitempty"`
	// For limit: the change the stack or its provider package needs.
	Upstream *string `json:"upstream,omitempty"`
	// For limit, and for fail on a row that declares a limit on the check: the regular expression the
	// summary of the failure the limit explains matches.
	Expects  *string      `json:"expects,omitempty"`
	Evidence []Evidence   `json:"evidence"`
	Model    ModelVerdict `json:"model"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *Cell) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("Cell: want an object, got %.40s", data)
	}
	if raw, ok := members["stack"]; !ok || string(raw) == "null" {
		return fmt.Errorf("Cell: missing member %q", "stack")
	}
	if raw, ok := members["check"]; !ok || string(raw) == "null" {
		return fmt.Errorf("Cell: missing member %q", "check")
	}
	if raw, ok := members["verdict"]; !ok || string(raw) == "null" {
		return fmt.Errorf("Cell: missing member %q", "verdict")
	}
	if raw, ok := members["vectors"]; !ok || string(raw) == "null" {
		return fmt.Errorf("Cell: missing member %q", "vectors")
	}
	if raw, ok := members["generated"]; !ok || string(raw) == "null" {
		return fmt.Errorf("Cell: missing member %q", "generated")
	}
	if raw, ok := members["evidence"]; !ok || string(raw) == "null" {
		return fmt.Errorf("Cell: missing member %q", "evidence")
	}
	if raw, ok := members["model"]; !ok || string(raw) == "null" {
		return fmt.Errorf("Cell: missing member %q", "model")
	}
	if raw, ok := members["evidence"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("Cell: member %q: %w", "evidence", err)
		}
	}
	type plain Cell
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("Cell: %w", err)
	}
	for member := range members {
		switch member {
		case "stack", "check", "verdict", "vectors", "generated", "reason", "upstream", "expects", "evidence", "model":
		default:
			return fmt.Errorf("Cell: unknown member %q", member)
		}
	}
	if p.Verdict != "pass" && p.Verdict != "fail" && p.Verdict != "limit" && p.Verdict != "error" && p.Verdict != "n/a" {
		return fmt.Errorf("Cell: member %q must be one of \"pass\", \"fail\", \"limit\", \"error\", \"n/a\"", "verdict")
	}
	*v = Cell(p)
	return nil
}

type Evidence struct {
	Source string `json:"source"`
	// The vector ID, or seed and fast-check path of the shrunk generated case.
	Case    string        `json:"case"`
	Input   EvidenceInput `json:"input"`
	Summary string        `json:"summary"`
	Canary  *string       `json:"canary,omitempty"`
	Found   *[]Occurrence `json:"found,omitempty"`
	// What the runtime was to keep (loss checks).
	Wanted json.RawMessage `json:"wanted,omitempty"`
	// What the stack kept for the runtime, shortened.
	Kept  json.RawMessage `json:"kept,omitempty"`
	Threw *string         `json:"threw,omitempty"`
	// The tool-result part the model was given (TR-STACK-8), shortened.
	Part json.RawMessage `json:"part,omitempty"`
	// The command that replays exactly this case against this stack.
	Replay string `json:"replay"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *Evidence) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("Evidence: want an object, got %.40s", data)
	}
	if raw, ok := members["source"]; !ok || string(raw) == "null" {
		return fmt.Errorf("Evidence: missing member %q", "source")
	}
	if raw, ok := members["case"]; !ok || string(raw) == "null" {
		return fmt.Errorf("Evidence: missing member %q", "case")
	}
	if raw, ok := members["input"]; !ok || string(raw) == "null" {
		return fmt.Errorf("Evidence: missing member %q", "input")
	}
	if raw, ok := members["summary"]; !ok || string(raw) == "null" {
		return fmt.Errorf("Evidence: missing member %q", "summary")
	}
	if raw, ok := members["replay"]; !ok || string(raw) == "null" {
		return fmt.Errorf("Evidence: missing member %q", "replay")
	}
	if raw, ok := members["found"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("Evidence: member %q: %w", "found", err)
		}
	}
	type plain Evidence
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("Evidence: %w", err)
	}
	for member := range members {
		switch member {
		case "source", "case", "input", "summary", "canary", "found", "wanted", "kept", "threw", "part", "replay":
		default:
			return fmt.Errorf("Evidence: unknown member %q", member)
		}
	}
	if p.Source != "vector" && p.Source != "generated" {
		return fmt.Errorf("Evidence: member %q must be one of \"vector\", \"generated\"", "source")
	}
	*v = Evidence(p)
	return nil
}

type EvidenceInput struct {
	Result       map[string]json.RawMessage  `json:"result"`
	OutputSchema *map[string]json.RawMessage `json:"outputSchema,omitempty"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *EvidenceInput) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("EvidenceInput: want an object, got %.40s", data)
	}
	if raw, ok := members["result"]; !ok || string(raw) == "null" {
		return fmt.Errorf("EvidenceInput: missing member %q", "result")
	}
	type plain EvidenceInput
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("EvidenceInput: %w", err)
	}
	for member := range members {
		switch member {
		case "result", "outputSchema":
		default:
			return fmt.Errorf("EvidenceInput: unknown member %q", member)
		}
	}
	*v = EvidenceInput(p)
	return nil
}

type Occurrence struct {
	// Where in the step's requests, e.g. requests[1][2].content[0].text; for a store or an exported
	// body, its `where` and which occurrence in it, e.g. SqliteSaver checkpoints.sqlite, occurrence 1
	// (not an octet offset: timestamps and ids in a trace body change its length from run to run).
	Path string `json:"path"`
	// The holding string around the canary, which is marked ⟦so⟧ (in a store's octets, every octet
	// outside printable ASCII as \xNN).
	Excerpt string `json:"excerpt"`
	// text: as text; media: base64 data inside a typed media part; octets: the octets the canary's
	// base64 text decodes to, in a store or an exported body.
	Form string `json:"form"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *Occurrence) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("Occurrence: want an object, got %.40s", data)
	}
	if raw, ok := members["path"]; !ok || string(raw) == "null" {
		return fmt.Errorf("Occurrence: missing member %q", "path")
	}
	if raw, ok := members["excerpt"]; !ok || string(raw) == "null" {
		return fmt.Errorf("Occurrence: missing member %q", "excerpt")
	}
	if raw, ok := members["form"]; !ok || string(raw) == "null" {
		return fmt.Errorf("Occurrence: missing member %q", "form")
	}
	type plain Occurrence
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("Occurrence: %w", err)
	}
	for member := range members {
		switch member {
		case "path", "excerpt", "form":
		default:
			return fmt.Errorf("Occurrence: unknown member %q", member)
		}
	}
	if p.Form != "text" && p.Form != "media" && p.Form != "octets" {
		return fmt.Errorf("Occurrence: member %q must be one of \"text\", \"media\", \"octets\"", "form")
	}
	*v = Occurrence(p)
	return nil
}

// The same check on the model-interface requests of the same steps (what the stack handed its
// provider package), so a reader sees whether a leak or loss starts in the stack or in the
// provider package.
type ModelVerdict struct {
	Verdict string `json:"verdict"`
	// The first failing case (a vector ID, or the start of a generated input) in the order the cell
	// ran them: every case of the cell is judged at the model interface. Not shrunk.
	Case *string `json:"case,omitempty"`
	// What went wrong, or for n/a why the check does not apply at the model interface.
	Summary *string       `json:"summary,omitempty"`
	Canary  *string       `json:"canary,omitempty"`
	Found   *[]Occurrence `json:"found,omitempty"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *ModelVerdict) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("ModelVerdict: want an object, got %.40s", data)
	}
	if raw, ok := members["verdict"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ModelVerdict: missing member %q", "verdict")
	}
	if raw, ok := members["found"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("ModelVerdict: member %q: %w", "found", err)
		}
	}
	type plain ModelVerdict
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("ModelVerdict: %w", err)
	}
	for member := range members {
		switch member {
		case "verdict", "case", "summary", "canary", "found":
		default:
			return fmt.Errorf("ModelVerdict: unknown member %q", member)
		}
	}
	if p.Verdict != "pass" && p.Verdict != "fail" && p.Verdict != "n/a" {
		return fmt.Errorf("ModelVerdict: member %q must be one of \"pass\", \"fail\", \"n/a\"", "verdict")
	}
	*v = ModelVerdict(p)
	return nil
}

type ComplianceReportFiguresItem struct {
	Stack  string `json:"stack"`
	Vector string `json:"vector"`
	// UTF-8 octets of the provider body (JSON) sent after the tool ran.
	RequestOctets int64 `json:"requestOctets"`
	// Octets of it that are base64 data in media parts.
	MediaOctets int64 `json:"mediaOctets"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *ComplianceReportFiguresItem) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("ComplianceReportFiguresItem: want an object, got %.40s", data)
	}
	if raw, ok := members["stack"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ComplianceReportFiguresItem: missing member %q", "stack")
	}
	if raw, ok := members["vector"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ComplianceReportFiguresItem: missing member %q", "vector")
	}
	if raw, ok := members["requestOctets"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ComplianceReportFiguresItem: missing member %q", "requestOctets")
	}
	if raw, ok := members["mediaOctets"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ComplianceReportFiguresItem: missing member %q", "mediaOctets")
	}
	type plain ComplianceReportFiguresItem
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("ComplianceReportFiguresItem: %w", err)
	}
	for member := range members {
		switch member {
		case "stack", "vector", "requestOctets", "mediaOctets":
		default:
			return fmt.Errorf("ComplianceReportFiguresItem: unknown member %q", member)
		}
	}
	*v = ComplianceReportFiguresItem(p)
	return nil
}

type ComplianceReportFindingsItem struct {
	Kind    string `json:"kind"`
	Stack   string `json:"stack"`
	Check   string `json:"check"`
	Summary string `json:"summary"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *ComplianceReportFindingsItem) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("ComplianceReportFindingsItem: want an object, got %.40s", data)
	}
	if raw, ok := members["kind"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ComplianceReportFindingsItem: missing member %q", "kind")
	}
	if raw, ok := members["stack"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ComplianceReportFindingsItem: missing member %q", "stack")
	}
	if raw, ok := members["check"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ComplianceReportFindingsItem: missing member %q", "check")
	}
	if raw, ok := members["summary"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ComplianceReportFindingsItem: missing member %q", "summary")
	}
	type plain ComplianceReportFindingsItem
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("ComplianceReportFindingsItem: %w", err)
	}
	for member := range members {
		switch member {
		case "kind", "stack", "check", "summary":
		default:
			return fmt.Errorf("ComplianceReportFindingsItem: unknown member %q", member)
		}
	}
	if p.Kind != "stale-limit" {
		return fmt.Errorf("ComplianceReportFindingsItem: member %q must be \"stale-limit\"", "kind")
	}
	*v = ComplianceReportFindingsItem(p)
	return nil
}

// One line a ledger-suite worker writes (the suite's requests: ledger-worker-request.schema.json):
// {"event":"ready"} once its store is open (or {"event":"fatal"} when it does not open),
// {"event":"running"} once an execute's tool runs (one with hang then never answers), and one
// answer per request, with the request's id.
// LedgerWorkerMessage holds one of its variants, the first that decodes: set exactly one field.
type LedgerWorkerMessage struct {
	ReadyEvent     *ReadyEvent
	FatalEvent     *FatalEvent
	RunningEvent   *RunningEvent
	ExecuteAnswer  *ExecuteAnswer
	ExecuteFailure *ExecuteFailure
	BatchAnswer    *BatchAnswer
	EntriesAnswer  *EntriesAnswer
	ExitAnswer     *ExitAnswer
}

// MarshalJSON writes the variant that is set.
func (v LedgerWorkerMessage) MarshalJSON() ([]byte, error) {
	if v.ReadyEvent != nil {
		return json.Marshal(v.ReadyEvent)
	}
	if v.FatalEvent != nil {
		return json.Marshal(v.FatalEvent)
	}
	if v.RunningEvent != nil {
		return json.Marshal(v.RunningEvent)
	}
	if v.ExecuteAnswer != nil {
		return json.Marshal(v.ExecuteAnswer)
	}
	if v.ExecuteFailure != nil {
		return json.Marshal(v.ExecuteFailure)
	}
	if v.BatchAnswer != nil {
		return json.Marshal(v.BatchAnswer)
	}
	if v.EntriesAnswer != nil {
		return json.Marshal(v.EntriesAnswer)
	}
	if v.ExitAnswer != nil {
		return json.Marshal(v.ExitAnswer)
	}
	return nil, fmt.Errorf("LedgerWorkerMessage: no variant set")
}

// UnmarshalJSON decodes one of its variants, the first that decodes.
func (v *LedgerWorkerMessage) UnmarshalJSON(data []byte) error {
	*v = LedgerWorkerMessage{}
	if x := new(ReadyEvent); json.Unmarshal(data, x) == nil && string(data) != "null" {
		v.ReadyEvent = x
		return nil
	}
	if x := new(FatalEvent); json.Unmarshal(data, x) == nil && string(data) != "null" {
		v.FatalEvent = x
		return nil
	}
	if x := new(RunningEvent); json.Unmarshal(data, x) == nil && string(data) != "null" {
		v.RunningEvent = x
		return nil
	}
	if x := new(ExecuteAnswer); json.Unmarshal(data, x) == nil && string(data) != "null" {
		v.ExecuteAnswer = x
		return nil
	}
	if x := new(ExecuteFailure); json.Unmarshal(data, x) == nil && string(data) != "null" {
		v.ExecuteFailure = x
		return nil
	}
	if x := new(BatchAnswer); json.Unmarshal(data, x) == nil && string(data) != "null" {
		v.BatchAnswer = x
		return nil
	}
	if x := new(EntriesAnswer); json.Unmarshal(data, x) == nil && string(data) != "null" {
		v.EntriesAnswer = x
		return nil
	}
	if x := new(ExitAnswer); json.Unmarshal(data, x) == nil && string(data) != "null" {
		v.ExitAnswer = x
		return nil
	}
	return fmt.Errorf("LedgerWorkerMessage: %s matches none of the variants", data)
}

// The store is open; requests may come.
type ReadyEvent struct {
	Event string `json:"event"`
	Pid   *int64 `json:"pid,omitempty"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *ReadyEvent) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("ReadyEvent: want an object, got %.40s", data)
	}
	if raw, ok := members["event"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ReadyEvent: missing member %q", "event")
	}
	type plain ReadyEvent
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("ReadyEvent: %w", err)
	}
	for member := range members {
		switch member {
		case "event", "pid":
		default:
			return fmt.Errorf("ReadyEvent: unknown member %q", member)
		}
	}
	if p.Event != "ready" {
		return fmt.Errorf("ReadyEvent: member %q must be \"ready\"", "event")
	}
	*v = ReadyEvent(p)
	return nil
}

// The store did not open; the worker exits non-zero.
type FatalEvent struct {
	Event   string    `json:"event"`
	Code    ErrorCode `json:"code"`
	Message string    `json:"message"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *FatalEvent) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("FatalEvent: want an object, got %.40s", data)
	}
	if raw, ok := members["event"]; !ok || string(raw) == "null" {
		return fmt.Errorf("FatalEvent: missing member %q", "event")
	}
	if raw, ok := members["code"]; !ok || string(raw) == "null" {
		return fmt.Errorf("FatalEvent: missing member %q", "code")
	}
	if raw, ok := members["message"]; !ok || string(raw) == "null" {
		return fmt.Errorf("FatalEvent: missing member %q", "message")
	}
	type plain FatalEvent
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("FatalEvent: %w", err)
	}
	for member := range members {
		switch member {
		case "event", "code", "message":
		default:
			return fmt.Errorf("FatalEvent: unknown member %q", member)
		}
	}
	if p.Event != "fatal" {
		return fmt.Errorf("FatalEvent: member %q must be \"fatal\"", "event")
	}
	*v = FatalEvent(p)
	return nil
}

// A LedgerStoreError's code (ledger.store_failed, ledger.lease_lost, ...), a restore's
// (ledger.malformed, ...), or "error" for a refused argument such as a bad call ID.
type ErrorCode = string

// The tool of an execute has started (the suite waits for it before it kills or stops the worker).
type RunningEvent struct {
	ID    RequestId `json:"id"`
	Event string    `json:"event"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *RunningEvent) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("RunningEvent: want an object, got %.40s", data)
	}
	if raw, ok := members["id"]; !ok || string(raw) == "null" {
		return fmt.Errorf("RunningEvent: missing member %q", "id")
	}
	if raw, ok := members["event"]; !ok || string(raw) == "null" {
		return fmt.Errorf("RunningEvent: missing member %q", "event")
	}
	type plain RunningEvent
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("RunningEvent: %w", err)
	}
	for member := range members {
		switch member {
		case "id", "event":
		default:
			return fmt.Errorf("RunningEvent: unknown member %q", member)
		}
	}
	if p.Event != "running" {
		return fmt.Errorf("RunningEvent: member %q must be \"running\"", "event")
	}
	*v = RunningEvent(p)
	return nil
}

// The request's number; its answer carries the same.
type RequestId = int64

// The call's entry as the seam returned it, and whether it was replayed (this worker's tool did
// not run).
type ExecuteAnswer struct {
	ID       RequestId `json:"id"`
	Ok       bool      `json:"ok"`
	Entry    Entry     `json:"entry"`
	Replayed bool      `json:"replayed"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *ExecuteAnswer) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("ExecuteAnswer: want an object, got %.40s", data)
	}
	if raw, ok := members["id"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ExecuteAnswer: missing member %q", "id")
	}
	if raw, ok := members["ok"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ExecuteAnswer: missing member %q", "ok")
	}
	if raw, ok := members["entry"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ExecuteAnswer: missing member %q", "entry")
	}
	if raw, ok := members["replayed"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ExecuteAnswer: missing member %q", "replayed")
	}
	type plain ExecuteAnswer
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("ExecuteAnswer: %w", err)
	}
	for member := range members {
		switch member {
		case "id", "ok", "entry", "replayed":
		default:
			return fmt.Errorf("ExecuteAnswer: unknown member %q", member)
		}
	}
	if p.Ok != true {
		return fmt.Errorf("ExecuteAnswer: member %q must be true", "ok")
	}
	*v = ExecuteAnswer(p)
	return nil
}

// A ledger entry's text (its JCS octets as UTF-8).
type Entry = string

// The seam failed: the error's code and its one-line message.
type ExecuteFailure struct {
	ID      RequestId `json:"id"`
	Ok      bool      `json:"ok"`
	Code    ErrorCode `json:"code"`
	Message string    `json:"message"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *ExecuteFailure) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("ExecuteFailure: want an object, got %.40s", data)
	}
	if raw, ok := members["id"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ExecuteFailure: missing member %q", "id")
	}
	if raw, ok := members["ok"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ExecuteFailure: missing member %q", "ok")
	}
	if raw, ok := members["code"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ExecuteFailure: missing member %q", "code")
	}
	if raw, ok := members["message"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ExecuteFailure: missing member %q", "message")
	}
	type plain ExecuteFailure
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("ExecuteFailure: %w", err)
	}
	for member := range members {
		switch member {
		case "id", "ok", "code", "message":
		default:
			return fmt.Errorf("ExecuteFailure: unknown member %q", member)
		}
	}
	if p.Ok != false {
		return fmt.Errorf("ExecuteFailure: member %q must be false", "ok")
	}
	*v = ExecuteFailure(p)
	return nil
}

type BatchAnswer struct {
	ID      RequestId  `json:"id"`
	Ok      bool       `json:"ok"`
	Results []BatchRow `json:"results"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *BatchAnswer) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("BatchAnswer: want an object, got %.40s", data)
	}
	if raw, ok := members["id"]; !ok || string(raw) == "null" {
		return fmt.Errorf("BatchAnswer: missing member %q", "id")
	}
	if raw, ok := members["ok"]; !ok || string(raw) == "null" {
		return fmt.Errorf("BatchAnswer: missing member %q", "ok")
	}
	if raw, ok := members["results"]; !ok || string(raw) == "null" {
		return fmt.Errorf("BatchAnswer: missing member %q", "results")
	}
	if raw, ok := members["results"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("BatchAnswer: member %q: %w", "results", err)
		}
	}
	type plain BatchAnswer
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("BatchAnswer: %w", err)
	}
	for member := range members {
		switch member {
		case "id", "ok", "results":
		default:
			return fmt.Errorf("BatchAnswer: unknown member %q", member)
		}
	}
	if p.Ok != true {
		return fmt.Errorf("BatchAnswer: member %q must be true", "ok")
	}
	*v = BatchAnswer(p)
	return nil
}

// One call of a batch: [callId, digest, replayed] when it answered, [callId, null, false, code,
// message] when it failed.
// BatchRow holds one of its variants, the first that decodes: set exactly one field.
type BatchRow struct {
	BatchRowAnswered *BatchRowAnswered
	BatchRowFailed   *BatchRowFailed
}

// MarshalJSON writes the variant that is set.
func (v BatchRow) MarshalJSON() ([]byte, error) {
	if v.BatchRowAnswered != nil {
		return json.Marshal(v.BatchRowAnswered)
	}
	if v.BatchRowFailed != nil {
		return json.Marshal(v.BatchRowFailed)
	}
	return nil, fmt.Errorf("BatchRow: no variant set")
}

// UnmarshalJSON decodes one of its variants, the first that decodes.
func (v *BatchRow) UnmarshalJSON(data []byte) error {
	*v = BatchRow{}
	if x := new(BatchRowAnswered); json.Unmarshal(data, x) == nil && string(data) != "null" {
		v.BatchRowAnswered = x
		return nil
	}
	if x := new(BatchRowFailed); json.Unmarshal(data, x) == nil && string(data) != "null" {
		v.BatchRowFailed = x
		return nil
	}
	return fmt.Errorf("BatchRow: %s matches none of the variants", data)
}

type BatchRowAnswered = []json.RawMessage

// A call ID as the worker's seam receives it (a store may refuse it: TR-REPLAY-21).
type CallId = string

// The sha256 of an entry's UTF-8 octets, in lowercase hex.
type Digest = string

type BatchRowFailed = []json.RawMessage

// Each call ID asked for, with its stored entry or null (none stored: unknown, or still claimed).
type EntriesAnswer struct {
	ID      RequestId         `json:"id"`
	Ok      bool              `json:"ok"`
	Entries map[string]*Entry `json:"entries"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *EntriesAnswer) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("EntriesAnswer: want an object, got %.40s", data)
	}
	if raw, ok := members["id"]; !ok || string(raw) == "null" {
		return fmt.Errorf("EntriesAnswer: missing member %q", "id")
	}
	if raw, ok := members["ok"]; !ok || string(raw) == "null" {
		return fmt.Errorf("EntriesAnswer: missing member %q", "ok")
	}
	if raw, ok := members["entries"]; !ok || string(raw) == "null" {
		return fmt.Errorf("EntriesAnswer: missing member %q", "entries")
	}
	type plain EntriesAnswer
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("EntriesAnswer: %w", err)
	}
	for member := range members {
		switch member {
		case "id", "ok", "entries":
		default:
			return fmt.Errorf("EntriesAnswer: unknown member %q", member)
		}
	}
	if p.Ok != true {
		return fmt.Errorf("EntriesAnswer: member %q must be true", "ok")
	}
	*v = EntriesAnswer(p)
	return nil
}

type ExitAnswer struct {
	ID RequestId `json:"id"`
	Ok bool      `json:"ok"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *ExitAnswer) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("ExitAnswer: want an object, got %.40s", data)
	}
	if raw, ok := members["id"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ExitAnswer: missing member %q", "id")
	}
	if raw, ok := members["ok"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ExitAnswer: missing member %q", "ok")
	}
	type plain ExitAnswer
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("ExitAnswer: %w", err)
	}
	for member := range members {
		switch member {
		case "id", "ok":
		default:
			return fmt.Errorf("ExitAnswer: unknown member %q", member)
		}
	}
	if p.Ok != true {
		return fmt.Errorf("ExitAnswer: member %q must be true", "ok")
	}
	*v = ExitAnswer(p)
	return nil
}

// One line the ledger suite (ledger-kit/) writes to a worker process of any language (its answers:
// ledger-worker-message.schema.json). A worker opens its store from its first command-line
// argument (a JSON object: backend, path or connection, leaseMs, ...), appends one line to the
// execution log named by its second argument each time the suite tool runs (the call ID alone when
// the request has neither scope nor tool, else the call ID, the scope and the call's fingerprint
// joined by tabs), and answers each request with its id. Requests may come before earlier ones are
// answered.
// LedgerWorkerRequest holds one of its variants, told apart by the member "op": set exactly one field.
type LedgerWorkerRequest struct {
	ExecuteRequest *ExecuteRequest
	BatchRequest   *BatchRequest
	EntriesRequest *EntriesRequest
	ExitRequest    *ExitRequest
}

// MarshalJSON writes the variant that is set.
func (v LedgerWorkerRequest) MarshalJSON() ([]byte, error) {
	if v.ExecuteRequest != nil {
		return json.Marshal(v.ExecuteRequest)
	}
	if v.BatchRequest != nil {
		return json.Marshal(v.BatchRequest)
	}
	if v.EntriesRequest != nil {
		return json.Marshal(v.EntriesRequest)
	}
	if v.ExitRequest != nil {
		return json.Marshal(v.ExitRequest)
	}
	return nil, fmt.Errorf("LedgerWorkerRequest: no variant set")
}

// UnmarshalJSON decodes one of its variants, told apart by the member "op".
func (v *LedgerWorkerRequest) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("LedgerWorkerRequest: want an object, got %s", data)
	}
	var tag any
	if raw, ok := members["op"]; !ok || json.Unmarshal(raw, &tag) != nil {
		return fmt.Errorf("LedgerWorkerRequest: missing member %q", "op")
	}
	*v = LedgerWorkerRequest{}
	switch tag {
	case "execute":
		v.ExecuteRequest = new(ExecuteRequest)
		return json.Unmarshal(data, v.ExecuteRequest)
	case "batch":
		v.BatchRequest = new(BatchRequest)
		return json.Unmarshal(data, v.BatchRequest)
	case "entries":
		v.EntriesRequest = new(EntriesRequest)
		return json.Unmarshal(data, v.EntriesRequest)
	case "exit":
		v.ExitRequest = new(ExitRequest)
		return json.Unmarshal(data, v.ExitRequest)
	}
	return fmt.Errorf("LedgerWorkerRequest: unknown %s %s", "op", members["op"])
}

// Run the suite tool for one call ID through the worker's execution seam and ledger store.
type ExecuteRequest struct {
	ID     RequestId `json:"id"`
	Op     string    `json:"op"`
	CallID CallId    `json:"callId"`
	// How long the tool sleeps before it returns.
	DelayMs *int64 `json:"delayMs,omitempty"`
	// The tool says running and never returns (the worker is killed or stopped).
	Hang      *bool      `json:"hang,omitempty"`
	Scope     *Scope     `json:"scope,omitempty"`
	Tool      *ToolName  `json:"tool,omitempty"`
	Arguments *Arguments `json:"arguments,omitempty"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *ExecuteRequest) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("ExecuteRequest: want an object, got %.40s", data)
	}
	if raw, ok := members["id"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ExecuteRequest: missing member %q", "id")
	}
	if raw, ok := members["op"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ExecuteRequest: missing member %q", "op")
	}
	if raw, ok := members["callId"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ExecuteRequest: missing member %q", "callId")
	}
	type plain ExecuteRequest
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("ExecuteRequest: %w", err)
	}
	for member := range members {
		switch member {
		case "id", "op", "callId", "delayMs", "hang", "scope", "tool", "arguments":
		default:
			return fmt.Errorf("ExecuteRequest: unknown member %q", member)
		}
	}
	if p.Op != "execute" {
		return fmt.Errorf("ExecuteRequest: member %q must be \"execute\"", "op")
	}
	*v = ExecuteRequest(p)
	return nil
}

// The call's scope as the worker's seam receives it (the empty string is the default scope;
// spec/07-replay.md §7.3). Absent: the seam is given none.
type Scope = string

// The tool name the worker's seam is given, so the call's key holds its fingerprint
// (callFingerprint of this name and the arguments). The suite tool then answers with the call's
// scope, tool and arguments in its result. Absent: the seam is given no tool (the empty
// fingerprint).
type ToolName = string

// The call's arguments the worker's seam is given with the tool name (absent: {}).
type Arguments = map[string]json.RawMessage

// Execute each call ID in turn; answer once with one row per call ID.
type BatchRequest struct {
	ID      RequestId `json:"id"`
	Op      string    `json:"op"`
	CallIds []CallId  `json:"callIds"`
	DelayMs *int64    `json:"delayMs,omitempty"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *BatchRequest) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("BatchRequest: want an object, got %.40s", data)
	}
	if raw, ok := members["id"]; !ok || string(raw) == "null" {
		return fmt.Errorf("BatchRequest: missing member %q", "id")
	}
	if raw, ok := members["op"]; !ok || string(raw) == "null" {
		return fmt.Errorf("BatchRequest: missing member %q", "op")
	}
	if raw, ok := members["callIds"]; !ok || string(raw) == "null" {
		return fmt.Errorf("BatchRequest: missing member %q", "callIds")
	}
	if raw, ok := members["callIds"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("BatchRequest: member %q: %w", "callIds", err)
		}
	}
	type plain BatchRequest
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("BatchRequest: %w", err)
	}
	for member := range members {
		switch member {
		case "id", "op", "callIds", "delayMs":
		default:
			return fmt.Errorf("BatchRequest: unknown member %q", member)
		}
	}
	if p.Op != "batch" {
		return fmt.Errorf("BatchRequest: member %q must be \"batch\"", "op")
	}
	*v = BatchRequest(p)
	return nil
}

// Read the stored entries of call IDs, without running anything; scope, tool and arguments, when
// given, name the call of every call ID of the request.
type EntriesRequest struct {
	ID        RequestId  `json:"id"`
	Op        string     `json:"op"`
	CallIds   []CallId   `json:"callIds"`
	Scope     *Scope     `json:"scope,omitempty"`
	Tool      *ToolName  `json:"tool,omitempty"`
	Arguments *Arguments `json:"arguments,omitempty"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *EntriesRequest) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("EntriesRequest: want an object, got %.40s", data)
	}
	if raw, ok := members["id"]; !ok || string(raw) == "null" {
		return fmt.Errorf("EntriesRequest: missing member %q", "id")
	}
	if raw, ok := members["op"]; !ok || string(raw) == "null" {
		return fmt.Errorf("EntriesRequest: missing member %q", "op")
	}
	if raw, ok := members["callIds"]; !ok || string(raw) == "null" {
		return fmt.Errorf("EntriesRequest: missing member %q", "callIds")
	}
	if raw, ok := members["callIds"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("EntriesRequest: member %q: %w", "callIds", err)
		}
	}
	type plain EntriesRequest
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("EntriesRequest: %w", err)
	}
	for member := range members {
		switch member {
		case "id", "op", "callIds", "scope", "tool", "arguments":
		default:
			return fmt.Errorf("EntriesRequest: unknown member %q", member)
		}
	}
	if p.Op != "entries" {
		return fmt.Errorf("EntriesRequest: member %q must be \"entries\"", "op")
	}
	*v = EntriesRequest(p)
	return nil
}

// Close the store and exit 0 after answering.
type ExitRequest struct {
	ID RequestId `json:"id"`
	Op string    `json:"op"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *ExitRequest) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("ExitRequest: want an object, got %.40s", data)
	}
	if raw, ok := members["id"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ExitRequest: missing member %q", "id")
	}
	if raw, ok := members["op"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ExitRequest: missing member %q", "op")
	}
	type plain ExitRequest
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("ExitRequest: %w", err)
	}
	for member := range members {
		switch member {
		case "id", "op":
		default:
			return fmt.Errorf("ExitRequest: unknown member %q", member)
		}
	}
	if p.Op != "exit" {
		return fmt.Errorf("ExitRequest: member %q must be \"exit\"", "op")
	}
	*v = ExitRequest(p)
	return nil
}

// What `toolresult conformance --report-json FILE` writes: which kit and specification version
// ran, against which adapter, and every selected case's outcome (spec/09-conformance.md §9.4).
type ConformanceReport struct {
	Schema *string `json:"$schema,omitempty"`
	Kit    string  `json:"kit"`
	// The version of this report format; a new optional member keeps it, anything else changes it.
	ReportVersion int64 `json:"reportVersion"`
	// The version of the package that holds the kit (package.json).
	KitVersion string `json:"kitVersion"`
	// The version of the specification the kit's cases check (spec/00-index.md).
	SpecVersion string `json:"specVersion"`
	// The adapter protocol the runner speaks.
	Protocol string `json:"protocol"`
	// The property seed of the run.
	Seed int64 `json:"seed"`
	// The adapter command.
	Command []string `json:"command"`
	// The adapter's handshake answer; absent when it never answered.
	Adapter *Handshake    `json:"adapter,omitempty"`
	Summary ReportSummary `json:"summary"`
	Cases   []CaseOutcome `json:"cases"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *ConformanceReport) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("ConformanceReport: want an object, got %.40s", data)
	}
	if raw, ok := members["kit"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ConformanceReport: missing member %q", "kit")
	}
	if raw, ok := members["reportVersion"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ConformanceReport: missing member %q", "reportVersion")
	}
	if raw, ok := members["kitVersion"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ConformanceReport: missing member %q", "kitVersion")
	}
	if raw, ok := members["specVersion"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ConformanceReport: missing member %q", "specVersion")
	}
	if raw, ok := members["protocol"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ConformanceReport: missing member %q", "protocol")
	}
	if raw, ok := members["seed"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ConformanceReport: missing member %q", "seed")
	}
	if raw, ok := members["command"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ConformanceReport: missing member %q", "command")
	}
	if raw, ok := members["summary"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ConformanceReport: missing member %q", "summary")
	}
	if raw, ok := members["cases"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ConformanceReport: missing member %q", "cases")
	}
	if raw, ok := members["command"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("ConformanceReport: member %q: %w", "command", err)
		}
	}
	if raw, ok := members["cases"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("ConformanceReport: member %q: %w", "cases", err)
		}
	}
	type plain ConformanceReport
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("ConformanceReport: %w", err)
	}
	for member := range members {
		switch member {
		case "$schema", "kit", "reportVersion", "kitVersion", "specVersion", "protocol", "seed", "command", "adapter", "summary", "cases":
		default:
			return fmt.Errorf("ConformanceReport: unknown member %q", member)
		}
	}
	if p.Kit != "toolresult-conformance" {
		return fmt.Errorf("ConformanceReport: member %q must be \"toolresult-conformance\"", "kit")
	}
	if p.ReportVersion != 1 {
		return fmt.Errorf("ConformanceReport: member %q must be 1", "reportVersion")
	}
	*v = ConformanceReport(p)
	return nil
}

// The hello output (adapter-protocol.schema.json#/$defs/HelloOutput).
type Handshake struct {
	Name         string   `json:"name"`
	Version      string   `json:"version"`
	Language     string   `json:"language"`
	Protocol     string   `json:"protocol"`
	Groups       []string `json:"groups"`
	StringModel  string   `json:"stringModel"`
	Cycles       bool     `json:"cycles"`
	OpaqueValues bool     `json:"opaqueValues"`
	// Whether the language has a native byte array (the need byte-arrays); absent is true.
	ByteArrays *bool `json:"byteArrays,omitempty"`
	// The spec version the implementation was written for, when its handshake names one (TR-CONF-24).
	SpecVersion *string `json:"specVersion,omitempty"`
	// Members the schema does not name; the object is open to them.
	AdditionalMembers map[string]json.RawMessage `json:"-"`
}

// UnmarshalJSON decodes strictly: required members present, unknown ones kept in AdditionalMembers, constants checked.
func (v *Handshake) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("Handshake: want an object, got %.40s", data)
	}
	if raw, ok := members["name"]; !ok || string(raw) == "null" {
		return fmt.Errorf("Handshake: missing member %q", "name")
	}
	if raw, ok := members["version"]; !ok || string(raw) == "null" {
		return fmt.Errorf("Handshake: missing member %q", "version")
	}
	if raw, ok := members["language"]; !ok || string(raw) == "null" {
		return fmt.Errorf("Handshake: missing member %q", "language")
	}
	if raw, ok := members["protocol"]; !ok || string(raw) == "null" {
		return fmt.Errorf("Handshake: missing member %q", "protocol")
	}
	if raw, ok := members["groups"]; !ok || string(raw) == "null" {
		return fmt.Errorf("Handshake: missing member %q", "groups")
	}
	if raw, ok := members["stringModel"]; !ok || string(raw) == "null" {
		return fmt.Errorf("Handshake: missing member %q", "stringModel")
	}
	if raw, ok := members["cycles"]; !ok || string(raw) == "null" {
		return fmt.Errorf("Handshake: missing member %q", "cycles")
	}
	if raw, ok := members["opaqueValues"]; !ok || string(raw) == "null" {
		return fmt.Errorf("Handshake: missing member %q", "opaqueValues")
	}
	if raw, ok := members["groups"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("Handshake: member %q: %w", "groups", err)
		}
	}
	type plain Handshake
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("Handshake: %w", err)
	}
	for member, raw := range members {
		switch member {
		case "name", "version", "language", "protocol", "groups", "stringModel", "cycles", "opaqueValues", "byteArrays", "specVersion":
		default:
			if p.AdditionalMembers == nil {
				p.AdditionalMembers = map[string]json.RawMessage{}
			}
			p.AdditionalMembers[member] = raw
		}
	}
	if p.StringModel != "utf16" && p.StringModel != "codepoints" && p.StringModel != "bytes" {
		return fmt.Errorf("Handshake: member %q must be one of \"utf16\", \"codepoints\", \"bytes\"", "stringModel")
	}
	*v = Handshake(p)
	return nil
}

// MarshalJSON writes the named members, then the additional ones.
func (v Handshake) MarshalJSON() ([]byte, error) {
	type plain Handshake
	data, err := json.Marshal(plain(v))
	if err != nil || len(v.AdditionalMembers) == 0 {
		return data, err
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return nil, err
	}
	for member, raw := range v.AdditionalMembers {
		if _, named := members[member]; !named {
			members[member] = raw
		}
	}
	return json.Marshal(members)
}

// The counts of the closing line `N passed, N failed` (stale known failures count as failed).
type ReportSummary struct {
	Passed           int64 `json:"passed"`
	Failed           int64 `json:"failed"`
	Skipped          int64 `json:"skipped"`
	ExpectedFailures int64 `json:"expectedFailures"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *ReportSummary) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("ReportSummary: want an object, got %.40s", data)
	}
	if raw, ok := members["passed"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ReportSummary: missing member %q", "passed")
	}
	if raw, ok := members["failed"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ReportSummary: missing member %q", "failed")
	}
	if raw, ok := members["skipped"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ReportSummary: missing member %q", "skipped")
	}
	if raw, ok := members["expectedFailures"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ReportSummary: missing member %q", "expectedFailures")
	}
	type plain ReportSummary
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("ReportSummary: %w", err)
	}
	for member := range members {
		switch member {
		case "passed", "failed", "skipped", "expectedFailures":
		default:
			return fmt.Errorf("ReportSummary: unknown member %q", member)
		}
	}
	*v = ReportSummary(p)
	return nil
}

// One case of the run.
type CaseOutcome struct {
	// The case ID, vector/<group>/<file>/<case> or property/<requirement>/<name>.
	ID           string   `json:"id"`
	Requirements []string `json:"requirements"`
	Status       string   `json:"status"`
	DurationMs   float64  `json:"durationMs"`
	// Why a skipped case did not run (a group not claimed, an ability the handshake lacks,
	// --max-failures).
	SkipReason *string      `json:"skipReason,omitempty"`
	Failure    *CaseFailure `json:"failure,omitempty"`
	// The command that replays the failure.
	Replay *string `json:"replay,omitempty"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *CaseOutcome) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("CaseOutcome: want an object, got %.40s", data)
	}
	if raw, ok := members["id"]; !ok || string(raw) == "null" {
		return fmt.Errorf("CaseOutcome: missing member %q", "id")
	}
	if raw, ok := members["requirements"]; !ok || string(raw) == "null" {
		return fmt.Errorf("CaseOutcome: missing member %q", "requirements")
	}
	if raw, ok := members["status"]; !ok || string(raw) == "null" {
		return fmt.Errorf("CaseOutcome: missing member %q", "status")
	}
	if raw, ok := members["durationMs"]; !ok || string(raw) == "null" {
		return fmt.Errorf("CaseOutcome: missing member %q", "durationMs")
	}
	if raw, ok := members["requirements"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("CaseOutcome: member %q: %w", "requirements", err)
		}
	}
	type plain CaseOutcome
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("CaseOutcome: %w", err)
	}
	for member := range members {
		switch member {
		case "id", "requirements", "status", "durationMs", "skipReason", "failure", "replay":
		default:
			return fmt.Errorf("CaseOutcome: unknown member %q", member)
		}
	}
	if p.Status != "pass" && p.Status != "fail" && p.Status != "skip" && p.Status != "expected-failure" && p.Status != "stale" {
		return fmt.Errorf("CaseOutcome: member %q must be one of \"pass\", \"fail\", \"skip\", \"expected-failure\", \"stale\"", "status")
	}
	*v = CaseOutcome(p)
	return nil
}

// What went wrong (TR-CONF-12). input, want and got are JSON values of any shape.
type CaseFailure struct {
	Reason string          `json:"reason"`
	Input  json.RawMessage `json:"input,omitempty"`
	Want   json.RawMessage `json:"want,omitempty"`
	Got    json.RawMessage `json:"got,omitempty"`
	Seed   *int64          `json:"seed,omitempty"`
	Path   *string         `json:"path,omitempty"`
	// The op the adapter answered adapter.unknown_op for.
	UnimplementedOp *string `json:"unimplementedOp,omitempty"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *CaseFailure) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("CaseFailure: want an object, got %.40s", data)
	}
	if raw, ok := members["reason"]; !ok || string(raw) == "null" {
		return fmt.Errorf("CaseFailure: missing member %q", "reason")
	}
	type plain CaseFailure
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("CaseFailure: %w", err)
	}
	for member := range members {
		switch member {
		case "reason", "input", "want", "got", "seed", "path", "unimplementedOp":
		default:
			return fmt.Errorf("CaseFailure: unknown member %q", member)
		}
	}
	*v = CaseFailure(p)
	return nil
}

// Fixed cases for the stack checks (spec/11-stacks.md): CallToolResults as real MCP servers return
// them, with canary tokens planted and listed by where they stand. Every check whose needs a case
// meets runs it.
type StackVectorFile struct {
	Schema      *string       `json:"$schema,omitempty"`
	Description string        `json:"description"`
	Cases       []StackVector `json:"cases"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *StackVectorFile) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("StackVectorFile: want an object, got %.40s", data)
	}
	if raw, ok := members["description"]; !ok || string(raw) == "null" {
		return fmt.Errorf("StackVectorFile: missing member %q", "description")
	}
	if raw, ok := members["cases"]; !ok || string(raw) == "null" {
		return fmt.Errorf("StackVectorFile: missing member %q", "cases")
	}
	if raw, ok := members["cases"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("StackVectorFile: member %q: %w", "cases", err)
		}
	}
	type plain StackVectorFile
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("StackVectorFile: %w", err)
	}
	for member := range members {
		switch member {
		case "$schema", "description", "cases":
		default:
			return fmt.Errorf("StackVectorFile: unknown member %q", member)
		}
	}
	*v = StackVectorFile(p)
	return nil
}

type StackVector struct {
	// Unique within the file; the case is <file stem>/<id>.
	ID          string `json:"id"`
	Description string `json:"description"`
	// The server and tool whose output this is, and where its shape was read.
	Source string `json:"source"`
	// The CallToolResult the probe server returns, as it is.
	Result map[string]json.RawMessage `json:"result"`
	// The tool's outputSchema in tools/list, when it declares one.
	OutputSchema *map[string]json.RawMessage `json:"outputSchema,omitempty"`
	// visible: in model-facing text; userOnly: in a block whose audience excludes the assistant;
	// structured: in structuredContent and in no text block; meta: in result or block _meta; binary:
	// inside base64 data.
	Canaries StackVectorCanaries `json:"canaries"`
	// The case is measured for the budget figures (TR-STACK-9).
	Figure *bool `json:"figure,omitempty"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *StackVector) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("StackVector: want an object, got %.40s", data)
	}
	if raw, ok := members["id"]; !ok || string(raw) == "null" {
		return fmt.Errorf("StackVector: missing member %q", "id")
	}
	if raw, ok := members["description"]; !ok || string(raw) == "null" {
		return fmt.Errorf("StackVector: missing member %q", "description")
	}
	if raw, ok := members["source"]; !ok || string(raw) == "null" {
		return fmt.Errorf("StackVector: missing member %q", "source")
	}
	if raw, ok := members["result"]; !ok || string(raw) == "null" {
		return fmt.Errorf("StackVector: missing member %q", "result")
	}
	if raw, ok := members["canaries"]; !ok || string(raw) == "null" {
		return fmt.Errorf("StackVector: missing member %q", "canaries")
	}
	type plain StackVector
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("StackVector: %w", err)
	}
	for member := range members {
		switch member {
		case "id", "description", "source", "result", "outputSchema", "canaries", "figure":
		default:
			return fmt.Errorf("StackVector: unknown member %q", member)
		}
	}
	*v = StackVector(p)
	return nil
}

// visible: in model-facing text; userOnly: in a block whose audience excludes the assistant;
// structured: in structuredContent and in no text block; meta: in result or block _meta; binary:
// inside base64 data.
type StackVectorCanaries struct {
	Visible    []Canary `json:"visible"`
	UserOnly   []Canary `json:"userOnly"`
	Structured []Canary `json:"structured"`
	Meta       []Canary `json:"meta"`
	Binary     []Canary `json:"binary"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *StackVectorCanaries) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("StackVectorCanaries: want an object, got %.40s", data)
	}
	if raw, ok := members["visible"]; !ok || string(raw) == "null" {
		return fmt.Errorf("StackVectorCanaries: missing member %q", "visible")
	}
	if raw, ok := members["userOnly"]; !ok || string(raw) == "null" {
		return fmt.Errorf("StackVectorCanaries: missing member %q", "userOnly")
	}
	if raw, ok := members["structured"]; !ok || string(raw) == "null" {
		return fmt.Errorf("StackVectorCanaries: missing member %q", "structured")
	}
	if raw, ok := members["meta"]; !ok || string(raw) == "null" {
		return fmt.Errorf("StackVectorCanaries: missing member %q", "meta")
	}
	if raw, ok := members["binary"]; !ok || string(raw) == "null" {
		return fmt.Errorf("StackVectorCanaries: missing member %q", "binary")
	}
	if raw, ok := members["visible"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("StackVectorCanaries: member %q: %w", "visible", err)
		}
	}
	if raw, ok := members["userOnly"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("StackVectorCanaries: member %q: %w", "userOnly", err)
		}
	}
	if raw, ok := members["structured"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("StackVectorCanaries: member %q: %w", "structured", err)
		}
	}
	if raw, ok := members["meta"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("StackVectorCanaries: member %q: %w", "meta", err)
		}
	}
	if raw, ok := members["binary"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("StackVectorCanaries: member %q: %w", "binary", err)
		}
	}
	type plain StackVectorCanaries
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("StackVectorCanaries: %w", err)
	}
	for member := range members {
		switch member {
		case "visible", "userOnly", "structured", "meta", "binary":
		default:
			return fmt.Errorf("StackVectorCanaries: unknown member %q", member)
		}
	}
	*v = StackVectorCanaries(p)
	return nil
}

// 12 characters of the base64 alphabet; the fourth names the role (Visible, User-only, Structured,
// Meta, Binary).
type Canary = string

// A value as the conformance kit sends it: plain JSON, except that an object with a "$tr" member
// is a tag for something plain JSON cannot carry. An adapter turns each tag into its language's
// native form before it calls the implementation (spec/09-conformance.md, TR-CONF-4).
// Any JSON value, kept as its JSON text (json.RawMessage): null and numbers stay exactly as read.
type TaggedValue = json.RawMessage

// Tag holds one of its variants, told apart by the member "$tr": set exactly one field.
type Tag struct {
	BytesTag  *BytesTag
	Utf16Tag  *Utf16Tag
	NumberTag *NumberTag
	BigIntTag *BigIntTag
	NestTag   *NestTag
	RepeatTag *RepeatTag
	CycleTag  *CycleTag
	ObjectTag *ObjectTag
	OpaqueTag *OpaqueTag
}

// MarshalJSON writes the variant that is set.
func (v Tag) MarshalJSON() ([]byte, error) {
	if v.BytesTag != nil {
		return json.Marshal(v.BytesTag)
	}
	if v.Utf16Tag != nil {
		return json.Marshal(v.Utf16Tag)
	}
	if v.NumberTag != nil {
		return json.Marshal(v.NumberTag)
	}
	if v.BigIntTag != nil {
		return json.Marshal(v.BigIntTag)
	}
	if v.NestTag != nil {
		return json.Marshal(v.NestTag)
	}
	if v.RepeatTag != nil {
		return json.Marshal(v.RepeatTag)
	}
	if v.CycleTag != nil {
		return json.Marshal(v.CycleTag)
	}
	if v.ObjectTag != nil {
		return json.Marshal(v.ObjectTag)
	}
	if v.OpaqueTag != nil {
		return json.Marshal(v.OpaqueTag)
	}
	return nil, fmt.Errorf("Tag: no variant set")
}

// UnmarshalJSON decodes one of its variants, told apart by the member "$tr".
func (v *Tag) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("Tag: want an object, got %s", data)
	}
	var tag any
	if raw, ok := members["$tr"]; !ok || json.Unmarshal(raw, &tag) != nil {
		return fmt.Errorf("Tag: missing member %q", "$tr")
	}
	*v = Tag{}
	switch tag {
	case "bytes":
		v.BytesTag = new(BytesTag)
		return json.Unmarshal(data, v.BytesTag)
	case "utf16":
		v.Utf16Tag = new(Utf16Tag)
		return json.Unmarshal(data, v.Utf16Tag)
	case "number":
		v.NumberTag = new(NumberTag)
		return json.Unmarshal(data, v.NumberTag)
	case "bigint":
		v.BigIntTag = new(BigIntTag)
		return json.Unmarshal(data, v.BigIntTag)
	case "nest":
		v.NestTag = new(NestTag)
		return json.Unmarshal(data, v.NestTag)
	case "repeat":
		v.RepeatTag = new(RepeatTag)
		return json.Unmarshal(data, v.RepeatTag)
	case "cycle":
		v.CycleTag = new(CycleTag)
		return json.Unmarshal(data, v.CycleTag)
	case "object":
		v.ObjectTag = new(ObjectTag)
		return json.Unmarshal(data, v.ObjectTag)
	case "opaque":
		v.OpaqueTag = new(OpaqueTag)
		return json.Unmarshal(data, v.OpaqueTag)
	}
	return fmt.Errorf("Tag: unknown %s %s", "$tr", members["$tr"])
}

// A string given as octets, possibly ill-formed UTF-8. A byte-string language passes the octets as
// they are; a UTF-16 or code-point language decodes them with the implementation's own octet
// coercion (TR-BOUND-1).
type BytesTag struct {
	Tr  string `json:"$tr"`
	Hex string `json:"hex"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *BytesTag) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("BytesTag: want an object, got %.40s", data)
	}
	if raw, ok := members["$tr"]; !ok || string(raw) == "null" {
		return fmt.Errorf("BytesTag: missing member %q", "$tr")
	}
	if raw, ok := members["hex"]; !ok || string(raw) == "null" {
		return fmt.Errorf("BytesTag: missing member %q", "hex")
	}
	type plain BytesTag
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("BytesTag: %w", err)
	}
	for member := range members {
		switch member {
		case "$tr", "hex":
		default:
			return fmt.Errorf("BytesTag: unknown member %q", member)
		}
	}
	if p.Tr != "bytes" {
		return fmt.Errorf("BytesTag: member %q must be \"bytes\"", "$tr")
	}
	*v = BytesTag(p)
	return nil
}

// A string given as UTF-16 code units, possibly with unpaired surrogates. Applies to
// implementations whose strings are UTF-16 or code points; a byte-string implementation declares
// stringModel 'bytes' and the kit does not send it unpaired surrogates.
type Utf16Tag struct {
	Tr    string  `json:"$tr"`
	Units []int64 `json:"units"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *Utf16Tag) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("Utf16Tag: want an object, got %.40s", data)
	}
	if raw, ok := members["$tr"]; !ok || string(raw) == "null" {
		return fmt.Errorf("Utf16Tag: missing member %q", "$tr")
	}
	if raw, ok := members["units"]; !ok || string(raw) == "null" {
		return fmt.Errorf("Utf16Tag: missing member %q", "units")
	}
	if raw, ok := members["units"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("Utf16Tag: member %q: %w", "units", err)
		}
	}
	type plain Utf16Tag
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("Utf16Tag: %w", err)
	}
	for member := range members {
		switch member {
		case "$tr", "units":
		default:
			return fmt.Errorf("Utf16Tag: unknown member %q", member)
		}
	}
	if p.Tr != "utf16" {
		return fmt.Errorf("Utf16Tag: member %q must be \"utf16\"", "$tr")
	}
	*v = Utf16Tag(p)
	return nil
}

// A double-precision number JSON cannot write.
type NumberTag struct {
	Tr    string `json:"$tr"`
	Value string `json:"value"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *NumberTag) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("NumberTag: want an object, got %.40s", data)
	}
	if raw, ok := members["$tr"]; !ok || string(raw) == "null" {
		return fmt.Errorf("NumberTag: missing member %q", "$tr")
	}
	if raw, ok := members["value"]; !ok || string(raw) == "null" {
		return fmt.Errorf("NumberTag: missing member %q", "value")
	}
	type plain NumberTag
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("NumberTag: %w", err)
	}
	for member := range members {
		switch member {
		case "$tr", "value":
		default:
			return fmt.Errorf("NumberTag: unknown member %q", member)
		}
	}
	if p.Tr != "number" {
		return fmt.Errorf("NumberTag: member %q must be \"number\"", "$tr")
	}
	if p.Value != "NaN" && p.Value != "Infinity" && p.Value != "-Infinity" && p.Value != "-0" {
		return fmt.Errorf("NumberTag: member %q must be one of \"NaN\", \"Infinity\", \"-Infinity\", \"-0\"", "value")
	}
	*v = NumberTag(p)
	return nil
}

// An integer given in decimal, possibly beyond 2^53: the language's arbitrary-precision or widest
// integer (JavaScript BigInt, Python int).
type BigIntTag struct {
	Tr    string `json:"$tr"`
	Value string `json:"value"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *BigIntTag) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("BigIntTag: want an object, got %.40s", data)
	}
	if raw, ok := members["$tr"]; !ok || string(raw) == "null" {
		return fmt.Errorf("BigIntTag: missing member %q", "$tr")
	}
	if raw, ok := members["value"]; !ok || string(raw) == "null" {
		return fmt.Errorf("BigIntTag: missing member %q", "value")
	}
	type plain BigIntTag
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("BigIntTag: %w", err)
	}
	for member := range members {
		switch member {
		case "$tr", "value":
		default:
			return fmt.Errorf("BigIntTag: unknown member %q", member)
		}
	}
	if p.Tr != "bigint" {
		return fmt.Errorf("BigIntTag: member %q must be \"bigint\"", "$tr")
	}
	*v = BigIntTag(p)
	return nil
}

// depth containers nested one in the other around leaf: arrays ([[leaf]]) or objects whose one key
// is key ({"k":{"k":leaf}}). Lets a case ask for a depth of 100000 without a 100000-level JSON
// text.
type NestTag struct {
	Tr    string      `json:"$tr"`
	Depth int64       `json:"depth"`
	Kind  string      `json:"kind"`
	Key   *string     `json:"key,omitempty"`
	Leaf  TaggedValue `json:"leaf"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *NestTag) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("NestTag: want an object, got %.40s", data)
	}
	if raw, ok := members["$tr"]; !ok || string(raw) == "null" {
		return fmt.Errorf("NestTag: missing member %q", "$tr")
	}
	if raw, ok := members["depth"]; !ok || string(raw) == "null" {
		return fmt.Errorf("NestTag: missing member %q", "depth")
	}
	if raw, ok := members["kind"]; !ok || string(raw) == "null" {
		return fmt.Errorf("NestTag: missing member %q", "kind")
	}
	if _, ok := members["leaf"]; !ok {
		return fmt.Errorf("NestTag: missing member %q", "leaf")
	}
	type plain NestTag
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("NestTag: %w", err)
	}
	for member := range members {
		switch member {
		case "$tr", "depth", "kind", "key", "leaf":
		default:
			return fmt.Errorf("NestTag: unknown member %q", member)
		}
	}
	if p.Tr != "nest" {
		return fmt.Errorf("NestTag: member %q must be \"nest\"", "$tr")
	}
	if p.Kind != "array" && p.Kind != "object" {
		return fmt.Errorf("NestTag: member %q must be one of \"array\", \"object\"", "kind")
	}
	*v = NestTag(p)
	return nil
}

// A large value without a large message: a string made of text repeated count times, or (with
// item) an array of count copies of item.
type RepeatTag struct {
	Tr    string      `json:"$tr"`
	Count int64       `json:"count"`
	Text  *string     `json:"text,omitempty"`
	Item  TaggedValue `json:"item,omitempty"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *RepeatTag) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("RepeatTag: want an object, got %.40s", data)
	}
	if raw, ok := members["$tr"]; !ok || string(raw) == "null" {
		return fmt.Errorf("RepeatTag: missing member %q", "$tr")
	}
	if raw, ok := members["count"]; !ok || string(raw) == "null" {
		return fmt.Errorf("RepeatTag: missing member %q", "count")
	}
	type plain RepeatTag
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("RepeatTag: %w", err)
	}
	for member := range members {
		switch member {
		case "$tr", "count", "text", "item":
		default:
			return fmt.Errorf("RepeatTag: unknown member %q", member)
		}
	}
	if p.Tr != "repeat" {
		return fmt.Errorf("RepeatTag: member %q must be \"repeat\"", "$tr")
	}
	*v = RepeatTag(p)
	return nil
}

// A reference back to the container up levels above this point (up 1: the container that holds
// this tag). Only for implementations that declare cycles: true.
type CycleTag struct {
	Tr string `json:"$tr"`
	Up int64  `json:"up"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *CycleTag) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("CycleTag: want an object, got %.40s", data)
	}
	if raw, ok := members["$tr"]; !ok || string(raw) == "null" {
		return fmt.Errorf("CycleTag: missing member %q", "$tr")
	}
	if raw, ok := members["up"]; !ok || string(raw) == "null" {
		return fmt.Errorf("CycleTag: missing member %q", "up")
	}
	type plain CycleTag
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("CycleTag: %w", err)
	}
	for member := range members {
		switch member {
		case "$tr", "up":
		default:
			return fmt.Errorf("CycleTag: unknown member %q", member)
		}
	}
	if p.Tr != "cycle" {
		return fmt.Errorf("CycleTag: member %q must be \"cycle\"", "$tr")
	}
	*v = CycleTag(p)
	return nil
}

// An object given as an ordered list of entries, for keys plain JSON cannot carry or that would
// read as a tag (a key "$tr", a key with ill-formed UTF-8, two keys that collide after coercion).
type ObjectTag struct {
	Tr      string              `json:"$tr"`
	Entries [][]json.RawMessage `json:"entries"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *ObjectTag) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("ObjectTag: want an object, got %.40s", data)
	}
	if raw, ok := members["$tr"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ObjectTag: missing member %q", "$tr")
	}
	if raw, ok := members["entries"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ObjectTag: missing member %q", "entries")
	}
	if raw, ok := members["entries"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("ObjectTag: member %q: %w", "entries", err)
		}
	}
	type plain ObjectTag
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("ObjectTag: %w", err)
	}
	for member := range members {
		switch member {
		case "$tr", "entries":
		default:
			return fmt.Errorf("ObjectTag: unknown member %q", member)
		}
	}
	if p.Tr != "object" {
		return fmt.Errorf("ObjectTag: member %q must be \"object\"", "$tr")
	}
	*v = ObjectTag(p)
	return nil
}

// A string, plain or given as octets or UTF-16 code units.
// TaggedString holds one of its variants, the first that decodes: set exactly one field.
type TaggedString struct {
	String    *string
	BytesTag  *BytesTag
	Utf16Tag  *Utf16Tag
	RepeatTag *RepeatTag
}

// MarshalJSON writes the variant that is set.
func (v TaggedString) MarshalJSON() ([]byte, error) {
	if v.String != nil {
		return json.Marshal(v.String)
	}
	if v.BytesTag != nil {
		return json.Marshal(v.BytesTag)
	}
	if v.Utf16Tag != nil {
		return json.Marshal(v.Utf16Tag)
	}
	if v.RepeatTag != nil {
		return json.Marshal(v.RepeatTag)
	}
	return nil, fmt.Errorf("TaggedString: no variant set")
}

// UnmarshalJSON decodes one of its variants, the first that decodes.
func (v *TaggedString) UnmarshalJSON(data []byte) error {
	*v = TaggedString{}
	if x := new(string); json.Unmarshal(data, x) == nil && string(data) != "null" {
		v.String = x
		return nil
	}
	if x := new(BytesTag); json.Unmarshal(data, x) == nil && string(data) != "null" {
		v.BytesTag = x
		return nil
	}
	if x := new(Utf16Tag); json.Unmarshal(data, x) == nil && string(data) != "null" {
		v.Utf16Tag = x
		return nil
	}
	if x := new(RepeatTag); json.Unmarshal(data, x) == nil && string(data) != "null" {
		v.RepeatTag = x
		return nil
	}
	return fmt.Errorf("TaggedString: %s matches none of the variants", data)
}

// A native value that is not JSON data; the adapter builds the closest thing its language has.
// Every kind is an encoding failure (TR-BOUND-6).
type OpaqueTag struct {
	Tr   string `json:"$tr"`
	Kind string `json:"kind"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *OpaqueTag) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("OpaqueTag: want an object, got %.40s", data)
	}
	if raw, ok := members["$tr"]; !ok || string(raw) == "null" {
		return fmt.Errorf("OpaqueTag: missing member %q", "$tr")
	}
	if raw, ok := members["kind"]; !ok || string(raw) == "null" {
		return fmt.Errorf("OpaqueTag: missing member %q", "kind")
	}
	type plain OpaqueTag
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("OpaqueTag: %w", err)
	}
	for member := range members {
		switch member {
		case "$tr", "kind":
		default:
			return fmt.Errorf("OpaqueTag: unknown member %q", member)
		}
	}
	if p.Tr != "opaque" {
		return fmt.Errorf("OpaqueTag: member %q must be \"opaque\"", "$tr")
	}
	if p.Kind != "undefined" && p.Kind != "function" && p.Kind != "symbol" && p.Kind != "date" && p.Kind != "map" && p.Kind != "set" && p.Kind != "bytes-object" && p.Kind != "class-instance" && p.Kind != "getter" && p.Kind != "throwing-getter" && p.Kind != "to-json" && p.Kind != "proxy" && p.Kind != "non-string-key" {
		return fmt.Errorf("OpaqueTag: member %q must be one of \"undefined\", \"function\", \"symbol\", \"date\", \"map\", \"set\", \"bytes-object\", \"class-instance\", \"getter\", \"throwing-getter\", \"to-json\", \"proxy\", \"non-string-key\"", "kind")
	}
	*v = OpaqueTag(p)
	return nil
}

// One file of fixed conformance cases, plain JSON, usable from any language with a JSON parser.
// Each case is one adapter request (op and input) and what the answer must be.
type VectorFile struct {
	Schema      *string      `json:"$schema,omitempty"`
	Description string       `json:"description"`
	Group       Group        `json:"group"`
	Op          Operation    `json:"op"`
	Provenance  *Provenance  `json:"provenance,omitempty"`
	Cases       []VectorCase `json:"cases"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *VectorFile) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("VectorFile: want an object, got %.40s", data)
	}
	if raw, ok := members["description"]; !ok || string(raw) == "null" {
		return fmt.Errorf("VectorFile: missing member %q", "description")
	}
	if raw, ok := members["group"]; !ok || string(raw) == "null" {
		return fmt.Errorf("VectorFile: missing member %q", "group")
	}
	if raw, ok := members["op"]; !ok || string(raw) == "null" {
		return fmt.Errorf("VectorFile: missing member %q", "op")
	}
	if raw, ok := members["cases"]; !ok || string(raw) == "null" {
		return fmt.Errorf("VectorFile: missing member %q", "cases")
	}
	if raw, ok := members["cases"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("VectorFile: member %q: %w", "cases", err)
		}
	}
	type plain VectorFile
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("VectorFile: %w", err)
	}
	for member := range members {
		switch member {
		case "$schema", "description", "group", "op", "provenance", "cases":
		default:
			return fmt.Errorf("VectorFile: unknown member %q", member)
		}
	}
	*v = VectorFile(p)
	return nil
}

// A capability group: the set of requirements an implementation claims in its handshake.
type Group string

const (
	GroupBound              Group = "bound"
	GroupEgress             Group = "egress"
	GroupSinks              Group = "sinks"
	GroupLedger             Group = "ledger"
	GroupHooks              Group = "hooks"
	GroupNormalizeMcp       Group = "normalize-mcp"
	GroupNormalizeLangchain Group = "normalize-langchain"
	GroupNormalizeLocal     Group = "normalize-local"
	GroupExposure           Group = "exposure"
	GroupStacks             Group = "stacks"
)

// UnmarshalJSON accepts only the values of the set.
func (v *Group) UnmarshalJSON(data []byte) error {
	var x string
	if err := json.Unmarshal(data, &x); err != nil || string(data) == "null" {
		return fmt.Errorf("Group: want a string of the set, got %s", data)
	}
	switch Group(x) {
	case GroupBound, GroupEgress, GroupSinks, GroupLedger, GroupHooks, GroupNormalizeMcp, GroupNormalizeLangchain, GroupNormalizeLocal, GroupExposure, GroupStacks:
		*v = Group(x)
		return nil
	}
	return fmt.Errorf("Group: %s is not in the set", data)
}

// An adapter operation (spec/09-conformance.md).
type Operation string

const (
	OperationCoerce    Operation = "coerce"
	OperationMeasure   Operation = "measure"
	OperationBound     Operation = "bound"
	OperationWire      Operation = "wire"
	OperationAudit     Operation = "audit"
	OperationLive      Operation = "live"
	OperationSuspend   Operation = "suspend"
	OperationPersist   Operation = "persist"
	OperationRestore   Operation = "restore"
	OperationHooks     Operation = "hooks"
	OperationNormalize Operation = "normalize"
	OperationStep      Operation = "step"
)

// UnmarshalJSON accepts only the values of the set.
func (v *Operation) UnmarshalJSON(data []byte) error {
	var x string
	if err := json.Unmarshal(data, &x); err != nil || string(data) == "null" {
		return fmt.Errorf("Operation: want a string of the set, got %s", data)
	}
	switch Operation(x) {
	case OperationCoerce, OperationMeasure, OperationBound, OperationWire, OperationAudit, OperationLive, OperationSuspend, OperationPersist, OperationRestore, OperationHooks, OperationNormalize, OperationStep:
		*v = Operation(x)
		return nil
	}
	return fmt.Errorf("Operation: %s is not in the set", data)
}

// Where recorded inputs came from: the cases' inputs are what the named packages, at exactly these
// versions, produced when the recorder drove them; the recorder re-records and compares.
type Provenance struct {
	// The recorder's path in the repository.
	Recorder string `json:"recorder"`
	// The language runtime and its version, e.g. python 3.11.7.
	Runtime string `json:"runtime"`
	// Package name to its exact installed version.
	Packages map[string]string `json:"packages"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *Provenance) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("Provenance: want an object, got %.40s", data)
	}
	if raw, ok := members["recorder"]; !ok || string(raw) == "null" {
		return fmt.Errorf("Provenance: missing member %q", "recorder")
	}
	if raw, ok := members["runtime"]; !ok || string(raw) == "null" {
		return fmt.Errorf("Provenance: missing member %q", "runtime")
	}
	if raw, ok := members["packages"]; !ok || string(raw) == "null" {
		return fmt.Errorf("Provenance: missing member %q", "packages")
	}
	if raw, ok := members["packages"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("Provenance: member %q: %w", "packages", err)
		}
	}
	type plain Provenance
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("Provenance: %w", err)
	}
	for member := range members {
		switch member {
		case "recorder", "runtime", "packages":
		default:
			return fmt.Errorf("Provenance: unknown member %q", member)
		}
	}
	*v = Provenance(p)
	return nil
}

type VectorCase struct {
	// Stable kebab-case name, unique within the file; the full case ID is vector/<group>/<file
	// stem>/<id>.
	ID string `json:"id"`
	// A short present-tense statement of what the case shows.
	Description  string   `json:"description"`
	Requirements []string `json:"requirements"`
	Needs        *[]Need  `json:"needs,omitempty"`
	// The op's input, values in the tagged encoding (tagged-value.schema.json).
	Input  map[string]json.RawMessage `json:"input"`
	Expect Expectation                `json:"expect"`
	// How long each request of the case may take at the default --timeout (scaled with it): for a case
	// whose cost the spec bounds (TR-NORM-65), so that an implementation without the bound fails it in
	// this time, not in the whole per-request timeout.
	TimeLimitMs *int64          `json:"timeLimitMs,omitempty"`
	BytesModel  *BytesModelForm `json:"bytesModel,omitempty"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *VectorCase) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("VectorCase: want an object, got %.40s", data)
	}
	if raw, ok := members["id"]; !ok || string(raw) == "null" {
		return fmt.Errorf("VectorCase: missing member %q", "id")
	}
	if raw, ok := members["description"]; !ok || string(raw) == "null" {
		return fmt.Errorf("VectorCase: missing member %q", "description")
	}
	if raw, ok := members["requirements"]; !ok || string(raw) == "null" {
		return fmt.Errorf("VectorCase: missing member %q", "requirements")
	}
	if raw, ok := members["input"]; !ok || string(raw) == "null" {
		return fmt.Errorf("VectorCase: missing member %q", "input")
	}
	if raw, ok := members["expect"]; !ok || string(raw) == "null" {
		return fmt.Errorf("VectorCase: missing member %q", "expect")
	}
	if raw, ok := members["requirements"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("VectorCase: member %q: %w", "requirements", err)
		}
	}
	if raw, ok := members["needs"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("VectorCase: member %q: %w", "needs", err)
		}
	}
	type plain VectorCase
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("VectorCase: %w", err)
	}
	for member := range members {
		switch member {
		case "id", "description", "requirements", "needs", "input", "expect", "timeLimitMs", "bytesModel":
		default:
			return fmt.Errorf("VectorCase: unknown member %q", member)
		}
	}
	*v = VectorCase(p)
	return nil
}

// What an implementation must declare in its handshake for the case to apply.
type Need string

const (
	NeedUtf16Strings Need = "utf16-strings"
	NeedCycles       Need = "cycles"
	NeedOpaqueValues Need = "opaque-values"
	NeedByteArrays   Need = "byte-arrays"
)

// UnmarshalJSON accepts only the values of the set.
func (v *Need) UnmarshalJSON(data []byte) error {
	var x string
	if err := json.Unmarshal(data, &x); err != nil || string(data) == "null" {
		return fmt.Errorf("Need: want a string of the set, got %s", data)
	}
	switch Need(x) {
	case NeedUtf16Strings, NeedCycles, NeedOpaqueValues, NeedByteArrays:
		*v = Need(x)
		return nil
	}
	return fmt.Errorf("Need: %s is not in the set", data)
}

// output: the answer's output equals this JSON value (object member order aside). error: the
// answer is an error with this code (and, with messageExcludes, quoting none of those strings).
// Expectation holds one of its variants, the first that decodes: set exactly one field.
type Expectation struct {
	Expectation0 *Expectation0
	Expectation1 *Expectation1
}

// MarshalJSON writes the variant that is set.
func (v Expectation) MarshalJSON() ([]byte, error) {
	if v.Expectation0 != nil {
		return json.Marshal(v.Expectation0)
	}
	if v.Expectation1 != nil {
		return json.Marshal(v.Expectation1)
	}
	return nil, fmt.Errorf("Expectation: no variant set")
}

// UnmarshalJSON decodes one of its variants, the first that decodes.
func (v *Expectation) UnmarshalJSON(data []byte) error {
	*v = Expectation{}
	if x := new(Expectation0); json.Unmarshal(data, x) == nil && string(data) != "null" {
		v.Expectation0 = x
		return nil
	}
	if x := new(Expectation1); json.Unmarshal(data, x) == nil && string(data) != "null" {
		v.Expectation1 = x
		return nil
	}
	return fmt.Errorf("Expectation: %s matches none of the variants", data)
}

type Expectation0 struct {
	Output map[string]json.RawMessage `json:"output"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *Expectation0) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("Expectation0: want an object, got %.40s", data)
	}
	if raw, ok := members["output"]; !ok || string(raw) == "null" {
		return fmt.Errorf("Expectation0: missing member %q", "output")
	}
	type plain Expectation0
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("Expectation0: %w", err)
	}
	for member := range members {
		switch member {
		case "output":
		default:
			return fmt.Errorf("Expectation0: unknown member %q", member)
		}
	}
	*v = Expectation0(p)
	return nil
}

type Expectation1 struct {
	Error Expectation1Error `json:"error"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *Expectation1) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("Expectation1: want an object, got %.40s", data)
	}
	if raw, ok := members["error"]; !ok || string(raw) == "null" {
		return fmt.Errorf("Expectation1: missing member %q", "error")
	}
	type plain Expectation1
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("Expectation1: %w", err)
	}
	for member := range members {
		switch member {
		case "error":
		default:
			return fmt.Errorf("Expectation1: unknown member %q", member)
		}
	}
	*v = Expectation1(p)
	return nil
}

type Expectation1Error struct {
	Code string `json:"code"`
	// Strings the case planted that neither the error's message nor a line the adapter logged may
	// contain: an error that must quote nothing (TR-EXPOSE-2, TR-LOG-4).
	MessageExcludes *[]string `json:"messageExcludes,omitempty"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *Expectation1Error) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("Expectation1Error: want an object, got %.40s", data)
	}
	if raw, ok := members["code"]; !ok || string(raw) == "null" {
		return fmt.Errorf("Expectation1Error: missing member %q", "code")
	}
	if raw, ok := members["messageExcludes"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("Expectation1Error: member %q: %w", "messageExcludes", err)
		}
	}
	type plain Expectation1Error
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("Expectation1Error: %w", err)
	}
	for member := range members {
		switch member {
		case "code", "messageExcludes":
		default:
			return fmt.Errorf("Expectation1Error: unknown member %q", member)
		}
	}
	*v = Expectation1Error(p)
	return nil
}

// The case as a byte-string language meets it (spec/09-conformance.md §9.2, TR-CONF-23): an
// unpaired surrogate of the input is written as the octets a byte string holds instead (its
// generalized UTF-8 form, ED followed by two octets, or octets that collide the same way), and the
// expectation is what the rules give for those octets. A runner sends this input, and judges by
// this expectation, to an adapter whose stringModel is bytes, instead of skipping the case; every
// other adapter runs the case itself. Only on a case that needs utf16-strings.
type BytesModelForm struct {
	// What this form shows, in the octets' own terms.
	Description string `json:"description"`
	// The op's input for a byte-string adapter: tagged values, no string with an unpaired surrogate
	// (TR-CONF-20).
	Input  map[string]json.RawMessage `json:"input"`
	Expect Expectation                `json:"expect"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *BytesModelForm) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("BytesModelForm: want an object, got %.40s", data)
	}
	if raw, ok := members["description"]; !ok || string(raw) == "null" {
		return fmt.Errorf("BytesModelForm: missing member %q", "description")
	}
	if raw, ok := members["input"]; !ok || string(raw) == "null" {
		return fmt.Errorf("BytesModelForm: missing member %q", "input")
	}
	if raw, ok := members["expect"]; !ok || string(raw) == "null" {
		return fmt.Errorf("BytesModelForm: missing member %q", "expect")
	}
	type plain BytesModelForm
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("BytesModelForm: %w", err)
	}
	for member := range members {
		switch member {
		case "description", "input", "expect":
		default:
			return fmt.Errorf("BytesModelForm: unknown member %q", member)
		}
	}
	*v = BytesModelForm(p)
	return nil
}

// The tolerant view a consumer (renderer, audit reader) uses: any type name, so that a record
// written by a newer protocol version still reads. A consumer renders a type it does not know with
// its fallback (TR-MODEL-6).
type ArtifactEnvelope struct {
	Type  string                     `json:"type"`
	Label string                     `json:"label"`
	Data  map[string]json.RawMessage `json:"data"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *ArtifactEnvelope) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("ArtifactEnvelope: want an object, got %.40s", data)
	}
	if raw, ok := members["type"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ArtifactEnvelope: missing member %q", "type")
	}
	if raw, ok := members["label"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ArtifactEnvelope: missing member %q", "label")
	}
	if raw, ok := members["data"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ArtifactEnvelope: missing member %q", "data")
	}
	type plain ArtifactEnvelope
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("ArtifactEnvelope: %w", err)
	}
	for member := range members {
		switch member {
		case "type", "label", "data":
		default:
			return fmt.Errorf("ArtifactEnvelope: unknown member %q", member)
		}
	}
	*v = ArtifactEnvelope(p)
	return nil
}

// The closed set of artifact rendering shapes a producer may emit in this version of the protocol.
// A shape, not a meaning: a table of invoices and a table of files are both 'table'.
type ArtifactType string

const (
	ArtifactTypeTable ArtifactType = "table"
	ArtifactTypeText  ArtifactType = "text"
)

// UnmarshalJSON accepts only the values of the set.
func (v *ArtifactType) UnmarshalJSON(data []byte) error {
	var x string
	if err := json.Unmarshal(data, &x); err != nil || string(data) == "null" {
		return fmt.Errorf("ArtifactType: want a string of the set, got %s", data)
	}
	switch ArtifactType(x) {
	case ArtifactTypeTable, ArtifactTypeText:
		*v = ArtifactType(x)
		return nil
	}
	return fmt.Errorf("ArtifactType: %s is not in the set", data)
}

// A table: column headings and rows of cells, every cell a string. Each row has exactly as many
// cells as there are columns (TR-MODEL-5; checked by the bounder, JSON Schema cannot say it).
type TableData struct {
	Columns []string   `json:"columns"`
	Rows    [][]string `json:"rows"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *TableData) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("TableData: want an object, got %.40s", data)
	}
	if raw, ok := members["columns"]; !ok || string(raw) == "null" {
		return fmt.Errorf("TableData: missing member %q", "columns")
	}
	if raw, ok := members["rows"]; !ok || string(raw) == "null" {
		return fmt.Errorf("TableData: missing member %q", "rows")
	}
	if raw, ok := members["columns"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("TableData: member %q: %w", "columns", err)
		}
	}
	if raw, ok := members["rows"]; ok {
		if err := noNullItems(raw, 2); err != nil {
			return fmt.Errorf("TableData: member %q: %w", "rows", err)
		}
	}
	type plain TableData
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("TableData: %w", err)
	}
	for member := range members {
		switch member {
		case "columns", "rows":
		default:
			return fmt.Errorf("TableData: unknown member %q", member)
		}
	}
	*v = TableData(p)
	return nil
}

// A block of plain text. Also the shape of the omission marker.
type TextData struct {
	Text string `json:"text"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *TextData) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("TextData: want an object, got %.40s", data)
	}
	if raw, ok := members["text"]; !ok || string(raw) == "null" {
		return fmt.Errorf("TextData: missing member %q", "text")
	}
	type plain TextData
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("TextData: %w", err)
	}
	for member := range members {
		switch member {
		case "text":
		default:
			return fmt.Errorf("TextData: unknown member %q", member)
		}
	}
	*v = TextData(p)
	return nil
}

// The persisted audit record of one tool step, filtered by its privacy level (spec/06-privacy.md).
// Each level keeps everything a stricter level keeps: none keeps only that the step was recorded;
// metadata adds a summary of numbers and closed-set values; redacted adds the result with every
// string passed through the redactor; full adds the result verbatim.
// AuditRecord holds one of its variants, told apart by the member "level": set exactly one field.
type AuditRecord struct {
	NoneAuditRecord     *NoneAuditRecord
	MetadataAuditRecord *MetadataAuditRecord
	RedactedAuditRecord *RedactedAuditRecord
	FullAuditRecord     *FullAuditRecord
}

// MarshalJSON writes the variant that is set.
func (v AuditRecord) MarshalJSON() ([]byte, error) {
	if v.NoneAuditRecord != nil {
		return json.Marshal(v.NoneAuditRecord)
	}
	if v.MetadataAuditRecord != nil {
		return json.Marshal(v.MetadataAuditRecord)
	}
	if v.RedactedAuditRecord != nil {
		return json.Marshal(v.RedactedAuditRecord)
	}
	if v.FullAuditRecord != nil {
		return json.Marshal(v.FullAuditRecord)
	}
	return nil, fmt.Errorf("AuditRecord: no variant set")
}

// UnmarshalJSON decodes one of its variants, told apart by the member "level".
func (v *AuditRecord) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("AuditRecord: want an object, got %s", data)
	}
	var tag any
	if raw, ok := members["level"]; !ok || json.Unmarshal(raw, &tag) != nil {
		return fmt.Errorf("AuditRecord: missing member %q", "level")
	}
	*v = AuditRecord{}
	switch tag {
	case "none":
		v.NoneAuditRecord = new(NoneAuditRecord)
		return json.Unmarshal(data, v.NoneAuditRecord)
	case "metadata":
		v.MetadataAuditRecord = new(MetadataAuditRecord)
		return json.Unmarshal(data, v.MetadataAuditRecord)
	case "redacted":
		v.RedactedAuditRecord = new(RedactedAuditRecord)
		return json.Unmarshal(data, v.RedactedAuditRecord)
	case "full":
		v.FullAuditRecord = new(FullAuditRecord)
		return json.Unmarshal(data, v.FullAuditRecord)
	}
	return fmt.Errorf("AuditRecord: unknown %s %s", "level", members["level"])
}

// Level none: the step is on record, nothing of its result is.
type NoneAuditRecord struct {
	Version int64  `json:"version"`
	Level   string `json:"level"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *NoneAuditRecord) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("NoneAuditRecord: want an object, got %.40s", data)
	}
	if raw, ok := members["version"]; !ok || string(raw) == "null" {
		return fmt.Errorf("NoneAuditRecord: missing member %q", "version")
	}
	if raw, ok := members["level"]; !ok || string(raw) == "null" {
		return fmt.Errorf("NoneAuditRecord: missing member %q", "level")
	}
	type plain NoneAuditRecord
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("NoneAuditRecord: %w", err)
	}
	for member := range members {
		switch member {
		case "version", "level":
		default:
			return fmt.Errorf("NoneAuditRecord: unknown member %q", member)
		}
	}
	if p.Version != 1 {
		return fmt.Errorf("NoneAuditRecord: member %q must be 1", "version")
	}
	if p.Level != "none" {
		return fmt.Errorf("NoneAuditRecord: member %q must be \"none\"", "level")
	}
	*v = NoneAuditRecord(p)
	return nil
}

// Level metadata (the default): the summary only, no content bytes.
type MetadataAuditRecord struct {
	Version int64        `json:"version"`
	Level   string       `json:"level"`
	Summary AuditSummary `json:"summary"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *MetadataAuditRecord) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("MetadataAuditRecord: want an object, got %.40s", data)
	}
	if raw, ok := members["version"]; !ok || string(raw) == "null" {
		return fmt.Errorf("MetadataAuditRecord: missing member %q", "version")
	}
	if raw, ok := members["level"]; !ok || string(raw) == "null" {
		return fmt.Errorf("MetadataAuditRecord: missing member %q", "level")
	}
	if raw, ok := members["summary"]; !ok || string(raw) == "null" {
		return fmt.Errorf("MetadataAuditRecord: missing member %q", "summary")
	}
	type plain MetadataAuditRecord
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("MetadataAuditRecord: %w", err)
	}
	for member := range members {
		switch member {
		case "version", "level", "summary":
		default:
			return fmt.Errorf("MetadataAuditRecord: unknown member %q", member)
		}
	}
	if p.Version != 1 {
		return fmt.Errorf("MetadataAuditRecord: member %q must be 1", "version")
	}
	if p.Level != "metadata" {
		return fmt.Errorf("MetadataAuditRecord: member %q must be \"metadata\"", "level")
	}
	*v = MetadataAuditRecord(p)
	return nil
}

// What the metadata level keeps. Every value is a number, a boolean or from a closed set, so no
// string chosen by a tool or its input can ride it (TR-PRIV-4, TR-PRIV-5).
type AuditSummary struct {
	IsError bool `json:"isError"`
	// UTF-8 octets of content.
	ContentOctets int64 `json:"contentOctets"`
	HasStructured bool  `json:"hasStructured"`
	// JCS length of structured; present exactly when hasStructured is true.
	StructuredOctets *int64 `json:"structuredOctets,omitempty"`
	ArtifactCount    int64  `json:"artifactCount"`
	// JCS length of the whole artifact list ([] is 2).
	ArtifactsOctets int64 `json:"artifactsOctets"`
	// The distinct artifact types of the list, sorted by code point.
	ArtifactTypes []ArtifactType `json:"artifactTypes"`
	// The result's warning codes, sorted.
	Warnings []WarningCode `json:"warnings"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *AuditSummary) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("AuditSummary: want an object, got %.40s", data)
	}
	if raw, ok := members["isError"]; !ok || string(raw) == "null" {
		return fmt.Errorf("AuditSummary: missing member %q", "isError")
	}
	if raw, ok := members["contentOctets"]; !ok || string(raw) == "null" {
		return fmt.Errorf("AuditSummary: missing member %q", "contentOctets")
	}
	if raw, ok := members["hasStructured"]; !ok || string(raw) == "null" {
		return fmt.Errorf("AuditSummary: missing member %q", "hasStructured")
	}
	if raw, ok := members["artifactCount"]; !ok || string(raw) == "null" {
		return fmt.Errorf("AuditSummary: missing member %q", "artifactCount")
	}
	if raw, ok := members["artifactsOctets"]; !ok || string(raw) == "null" {
		return fmt.Errorf("AuditSummary: missing member %q", "artifactsOctets")
	}
	if raw, ok := members["artifactTypes"]; !ok || string(raw) == "null" {
		return fmt.Errorf("AuditSummary: missing member %q", "artifactTypes")
	}
	if raw, ok := members["warnings"]; !ok || string(raw) == "null" {
		return fmt.Errorf("AuditSummary: missing member %q", "warnings")
	}
	if raw, ok := members["artifactTypes"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("AuditSummary: member %q: %w", "artifactTypes", err)
		}
	}
	if raw, ok := members["warnings"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("AuditSummary: member %q: %w", "warnings", err)
		}
	}
	type plain AuditSummary
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("AuditSummary: %w", err)
	}
	for member := range members {
		switch member {
		case "isError", "contentOctets", "hasStructured", "structuredOctets", "artifactCount", "artifactsOctets", "artifactTypes", "warnings":
		default:
			return fmt.Errorf("AuditSummary: unknown member %q", member)
		}
	}
	*v = AuditSummary(p)
	return nil
}

// Closed set of warning codes. The part before the dot names the channel the warning is about
// (content, artifacts, structured), hook for a failed hook, or exposure for what the model was
// shown of structured (spec/12-exposure.md). The table in spec/02-data-model.md §2.3 says who sets
// each code and what it means.
type WarningCode string

const (
	WarningCodeContentTruncated         WarningCode = "content.truncated"
	WarningCodeContentNotText           WarningCode = "content.not_text"
	WarningCodeArtifactsOverBudget      WarningCode = "artifacts.over_budget"
	WarningCodeArtifactsUnencodable     WarningCode = "artifacts.unencodable"
	WarningCodeArtifactsTooDeep         WarningCode = "artifacts.too_deep"
	WarningCodeArtifactsInvalidShape    WarningCode = "artifacts.invalid_shape"
	WarningCodeArtifactsDroppedOnError  WarningCode = "artifacts.dropped_on_error"
	WarningCodeStructuredOverBudget     WarningCode = "structured.over_budget"
	WarningCodeStructuredUnencodable    WarningCode = "structured.unencodable"
	WarningCodeStructuredTooDeep        WarningCode = "structured.too_deep"
	WarningCodeStructuredSchemaMismatch WarningCode = "structured.schema_mismatch"
	WarningCodeStructuredInvalid        WarningCode = "structured.invalid"
	WarningCodeHookFailed               WarningCode = "hook.failed"
	WarningCodeExposureJson             WarningCode = "exposure.json"
	WarningCodeExposureAllowlist        WarningCode = "exposure.allowlist"
	WarningCodeExposureEmpty            WarningCode = "exposure.empty"
	WarningCodeExposureUnmatched        WarningCode = "exposure.unmatched"
	WarningCodeExposureOverBudget       WarningCode = "exposure.over_budget"
)

// UnmarshalJSON accepts only the values of the set.
func (v *WarningCode) UnmarshalJSON(data []byte) error {
	var x string
	if err := json.Unmarshal(data, &x); err != nil || string(data) == "null" {
		return fmt.Errorf("WarningCode: want a string of the set, got %s", data)
	}
	switch WarningCode(x) {
	case WarningCodeContentTruncated, WarningCodeContentNotText, WarningCodeArtifactsOverBudget, WarningCodeArtifactsUnencodable, WarningCodeArtifactsTooDeep, WarningCodeArtifactsInvalidShape, WarningCodeArtifactsDroppedOnError, WarningCodeStructuredOverBudget, WarningCodeStructuredUnencodable, WarningCodeStructuredTooDeep, WarningCodeStructuredSchemaMismatch, WarningCodeStructuredInvalid, WarningCodeHookFailed, WarningCodeExposureJson, WarningCodeExposureAllowlist, WarningCodeExposureEmpty, WarningCodeExposureUnmatched, WarningCodeExposureOverBudget:
		*v = WarningCode(x)
		return nil
	}
	return fmt.Errorf("WarningCode: %s is not in the set", data)
}

// Level redacted: the summary and the result in the same shape, every string passed through the
// redactor.
type RedactedAuditRecord struct {
	Version int64          `json:"version"`
	Level   string         `json:"level"`
	Summary AuditSummary   `json:"summary"`
	Result  RedactedResult `json:"result"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *RedactedAuditRecord) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("RedactedAuditRecord: want an object, got %.40s", data)
	}
	if raw, ok := members["version"]; !ok || string(raw) == "null" {
		return fmt.Errorf("RedactedAuditRecord: missing member %q", "version")
	}
	if raw, ok := members["level"]; !ok || string(raw) == "null" {
		return fmt.Errorf("RedactedAuditRecord: missing member %q", "level")
	}
	if raw, ok := members["summary"]; !ok || string(raw) == "null" {
		return fmt.Errorf("RedactedAuditRecord: missing member %q", "summary")
	}
	if raw, ok := members["result"]; !ok || string(raw) == "null" {
		return fmt.Errorf("RedactedAuditRecord: missing member %q", "result")
	}
	type plain RedactedAuditRecord
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("RedactedAuditRecord: %w", err)
	}
	for member := range members {
		switch member {
		case "version", "level", "summary", "result":
		default:
			return fmt.Errorf("RedactedAuditRecord: unknown member %q", member)
		}
	}
	if p.Version != 1 {
		return fmt.Errorf("RedactedAuditRecord: member %q must be 1", "version")
	}
	if p.Level != "redacted" {
		return fmt.Errorf("RedactedAuditRecord: member %q must be \"redacted\"", "level")
	}
	*v = RedactedAuditRecord(p)
	return nil
}

// A bounded result after redaction: the shape of tool-result.schema.json, except that an
// artifact's type and data strings may have been changed by the redactor.
type RedactedResult struct {
	Content    string             `json:"content"`
	IsError    bool               `json:"isError"`
	Structured JsonValue          `json:"structured,omitempty"`
	Artifacts  []RedactedArtifact `json:"artifacts"`
	Warnings   []Warning          `json:"warnings"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *RedactedResult) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("RedactedResult: want an object, got %.40s", data)
	}
	if raw, ok := members["content"]; !ok || string(raw) == "null" {
		return fmt.Errorf("RedactedResult: missing member %q", "content")
	}
	if raw, ok := members["isError"]; !ok || string(raw) == "null" {
		return fmt.Errorf("RedactedResult: missing member %q", "isError")
	}
	if raw, ok := members["artifacts"]; !ok || string(raw) == "null" {
		return fmt.Errorf("RedactedResult: missing member %q", "artifacts")
	}
	if raw, ok := members["warnings"]; !ok || string(raw) == "null" {
		return fmt.Errorf("RedactedResult: missing member %q", "warnings")
	}
	if raw, ok := members["artifacts"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("RedactedResult: member %q: %w", "artifacts", err)
		}
	}
	if raw, ok := members["warnings"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("RedactedResult: member %q: %w", "warnings", err)
		}
	}
	type plain RedactedResult
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("RedactedResult: %w", err)
	}
	for member := range members {
		switch member {
		case "content", "isError", "structured", "artifacts", "warnings":
		default:
			return fmt.Errorf("RedactedResult: unknown member %q", member)
		}
	}
	*v = RedactedResult(p)
	return nil
}

// Any JSON value (RFC 8259). Strings are well-formed Unicode and numbers finite with a magnitude
// of at most 2^53-1 once bounded (TR-BOUND rules); JSON Schema cannot say that, the bounder
// enforces it.
// Any JSON value, kept as its JSON text (json.RawMessage): null and numbers stay exactly as read.
type JsonValue = json.RawMessage

// An artifact after redaction. Its type is whatever the redactor made of it, so a reader renders
// an unknown one with its fallback (TR-MODEL-6).
type RedactedArtifact struct {
	Type  string               `json:"type"`
	Label string               `json:"label"`
	Data  map[string]JsonValue `json:"data"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *RedactedArtifact) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("RedactedArtifact: want an object, got %.40s", data)
	}
	if raw, ok := members["type"]; !ok || string(raw) == "null" {
		return fmt.Errorf("RedactedArtifact: missing member %q", "type")
	}
	if raw, ok := members["label"]; !ok || string(raw) == "null" {
		return fmt.Errorf("RedactedArtifact: missing member %q", "label")
	}
	if raw, ok := members["data"]; !ok || string(raw) == "null" {
		return fmt.Errorf("RedactedArtifact: missing member %q", "data")
	}
	type plain RedactedArtifact
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("RedactedArtifact: %w", err)
	}
	for member := range members {
		switch member {
		case "type", "label", "data":
		default:
			return fmt.Errorf("RedactedArtifact: unknown member %q", member)
		}
	}
	*v = RedactedArtifact(p)
	return nil
}

// A machine-readable note that a channel was changed or dropped. It names what happened, never the
// bytes involved (TR-MODEL-8).
type Warning struct {
	Code WarningCode `json:"code"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *Warning) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("Warning: want an object, got %.40s", data)
	}
	if raw, ok := members["code"]; !ok || string(raw) == "null" {
		return fmt.Errorf("Warning: missing member %q", "code")
	}
	type plain Warning
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("Warning: %w", err)
	}
	for member := range members {
		switch member {
		case "code":
		default:
			return fmt.Errorf("Warning: unknown member %q", member)
		}
	}
	*v = Warning(p)
	return nil
}

// Level full: the summary and the bounded result verbatim.
type FullAuditRecord struct {
	Version int64        `json:"version"`
	Level   string       `json:"level"`
	Summary AuditSummary `json:"summary"`
	Result  ToolResult   `json:"result"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *FullAuditRecord) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("FullAuditRecord: want an object, got %.40s", data)
	}
	if raw, ok := members["version"]; !ok || string(raw) == "null" {
		return fmt.Errorf("FullAuditRecord: missing member %q", "version")
	}
	if raw, ok := members["level"]; !ok || string(raw) == "null" {
		return fmt.Errorf("FullAuditRecord: missing member %q", "level")
	}
	if raw, ok := members["summary"]; !ok || string(raw) == "null" {
		return fmt.Errorf("FullAuditRecord: missing member %q", "summary")
	}
	if raw, ok := members["result"]; !ok || string(raw) == "null" {
		return fmt.Errorf("FullAuditRecord: missing member %q", "result")
	}
	type plain FullAuditRecord
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("FullAuditRecord: %w", err)
	}
	for member := range members {
		switch member {
		case "version", "level", "summary", "result":
		default:
			return fmt.Errorf("FullAuditRecord: unknown member %q", member)
		}
	}
	if p.Version != 1 {
		return fmt.Errorf("FullAuditRecord: member %q must be 1", "version")
	}
	if p.Level != "full" {
		return fmt.Errorf("FullAuditRecord: member %q must be \"full\"", "level")
	}
	*v = FullAuditRecord(p)
	return nil
}

// A tool result as JSON: the provider-facing channels (content, isError) and the run-only channels
// (structured, artifacts, warnings). This is the form the bounder returns and the ledger, the live
// stream and a full audit record carry; the provider wire carries only content and isError
// (TR-EGRESS). structured: run-only machine-readable value, any JSON value, absent when the tool
// gave none or the bounder dropped it.
type ToolResult struct {
	// The one provider-facing string. Once bounded: well-formed Unicode, at most the content budget in
	// UTF-8 octets.
	Content string `json:"content"`
	// Whether the tool failed. Provider-facing.
	IsError    bool      `json:"isError"`
	Structured JsonValue `json:"structured,omitempty"`
	// Run-only display artifacts. Either what the tool gave, coerced, or exactly one omission marker.
	Artifacts []ToolArtifact `json:"artifacts"`
	// What the bounder, a normalizer or a hook changed or dropped, as codes: sorted by code, no code
	// twice (TR-MODEL-9; JSON Schema cannot say it).
	Warnings []Warning `json:"warnings"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *ToolResult) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("ToolResult: want an object, got %.40s", data)
	}
	if raw, ok := members["content"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ToolResult: missing member %q", "content")
	}
	if raw, ok := members["isError"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ToolResult: missing member %q", "isError")
	}
	if raw, ok := members["artifacts"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ToolResult: missing member %q", "artifacts")
	}
	if raw, ok := members["warnings"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ToolResult: missing member %q", "warnings")
	}
	if raw, ok := members["artifacts"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("ToolResult: member %q: %w", "artifacts", err)
		}
	}
	if raw, ok := members["warnings"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("ToolResult: member %q: %w", "warnings", err)
		}
	}
	type plain ToolResult
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("ToolResult: %w", err)
	}
	for member := range members {
		switch member {
		case "content", "isError", "structured", "artifacts", "warnings":
		default:
			return fmt.Errorf("ToolResult: unknown member %q", member)
		}
	}
	*v = ToolResult(p)
	return nil
}

// A run-only display artifact as a producer emits it and the bounder lets it through: a known type
// with data of that type's shape.
// ToolArtifact holds one of its variants, told apart by the member "type": set exactly one field.
type ToolArtifact struct {
	TableArtifact *TableArtifact
	TextArtifact  *TextArtifact
}

// MarshalJSON writes the variant that is set.
func (v ToolArtifact) MarshalJSON() ([]byte, error) {
	if v.TableArtifact != nil {
		return json.Marshal(v.TableArtifact)
	}
	if v.TextArtifact != nil {
		return json.Marshal(v.TextArtifact)
	}
	return nil, fmt.Errorf("ToolArtifact: no variant set")
}

// UnmarshalJSON decodes one of its variants, told apart by the member "type".
func (v *ToolArtifact) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("ToolArtifact: want an object, got %s", data)
	}
	var tag any
	if raw, ok := members["type"]; !ok || json.Unmarshal(raw, &tag) != nil {
		return fmt.Errorf("ToolArtifact: missing member %q", "type")
	}
	*v = ToolArtifact{}
	switch tag {
	case "table":
		v.TableArtifact = new(TableArtifact)
		return json.Unmarshal(data, v.TableArtifact)
	case "text":
		v.TextArtifact = new(TextArtifact)
		return json.Unmarshal(data, v.TextArtifact)
	}
	return fmt.Errorf("ToolArtifact: unknown %s %s", "type", members["type"])
}

type TableArtifact struct {
	Type  string    `json:"type"`
	Label string    `json:"label"`
	Data  TableData `json:"data"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *TableArtifact) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("TableArtifact: want an object, got %.40s", data)
	}
	if raw, ok := members["type"]; !ok || string(raw) == "null" {
		return fmt.Errorf("TableArtifact: missing member %q", "type")
	}
	if raw, ok := members["label"]; !ok || string(raw) == "null" {
		return fmt.Errorf("TableArtifact: missing member %q", "label")
	}
	if raw, ok := members["data"]; !ok || string(raw) == "null" {
		return fmt.Errorf("TableArtifact: missing member %q", "data")
	}
	type plain TableArtifact
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("TableArtifact: %w", err)
	}
	for member := range members {
		switch member {
		case "type", "label", "data":
		default:
			return fmt.Errorf("TableArtifact: unknown member %q", member)
		}
	}
	if p.Type != "table" {
		return fmt.Errorf("TableArtifact: member %q must be \"table\"", "type")
	}
	*v = TableArtifact(p)
	return nil
}

type TextArtifact struct {
	Type  string   `json:"type"`
	Label string   `json:"label"`
	Data  TextData `json:"data"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *TextArtifact) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("TextArtifact: want an object, got %.40s", data)
	}
	if raw, ok := members["type"]; !ok || string(raw) == "null" {
		return fmt.Errorf("TextArtifact: missing member %q", "type")
	}
	if raw, ok := members["label"]; !ok || string(raw) == "null" {
		return fmt.Errorf("TextArtifact: missing member %q", "label")
	}
	if raw, ok := members["data"]; !ok || string(raw) == "null" {
		return fmt.Errorf("TextArtifact: missing member %q", "data")
	}
	type plain TextArtifact
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("TextArtifact: %w", err)
	}
	for member := range members {
		switch member {
		case "type", "label", "data":
		default:
			return fmt.Errorf("TextArtifact: unknown member %q", member)
		}
	}
	if p.Type != "text" {
		return fmt.Errorf("TextArtifact: member %q must be \"text\"", "type")
	}
	*v = TextArtifact(p)
	return nil
}

// Budgets for the bounder, in octets. A budget left out takes its default. Each budget is an
// integer from 256 to 2^30 (TR-MODEL-10); 256 is the floor so that every pinned marker and notice
// fits inside any budget.
type BoundOptions struct {
	// Most UTF-8 octets of content, the truncation notice included.
	ContentBudget *int64 `json:"contentBudget,omitempty"`
	// Most octets of the RFC 8785 serialization of the whole artifact list.
	ArtifactsBudget *int64 `json:"artifactsBudget,omitempty"`
	// Most octets of the RFC 8785 serialization of the structured value.
	StructuredBudget *int64 `json:"structuredBudget,omitempty"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *BoundOptions) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("BoundOptions: want an object, got %.40s", data)
	}
	type plain BoundOptions
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("BoundOptions: %w", err)
	}
	for member := range members {
		switch member {
		case "contentBudget", "artifactsBudget", "structuredBudget":
		default:
			return fmt.Errorf("BoundOptions: unknown member %q", member)
		}
	}
	*v = BoundOptions(p)
	return nil
}

// Which part of a bounded result's structured value the model sees, declared per tool
// (spec/12-exposure.md). none: content only (the default, today's bytes); json: the RFC 8785
// serialization of the whole structured value, appended to content; allowlist: the values the
// listed JSON Pointers (RFC 6901) select, as one canonical JSON object keyed by pointer. Whatever
// is exposed shares the content budget and is dropped whole when it does not fit.
// ExposurePolicy holds one of its variants, told apart by the member "policy": set exactly one field.
type ExposurePolicy struct {
	NoneExposurePolicy      *NoneExposurePolicy
	JsonExposurePolicy      *JsonExposurePolicy
	AllowlistExposurePolicy *AllowlistExposurePolicy
}

// MarshalJSON writes the variant that is set.
func (v ExposurePolicy) MarshalJSON() ([]byte, error) {
	if v.NoneExposurePolicy != nil {
		return json.Marshal(v.NoneExposurePolicy)
	}
	if v.JsonExposurePolicy != nil {
		return json.Marshal(v.JsonExposurePolicy)
	}
	if v.AllowlistExposurePolicy != nil {
		return json.Marshal(v.AllowlistExposurePolicy)
	}
	return nil, fmt.Errorf("ExposurePolicy: no variant set")
}

// UnmarshalJSON decodes one of its variants, told apart by the member "policy".
func (v *ExposurePolicy) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("ExposurePolicy: want an object, got %s", data)
	}
	var tag any
	if raw, ok := members["policy"]; !ok || json.Unmarshal(raw, &tag) != nil {
		return fmt.Errorf("ExposurePolicy: missing member %q", "policy")
	}
	*v = ExposurePolicy{}
	switch tag {
	case "none":
		v.NoneExposurePolicy = new(NoneExposurePolicy)
		return json.Unmarshal(data, v.NoneExposurePolicy)
	case "json":
		v.JsonExposurePolicy = new(JsonExposurePolicy)
		return json.Unmarshal(data, v.JsonExposurePolicy)
	case "allowlist":
		v.AllowlistExposurePolicy = new(AllowlistExposurePolicy)
		return json.Unmarshal(data, v.AllowlistExposurePolicy)
	}
	return fmt.Errorf("ExposurePolicy: unknown %s %s", "policy", members["policy"])
}

// The model sees content only (TR-EXPOSE-1).
type NoneExposurePolicy struct {
	Policy string `json:"policy"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *NoneExposurePolicy) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("NoneExposurePolicy: want an object, got %.40s", data)
	}
	if raw, ok := members["policy"]; !ok || string(raw) == "null" {
		return fmt.Errorf("NoneExposurePolicy: missing member %q", "policy")
	}
	type plain NoneExposurePolicy
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("NoneExposurePolicy: %w", err)
	}
	for member := range members {
		switch member {
		case "policy":
		default:
			return fmt.Errorf("NoneExposurePolicy: unknown member %q", member)
		}
	}
	if p.Policy != "none" {
		return fmt.Errorf("NoneExposurePolicy: member %q must be \"none\"", "policy")
	}
	*v = NoneExposurePolicy(p)
	return nil
}

// The model also sees the canonical serialization of the whole bounded structured value.
type JsonExposurePolicy struct {
	Policy string `json:"policy"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *JsonExposurePolicy) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("JsonExposurePolicy: want an object, got %.40s", data)
	}
	if raw, ok := members["policy"]; !ok || string(raw) == "null" {
		return fmt.Errorf("JsonExposurePolicy: missing member %q", "policy")
	}
	type plain JsonExposurePolicy
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("JsonExposurePolicy: %w", err)
	}
	for member := range members {
		switch member {
		case "policy":
		default:
			return fmt.Errorf("JsonExposurePolicy: unknown member %q", member)
		}
	}
	if p.Policy != "json" {
		return fmt.Errorf("JsonExposurePolicy: member %q must be \"json\"", "policy")
	}
	*v = JsonExposurePolicy(p)
	return nil
}

// The model also sees the values the pointers select, and nothing else of the structured value.
type AllowlistExposurePolicy struct {
	Policy string `json:"policy"`
	// JSON Pointers (RFC 6901) into the structured value. No wildcards: '*' is a member name like any
	// other.
	Pointers []JsonPointer `json:"pointers"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *AllowlistExposurePolicy) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("AllowlistExposurePolicy: want an object, got %.40s", data)
	}
	if raw, ok := members["policy"]; !ok || string(raw) == "null" {
		return fmt.Errorf("AllowlistExposurePolicy: missing member %q", "policy")
	}
	if raw, ok := members["pointers"]; !ok || string(raw) == "null" {
		return fmt.Errorf("AllowlistExposurePolicy: missing member %q", "pointers")
	}
	if raw, ok := members["pointers"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("AllowlistExposurePolicy: member %q: %w", "pointers", err)
		}
	}
	type plain AllowlistExposurePolicy
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("AllowlistExposurePolicy: %w", err)
	}
	for member := range members {
		switch member {
		case "policy", "pointers":
		default:
			return fmt.Errorf("AllowlistExposurePolicy: unknown member %q", member)
		}
	}
	if p.Policy != "allowlist" {
		return fmt.Errorf("AllowlistExposurePolicy: member %q must be \"allowlist\"", "policy")
	}
	*v = AllowlistExposurePolicy(p)
	return nil
}

// A JSON Pointer in its string form (RFC 6901): empty (the whole value), or '/'-prefixed reference
// tokens in which '~' appears only as '~0' or '~1'.
type JsonPointer = string

// A replay-ledger entry (spec/07-replay.md): the bounded, post-hook result of a tool call, stored
// so that a repeated call with the same call ID returns it without running the tool. Serialized as
// RFC 8785 canonical JSON. A legacy entry, a JSON string, restores as text only and has no schema
// of its own.
type LedgerEntry struct {
	// The entry format. A reader refuses a version it does not know (ledger.unknown_version).
	Version int64      `json:"version"`
	Result  ToolResult `json:"result"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *LedgerEntry) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("LedgerEntry: want an object, got %.40s", data)
	}
	if raw, ok := members["version"]; !ok || string(raw) == "null" {
		return fmt.Errorf("LedgerEntry: missing member %q", "version")
	}
	if raw, ok := members["result"]; !ok || string(raw) == "null" {
		return fmt.Errorf("LedgerEntry: missing member %q", "result")
	}
	type plain LedgerEntry
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("LedgerEntry: %w", err)
	}
	for member := range members {
		switch member {
		case "version", "result":
		default:
			return fmt.Errorf("LedgerEntry: unknown member %q", member)
		}
	}
	if p.Version != 1 {
		return fmt.Errorf("LedgerEntry: member %q must be 1", "version")
	}
	*v = LedgerEntry(p)
	return nil
}

// The event the live inspector stream carries for a finished tool step (spec/05-sinks.md). Built
// from memory for administrators while the run is live and not meant to be persisted (TR-SINK-3):
// the whole bounded result, run-only channels included. Sent as one line of NDJSON.
type LiveEvent struct {
	Kind   string     `json:"kind"`
	Result ToolResult `json:"result"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *LiveEvent) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("LiveEvent: want an object, got %.40s", data)
	}
	if raw, ok := members["kind"]; !ok || string(raw) == "null" {
		return fmt.Errorf("LiveEvent: missing member %q", "kind")
	}
	if raw, ok := members["result"]; !ok || string(raw) == "null" {
		return fmt.Errorf("LiveEvent: missing member %q", "result")
	}
	type plain LiveEvent
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("LiveEvent: %w", err)
	}
	for member := range members {
		switch member {
		case "kind", "result":
		default:
			return fmt.Errorf("LiveEvent: unknown member %q", member)
		}
	}
	if p.Kind != "tool_result" {
		return fmt.Errorf("LiveEvent: member %q must be \"tool_result\"", "kind")
	}
	*v = LiveEvent(p)
	return nil
}

// How much of a tool step a persisted audit record keeps, strictest first: none < metadata <
// redacted < full. Default metadata (TR-PRIV-1); where two settings meet, the strictest wins, and
// a value outside this set counts as none (TR-PRIV-2).
type PrivacyLevel string

const (
	PrivacyLevelNone     PrivacyLevel = "none"
	PrivacyLevelMetadata PrivacyLevel = "metadata"
	PrivacyLevelRedacted PrivacyLevel = "redacted"
	PrivacyLevelFull     PrivacyLevel = "full"
)

// UnmarshalJSON accepts only the values of the set.
func (v *PrivacyLevel) UnmarshalJSON(data []byte) error {
	var x string
	if err := json.Unmarshal(data, &x); err != nil || string(data) == "null" {
		return fmt.Errorf("PrivacyLevel: want a string of the set, got %s", data)
	}
	switch PrivacyLevel(x) {
	case PrivacyLevelNone, PrivacyLevelMetadata, PrivacyLevelRedacted, PrivacyLevelFull:
		*v = PrivacyLevel(x)
		return nil
	}
	return fmt.Errorf("PrivacyLevel: %s is not in the set", data)
}

// What a suspended run keeps of a tool step so that it can resume (spec/05-sinks.md): the
// functional, provider-facing channels only. Never structured data, artifacts or warnings.
type SuspendState struct {
	Content string `json:"content"`
	IsError bool   `json:"isError"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *SuspendState) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("SuspendState: want an object, got %.40s", data)
	}
	if raw, ok := members["content"]; !ok || string(raw) == "null" {
		return fmt.Errorf("SuspendState: missing member %q", "content")
	}
	if raw, ok := members["isError"]; !ok || string(raw) == "null" {
		return fmt.Errorf("SuspendState: missing member %q", "isError")
	}
	type plain SuspendState
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("SuspendState: %w", err)
	}
	for member := range members {
		switch member {
		case "content", "isError":
		default:
			return fmt.Errorf("SuspendState: unknown member %q", member)
		}
	}
	*v = SuspendState(p)
	return nil
}

// The provider-facing part of a tool result, all the model provider ever sees of it: the bounded
// content and the error flag, and nothing else (TR-EGRESS-3). An integration maps it onto its
// provider's tool message format.
type WireMessage struct {
	// The bounded content: well-formed Unicode, at most the content budget in UTF-8 octets.
	Content string `json:"content"`
	// Whether the tool failed.
	IsError bool `json:"isError"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *WireMessage) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("WireMessage: want an object, got %.40s", data)
	}
	if raw, ok := members["content"]; !ok || string(raw) == "null" {
		return fmt.Errorf("WireMessage: missing member %q", "content")
	}
	if raw, ok := members["isError"]; !ok || string(raw) == "null" {
		return fmt.Errorf("WireMessage: missing member %q", "isError")
	}
	type plain WireMessage
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("WireMessage: %w", err)
	}
	for member := range members {
		switch member {
		case "content", "isError":
		default:
			return fmt.Errorf("WireMessage: unknown member %q", member)
		}
	}
	*v = WireMessage(p)
	return nil
}

// Messages of the conformance adapter protocol toolresult-adapter/1 (spec/09-conformance.md).
// AdapterProtocol holds one of its variants, the first that decodes: set exactly one field.
type AdapterProtocol struct {
	Request  *Request
	Response *Response
}

// MarshalJSON writes the variant that is set.
func (v AdapterProtocol) MarshalJSON() ([]byte, error) {
	if v.Request != nil {
		return json.Marshal(v.Request)
	}
	if v.Response != nil {
		return json.Marshal(v.Response)
	}
	return nil, fmt.Errorf("AdapterProtocol: no variant set")
}

// UnmarshalJSON decodes one of its variants, the first that decodes.
func (v *AdapterProtocol) UnmarshalJSON(data []byte) error {
	*v = AdapterProtocol{}
	if x := new(Request); json.Unmarshal(data, x) == nil && string(data) != "null" {
		v.Request = x
		return nil
	}
	if x := new(Response); json.Unmarshal(data, x) == nil && string(data) != "null" {
		v.Response = x
		return nil
	}
	return fmt.Errorf("AdapterProtocol: %s matches none of the variants", data)
}

// One line the runner writes to the adapter.
type Request struct {
	// Chosen by the runner; echoed by the adapter.
	ID    int64                      `json:"id"`
	Op    string                     `json:"op"`
	Input map[string]json.RawMessage `json:"input"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *Request) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("Request: want an object, got %.40s", data)
	}
	if raw, ok := members["id"]; !ok || string(raw) == "null" {
		return fmt.Errorf("Request: missing member %q", "id")
	}
	if raw, ok := members["op"]; !ok || string(raw) == "null" {
		return fmt.Errorf("Request: missing member %q", "op")
	}
	if raw, ok := members["input"]; !ok || string(raw) == "null" {
		return fmt.Errorf("Request: missing member %q", "input")
	}
	type plain Request
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("Request: %w", err)
	}
	for member := range members {
		switch member {
		case "id", "op", "input":
		default:
			return fmt.Errorf("Request: unknown member %q", member)
		}
	}
	*v = Request(p)
	return nil
}

// One line the adapter writes.
// Response holds one of its variants, told apart by the member "ok": set exactly one field.
type Response struct {
	OkResponse    *OkResponse
	ErrorResponse *ErrorResponse
}

// MarshalJSON writes the variant that is set.
func (v Response) MarshalJSON() ([]byte, error) {
	if v.OkResponse != nil {
		return json.Marshal(v.OkResponse)
	}
	if v.ErrorResponse != nil {
		return json.Marshal(v.ErrorResponse)
	}
	return nil, fmt.Errorf("Response: no variant set")
}

// UnmarshalJSON decodes one of its variants, told apart by the member "ok".
func (v *Response) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("Response: want an object, got %s", data)
	}
	var tag any
	if raw, ok := members["ok"]; !ok || json.Unmarshal(raw, &tag) != nil {
		return fmt.Errorf("Response: missing member %q", "ok")
	}
	*v = Response{}
	switch tag {
	case true:
		v.OkResponse = new(OkResponse)
		return json.Unmarshal(data, v.OkResponse)
	case false:
		v.ErrorResponse = new(ErrorResponse)
		return json.Unmarshal(data, v.ErrorResponse)
	}
	return fmt.Errorf("Response: unknown %s %s", "ok", members["ok"])
}

type OkResponse struct {
	// Chosen by the runner; echoed by the adapter.
	ID     int64                      `json:"id"`
	Ok     bool                       `json:"ok"`
	Output map[string]json.RawMessage `json:"output"`
	// Every log line written while handling the request (TR-CONF-2).
	Logs []string `json:"logs"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *OkResponse) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("OkResponse: want an object, got %.40s", data)
	}
	if raw, ok := members["id"]; !ok || string(raw) == "null" {
		return fmt.Errorf("OkResponse: missing member %q", "id")
	}
	if raw, ok := members["ok"]; !ok || string(raw) == "null" {
		return fmt.Errorf("OkResponse: missing member %q", "ok")
	}
	if raw, ok := members["output"]; !ok || string(raw) == "null" {
		return fmt.Errorf("OkResponse: missing member %q", "output")
	}
	if raw, ok := members["logs"]; !ok || string(raw) == "null" {
		return fmt.Errorf("OkResponse: missing member %q", "logs")
	}
	if raw, ok := members["logs"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("OkResponse: member %q: %w", "logs", err)
		}
	}
	type plain OkResponse
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("OkResponse: %w", err)
	}
	for member := range members {
		switch member {
		case "id", "ok", "output", "logs":
		default:
			return fmt.Errorf("OkResponse: unknown member %q", member)
		}
	}
	if p.Ok != true {
		return fmt.Errorf("OkResponse: member %q must be true", "ok")
	}
	*v = OkResponse(p)
	return nil
}

// id is null only when the request line could not be read.
type ErrorResponse struct {
	ID *int64 `json:"id"`
	Ok bool   `json:"ok"`
	// code: a stable dotted code; message: text without run-only values.
	Error ErrorBody `json:"error"`
	// Every log line written while handling the request (TR-CONF-2).
	Logs []string `json:"logs"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *ErrorResponse) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("ErrorResponse: want an object, got %.40s", data)
	}
	if _, ok := members["id"]; !ok {
		return fmt.Errorf("ErrorResponse: missing member %q", "id")
	}
	if raw, ok := members["ok"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ErrorResponse: missing member %q", "ok")
	}
	if raw, ok := members["error"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ErrorResponse: missing member %q", "error")
	}
	if raw, ok := members["logs"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ErrorResponse: missing member %q", "logs")
	}
	if raw, ok := members["logs"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("ErrorResponse: member %q: %w", "logs", err)
		}
	}
	type plain ErrorResponse
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("ErrorResponse: %w", err)
	}
	for member := range members {
		switch member {
		case "id", "ok", "error", "logs":
		default:
			return fmt.Errorf("ErrorResponse: unknown member %q", member)
		}
	}
	if p.Ok != false {
		return fmt.Errorf("ErrorResponse: member %q must be false", "ok")
	}
	*v = ErrorResponse(p)
	return nil
}

// code: a stable dotted code; message: text without run-only values.
type ErrorBody struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	// Members the schema does not name; the object is open to them.
	AdditionalMembers map[string]json.RawMessage `json:"-"`
}

// UnmarshalJSON decodes strictly: required members present, unknown ones kept in AdditionalMembers, constants checked.
func (v *ErrorBody) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("ErrorBody: want an object, got %.40s", data)
	}
	if raw, ok := members["code"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ErrorBody: missing member %q", "code")
	}
	if raw, ok := members["message"]; !ok || string(raw) == "null" {
		return fmt.Errorf("ErrorBody: missing member %q", "message")
	}
	type plain ErrorBody
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("ErrorBody: %w", err)
	}
	for member, raw := range members {
		switch member {
		case "code", "message":
		default:
			if p.AdditionalMembers == nil {
				p.AdditionalMembers = map[string]json.RawMessage{}
			}
			p.AdditionalMembers[member] = raw
		}
	}
	*v = ErrorBody(p)
	return nil
}

// MarshalJSON writes the named members, then the additional ones.
func (v ErrorBody) MarshalJSON() ([]byte, error) {
	type plain ErrorBody
	data, err := json.Marshal(plain(v))
	if err != nil || len(v.AdditionalMembers) == 0 {
		return data, err
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return nil, err
	}
	for member, raw := range v.AdditionalMembers {
		if _, named := members[member]; !named {
			members[member] = raw
		}
	}
	return json.Marshal(members)
}

type HelloInput struct {
	Protocol string `json:"protocol"`
	// Members the schema does not name; the object is open to them.
	AdditionalMembers map[string]json.RawMessage `json:"-"`
}

// UnmarshalJSON decodes strictly: required members present, unknown ones kept in AdditionalMembers, constants checked.
func (v *HelloInput) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("HelloInput: want an object, got %.40s", data)
	}
	if raw, ok := members["protocol"]; !ok || string(raw) == "null" {
		return fmt.Errorf("HelloInput: missing member %q", "protocol")
	}
	type plain HelloInput
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("HelloInput: %w", err)
	}
	for member, raw := range members {
		switch member {
		case "protocol":
		default:
			if p.AdditionalMembers == nil {
				p.AdditionalMembers = map[string]json.RawMessage{}
			}
			p.AdditionalMembers[member] = raw
		}
	}
	*v = HelloInput(p)
	return nil
}

// MarshalJSON writes the named members, then the additional ones.
func (v HelloInput) MarshalJSON() ([]byte, error) {
	type plain HelloInput
	data, err := json.Marshal(plain(v))
	if err != nil || len(v.AdditionalMembers) == 0 {
		return data, err
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return nil, err
	}
	for member, raw := range v.AdditionalMembers {
		if _, named := members[member]; !named {
			members[member] = raw
		}
	}
	return json.Marshal(members)
}

// The handshake: who the adapter is and what it claims.
type HelloOutput struct {
	Name     string                 `json:"name"`
	Version  string                 `json:"version"`
	Language string                 `json:"language"`
	Protocol string                 `json:"protocol"`
	Groups   []AdapterProtocolGroup `json:"groups"`
	// How the language holds a string: UTF-16 code units, code points, or octets.
	StringModel  StringModel `json:"stringModel"`
	Cycles       bool        `json:"cycles"`
	OpaqueValues bool        `json:"opaqueValues"`
	// Whether the language has a native byte array that a normalizer reads as binary data
	// (TR-NORM-10), which the bytes-object tag then builds (three octets); false for a language
	// without one (PHP), whose vector cases that need byte-arrays are skipped. Absent is true.
	ByteArrays *bool `json:"byteArrays,omitempty"`
	// The version of the specification the implementation was written for; the kit then names the
	// requirements changed since with the failures they explain (TR-CONF-24).
	SpecVersion *string `json:"specVersion,omitempty"`
	// Members the schema does not name; the object is open to them.
	AdditionalMembers map[string]json.RawMessage `json:"-"`
}

// UnmarshalJSON decodes strictly: required members present, unknown ones kept in AdditionalMembers, constants checked.
func (v *HelloOutput) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("HelloOutput: want an object, got %.40s", data)
	}
	if raw, ok := members["name"]; !ok || string(raw) == "null" {
		return fmt.Errorf("HelloOutput: missing member %q", "name")
	}
	if raw, ok := members["version"]; !ok || string(raw) == "null" {
		return fmt.Errorf("HelloOutput: missing member %q", "version")
	}
	if raw, ok := members["language"]; !ok || string(raw) == "null" {
		return fmt.Errorf("HelloOutput: missing member %q", "language")
	}
	if raw, ok := members["protocol"]; !ok || string(raw) == "null" {
		return fmt.Errorf("HelloOutput: missing member %q", "protocol")
	}
	if raw, ok := members["groups"]; !ok || string(raw) == "null" {
		return fmt.Errorf("HelloOutput: missing member %q", "groups")
	}
	if raw, ok := members["stringModel"]; !ok || string(raw) == "null" {
		return fmt.Errorf("HelloOutput: missing member %q", "stringModel")
	}
	if raw, ok := members["cycles"]; !ok || string(raw) == "null" {
		return fmt.Errorf("HelloOutput: missing member %q", "cycles")
	}
	if raw, ok := members["opaqueValues"]; !ok || string(raw) == "null" {
		return fmt.Errorf("HelloOutput: missing member %q", "opaqueValues")
	}
	if raw, ok := members["groups"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("HelloOutput: member %q: %w", "groups", err)
		}
	}
	type plain HelloOutput
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("HelloOutput: %w", err)
	}
	for member, raw := range members {
		switch member {
		case "name", "version", "language", "protocol", "groups", "stringModel", "cycles", "opaqueValues", "byteArrays", "specVersion":
		default:
			if p.AdditionalMembers == nil {
				p.AdditionalMembers = map[string]json.RawMessage{}
			}
			p.AdditionalMembers[member] = raw
		}
	}
	*v = HelloOutput(p)
	return nil
}

// MarshalJSON writes the named members, then the additional ones.
func (v HelloOutput) MarshalJSON() ([]byte, error) {
	type plain HelloOutput
	data, err := json.Marshal(plain(v))
	if err != nil || len(v.AdditionalMembers) == 0 {
		return data, err
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return nil, err
	}
	for member, raw := range v.AdditionalMembers {
		if _, named := members[member]; !named {
			members[member] = raw
		}
	}
	return json.Marshal(members)
}

// A capability group an adapter may claim.
type AdapterProtocolGroup string

const (
	AdapterProtocolGroupBound              AdapterProtocolGroup = "bound"
	AdapterProtocolGroupEgress             AdapterProtocolGroup = "egress"
	AdapterProtocolGroupSinks              AdapterProtocolGroup = "sinks"
	AdapterProtocolGroupLedger             AdapterProtocolGroup = "ledger"
	AdapterProtocolGroupHooks              AdapterProtocolGroup = "hooks"
	AdapterProtocolGroupNormalizeMcp       AdapterProtocolGroup = "normalize-mcp"
	AdapterProtocolGroupNormalizeLangchain AdapterProtocolGroup = "normalize-langchain"
	AdapterProtocolGroupNormalizeLocal     AdapterProtocolGroup = "normalize-local"
	AdapterProtocolGroupExposure           AdapterProtocolGroup = "exposure"
	AdapterProtocolGroupStacks             AdapterProtocolGroup = "stacks"
)

// UnmarshalJSON accepts only the values of the set.
func (v *AdapterProtocolGroup) UnmarshalJSON(data []byte) error {
	var x string
	if err := json.Unmarshal(data, &x); err != nil || string(data) == "null" {
		return fmt.Errorf("AdapterProtocolGroup: want a string of the set, got %s", data)
	}
	switch AdapterProtocolGroup(x) {
	case AdapterProtocolGroupBound, AdapterProtocolGroupEgress, AdapterProtocolGroupSinks, AdapterProtocolGroupLedger, AdapterProtocolGroupHooks, AdapterProtocolGroupNormalizeMcp, AdapterProtocolGroupNormalizeLangchain, AdapterProtocolGroupNormalizeLocal, AdapterProtocolGroupExposure, AdapterProtocolGroupStacks:
		*v = AdapterProtocolGroup(x)
		return nil
	}
	return fmt.Errorf("AdapterProtocolGroup: %s is not in the set", data)
}

// How the language holds a string: UTF-16 code units, code points, or octets.
type StringModel string

const (
	StringModelUtf16      StringModel = "utf16"
	StringModelCodepoints StringModel = "codepoints"
	StringModelBytes      StringModel = "bytes"
)

// UnmarshalJSON accepts only the values of the set.
func (v *StringModel) UnmarshalJSON(data []byte) error {
	var x string
	if err := json.Unmarshal(data, &x); err != nil || string(data) == "null" {
		return fmt.Errorf("StringModel: want a string of the set, got %s", data)
	}
	switch StringModel(x) {
	case StringModelUtf16, StringModelCodepoints, StringModelBytes:
		*v = StringModel(x)
		return nil
	}
	return fmt.Errorf("StringModel: %s is not in the set", data)
}

type StopInput struct {
	// Members the schema does not name; the object is open to them.
	AdditionalMembers map[string]json.RawMessage `json:"-"`
}

// UnmarshalJSON decodes strictly: required members present, unknown ones kept in AdditionalMembers, constants checked.
func (v *StopInput) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("StopInput: want an object, got %.40s", data)
	}
	type plain StopInput
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("StopInput: %w", err)
	}
	for member, raw := range members {
		switch member {
		case "":
		default:
			if p.AdditionalMembers == nil {
				p.AdditionalMembers = map[string]json.RawMessage{}
			}
			p.AdditionalMembers[member] = raw
		}
	}
	*v = StopInput(p)
	return nil
}

// MarshalJSON writes the named members, then the additional ones.
func (v StopInput) MarshalJSON() ([]byte, error) {
	type plain StopInput
	data, err := json.Marshal(plain(v))
	if err != nil || len(v.AdditionalMembers) == 0 {
		return data, err
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return nil, err
	}
	for member, raw := range v.AdditionalMembers {
		if _, named := members[member]; !named {
			members[member] = raw
		}
	}
	return json.Marshal(members)
}

type StopOutput struct {
	// Members the schema does not name; the object is open to them.
	AdditionalMembers map[string]json.RawMessage `json:"-"`
}

// UnmarshalJSON decodes strictly: required members present, unknown ones kept in AdditionalMembers, constants checked.
func (v *StopOutput) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("StopOutput: want an object, got %.40s", data)
	}
	type plain StopOutput
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("StopOutput: %w", err)
	}
	for member, raw := range members {
		switch member {
		case "":
		default:
			if p.AdditionalMembers == nil {
				p.AdditionalMembers = map[string]json.RawMessage{}
			}
			p.AdditionalMembers[member] = raw
		}
	}
	*v = StopOutput(p)
	return nil
}

// MarshalJSON writes the named members, then the additional ones.
func (v StopOutput) MarshalJSON() ([]byte, error) {
	type plain StopOutput
	data, err := json.Marshal(plain(v))
	if err != nil || len(v.AdditionalMembers) == 0 {
		return data, err
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return nil, err
	}
	for member, raw := range v.AdditionalMembers {
		if _, named := members[member]; !named {
			members[member] = raw
		}
	}
	return json.Marshal(members)
}

// The floor of the cost profile (conformance/README.md, --profile): the adapter decodes value as
// it decodes the tagged inputs of every op, builds it whole in its native form (a string a
// language builds lazily, such as a JavaScript rope, is made flat), and calls nothing of the
// implementation.
type DecodeInput struct {
	// A value in the tagged encoding:
	// https://toolresult.dev/schemas/v1/conformance/tagged-value.schema.json
	Value AdapterProtocolTaggedValue `json:"value"`
	// Members the schema does not name; the object is open to them.
	AdditionalMembers map[string]json.RawMessage `json:"-"`
}

// UnmarshalJSON decodes strictly: required members present, unknown ones kept in AdditionalMembers, constants checked.
func (v *DecodeInput) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("DecodeInput: want an object, got %.40s", data)
	}
	if _, ok := members["value"]; !ok {
		return fmt.Errorf("DecodeInput: missing member %q", "value")
	}
	type plain DecodeInput
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("DecodeInput: %w", err)
	}
	for member, raw := range members {
		switch member {
		case "value":
		default:
			if p.AdditionalMembers == nil {
				p.AdditionalMembers = map[string]json.RawMessage{}
			}
			p.AdditionalMembers[member] = raw
		}
	}
	*v = DecodeInput(p)
	return nil
}

// MarshalJSON writes the named members, then the additional ones.
func (v DecodeInput) MarshalJSON() ([]byte, error) {
	type plain DecodeInput
	data, err := json.Marshal(plain(v))
	if err != nil || len(v.AdditionalMembers) == 0 {
		return data, err
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return nil, err
	}
	for member, raw := range v.AdditionalMembers {
		if _, named := members[member]; !named {
			members[member] = raw
		}
	}
	return json.Marshal(members)
}

// A value in the tagged encoding:
// https://toolresult.dev/schemas/v1/conformance/tagged-value.schema.json
// Any JSON value, kept as its JSON text (json.RawMessage): null and numbers stay exactly as read.
type AdapterProtocolTaggedValue = json.RawMessage

type DecodeOutput struct {
	// Members the schema does not name; the object is open to them.
	AdditionalMembers map[string]json.RawMessage `json:"-"`
}

// UnmarshalJSON decodes strictly: required members present, unknown ones kept in AdditionalMembers, constants checked.
func (v *DecodeOutput) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("DecodeOutput: want an object, got %.40s", data)
	}
	type plain DecodeOutput
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("DecodeOutput: %w", err)
	}
	for member, raw := range members {
		switch member {
		case "":
		default:
			if p.AdditionalMembers == nil {
				p.AdditionalMembers = map[string]json.RawMessage{}
			}
			p.AdditionalMembers[member] = raw
		}
	}
	*v = DecodeOutput(p)
	return nil
}

// MarshalJSON writes the named members, then the additional ones.
func (v DecodeOutput) MarshalJSON() ([]byte, error) {
	type plain DecodeOutput
	data, err := json.Marshal(plain(v))
	if err != nil || len(v.AdditionalMembers) == 0 {
		return data, err
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return nil, err
	}
	for member, raw := range v.AdditionalMembers {
		if _, named := members[member]; !named {
			members[member] = raw
		}
	}
	return json.Marshal(members)
}

// The floor of the common-case profile (conformance/README.md, --profile common): the adapter
// decodes value once as it decodes every op's tagged input, then serializes it repeat times with
// the language's own JSON serializer, compact and without escaping non-ASCII (Python json.dumps(v,
// ensure_ascii=False, separators=(',', ':')); PHP json_encode with JSON_UNESCAPED_UNICODE |
// JSON_UNESCAPED_SLASHES | JSON_INVALID_UTF8_SUBSTITUTE; Go json.Marshal; JavaScript
// JSON.stringify), takes the length of the UTF-8 text, and calls nothing of the implementation.
type SerializeInput struct {
	// A value in the tagged encoding:
	// https://toolresult.dev/schemas/v1/conformance/tagged-value.schema.json
	Value AdapterProtocolTaggedValue `json:"value"`
	// How many times to serialize the decoded value; the answer is the last length.
	Repeat int64 `json:"repeat"`
	// Members the schema does not name; the object is open to them.
	AdditionalMembers map[string]json.RawMessage `json:"-"`
}

// UnmarshalJSON decodes strictly: required members present, unknown ones kept in AdditionalMembers, constants checked.
func (v *SerializeInput) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("SerializeInput: want an object, got %.40s", data)
	}
	if _, ok := members["value"]; !ok {
		return fmt.Errorf("SerializeInput: missing member %q", "value")
	}
	if raw, ok := members["repeat"]; !ok || string(raw) == "null" {
		return fmt.Errorf("SerializeInput: missing member %q", "repeat")
	}
	type plain SerializeInput
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("SerializeInput: %w", err)
	}
	for member, raw := range members {
		switch member {
		case "value", "repeat":
		default:
			if p.AdditionalMembers == nil {
				p.AdditionalMembers = map[string]json.RawMessage{}
			}
			p.AdditionalMembers[member] = raw
		}
	}
	*v = SerializeInput(p)
	return nil
}

// MarshalJSON writes the named members, then the additional ones.
func (v SerializeInput) MarshalJSON() ([]byte, error) {
	type plain SerializeInput
	data, err := json.Marshal(plain(v))
	if err != nil || len(v.AdditionalMembers) == 0 {
		return data, err
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return nil, err
	}
	for member, raw := range v.AdditionalMembers {
		if _, named := members[member]; !named {
			members[member] = raw
		}
	}
	return json.Marshal(members)
}

type SerializeOutput struct {
	// The length in octets of the last serialization.
	Octets int64 `json:"octets"`
	// Members the schema does not name; the object is open to them.
	AdditionalMembers map[string]json.RawMessage `json:"-"`
}

// UnmarshalJSON decodes strictly: required members present, unknown ones kept in AdditionalMembers, constants checked.
func (v *SerializeOutput) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("SerializeOutput: want an object, got %.40s", data)
	}
	if raw, ok := members["octets"]; !ok || string(raw) == "null" {
		return fmt.Errorf("SerializeOutput: missing member %q", "octets")
	}
	type plain SerializeOutput
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("SerializeOutput: %w", err)
	}
	for member, raw := range members {
		switch member {
		case "octets":
		default:
			if p.AdditionalMembers == nil {
				p.AdditionalMembers = map[string]json.RawMessage{}
			}
			p.AdditionalMembers[member] = raw
		}
	}
	*v = SerializeOutput(p)
	return nil
}

// MarshalJSON writes the named members, then the additional ones.
func (v SerializeOutput) MarshalJSON() ([]byte, error) {
	type plain SerializeOutput
	data, err := json.Marshal(plain(v))
	if err != nil || len(v.AdditionalMembers) == 0 {
		return data, err
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return nil, err
	}
	for member, raw := range v.AdditionalMembers {
		if _, named := members[member]; !named {
			members[member] = raw
		}
	}
	return json.Marshal(members)
}

type CoerceInput struct {
	// A string or a string tag:
	// https://toolresult.dev/schemas/v1/conformance/tagged-value.schema.json#/$defs/TaggedString
	Value AdapterProtocolTaggedString `json:"value"`
	// Members the schema does not name; the object is open to them.
	AdditionalMembers map[string]json.RawMessage `json:"-"`
}

// UnmarshalJSON decodes strictly: required members present, unknown ones kept in AdditionalMembers, constants checked.
func (v *CoerceInput) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("CoerceInput: want an object, got %.40s", data)
	}
	if _, ok := members["value"]; !ok {
		return fmt.Errorf("CoerceInput: missing member %q", "value")
	}
	type plain CoerceInput
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("CoerceInput: %w", err)
	}
	for member, raw := range members {
		switch member {
		case "value":
		default:
			if p.AdditionalMembers == nil {
				p.AdditionalMembers = map[string]json.RawMessage{}
			}
			p.AdditionalMembers[member] = raw
		}
	}
	*v = CoerceInput(p)
	return nil
}

// MarshalJSON writes the named members, then the additional ones.
func (v CoerceInput) MarshalJSON() ([]byte, error) {
	type plain CoerceInput
	data, err := json.Marshal(plain(v))
	if err != nil || len(v.AdditionalMembers) == 0 {
		return data, err
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return nil, err
	}
	for member, raw := range v.AdditionalMembers {
		if _, named := members[member]; !named {
			members[member] = raw
		}
	}
	return json.Marshal(members)
}

// A string or a string tag:
// https://toolresult.dev/schemas/v1/conformance/tagged-value.schema.json#/$defs/TaggedString
// Any JSON value, kept as its JSON text (json.RawMessage): null and numbers stay exactly as read.
type AdapterProtocolTaggedString = json.RawMessage

type CoerceOutput struct {
	Text string `json:"text"`
	// Members the schema does not name; the object is open to them.
	AdditionalMembers map[string]json.RawMessage `json:"-"`
}

// UnmarshalJSON decodes strictly: required members present, unknown ones kept in AdditionalMembers, constants checked.
func (v *CoerceOutput) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("CoerceOutput: want an object, got %.40s", data)
	}
	if raw, ok := members["text"]; !ok || string(raw) == "null" {
		return fmt.Errorf("CoerceOutput: missing member %q", "text")
	}
	type plain CoerceOutput
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("CoerceOutput: %w", err)
	}
	for member, raw := range members {
		switch member {
		case "text":
		default:
			if p.AdditionalMembers == nil {
				p.AdditionalMembers = map[string]json.RawMessage{}
			}
			p.AdditionalMembers[member] = raw
		}
	}
	*v = CoerceOutput(p)
	return nil
}

// MarshalJSON writes the named members, then the additional ones.
func (v CoerceOutput) MarshalJSON() ([]byte, error) {
	type plain CoerceOutput
	data, err := json.Marshal(plain(v))
	if err != nil || len(v.AdditionalMembers) == 0 {
		return data, err
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return nil, err
	}
	for member, raw := range v.AdditionalMembers {
		if _, named := members[member]; !named {
			members[member] = raw
		}
	}
	return json.Marshal(members)
}

type MeasureInput struct {
	// A value in the tagged encoding:
	// https://toolresult.dev/schemas/v1/conformance/tagged-value.schema.json
	Value  AdapterProtocolTaggedValue `json:"value"`
	Budget int64                      `json:"budget"`
	// Members the schema does not name; the object is open to them.
	AdditionalMembers map[string]json.RawMessage `json:"-"`
}

// UnmarshalJSON decodes strictly: required members present, unknown ones kept in AdditionalMembers, constants checked.
func (v *MeasureInput) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("MeasureInput: want an object, got %.40s", data)
	}
	if _, ok := members["value"]; !ok {
		return fmt.Errorf("MeasureInput: missing member %q", "value")
	}
	if raw, ok := members["budget"]; !ok || string(raw) == "null" {
		return fmt.Errorf("MeasureInput: missing member %q", "budget")
	}
	type plain MeasureInput
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("MeasureInput: %w", err)
	}
	for member, raw := range members {
		switch member {
		case "value", "budget":
		default:
			if p.AdditionalMembers == nil {
				p.AdditionalMembers = map[string]json.RawMessage{}
			}
			p.AdditionalMembers[member] = raw
		}
	}
	*v = MeasureInput(p)
	return nil
}

// MarshalJSON writes the named members, then the additional ones.
func (v MeasureInput) MarshalJSON() ([]byte, error) {
	type plain MeasureInput
	data, err := json.Marshal(plain(v))
	if err != nil || len(v.AdditionalMembers) == 0 {
		return data, err
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return nil, err
	}
	for member, raw := range v.AdditionalMembers {
		if _, named := members[member]; !named {
			members[member] = raw
		}
	}
	return json.Marshal(members)
}

type MeasureOutput struct {
	Verdict string `json:"verdict"`
	Octets  *int64 `json:"octets,omitempty"`
	// Members the schema does not name; the object is open to them.
	AdditionalMembers map[string]json.RawMessage `json:"-"`
}

// UnmarshalJSON decodes strictly: required members present, unknown ones kept in AdditionalMembers, constants checked.
func (v *MeasureOutput) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("MeasureOutput: want an object, got %.40s", data)
	}
	if raw, ok := members["verdict"]; !ok || string(raw) == "null" {
		return fmt.Errorf("MeasureOutput: missing member %q", "verdict")
	}
	type plain MeasureOutput
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("MeasureOutput: %w", err)
	}
	for member, raw := range members {
		switch member {
		case "verdict", "octets":
		default:
			if p.AdditionalMembers == nil {
				p.AdditionalMembers = map[string]json.RawMessage{}
			}
			p.AdditionalMembers[member] = raw
		}
	}
	if p.Verdict != "ok" && p.Verdict != "over_budget" && p.Verdict != "unencodable" && p.Verdict != "too_deep" {
		return fmt.Errorf("MeasureOutput: member %q must be one of \"ok\", \"over_budget\", \"unencodable\", \"too_deep\"", "verdict")
	}
	*v = MeasureOutput(p)
	return nil
}

// MarshalJSON writes the named members, then the additional ones.
func (v MeasureOutput) MarshalJSON() ([]byte, error) {
	type plain MeasureOutput
	data, err := json.Marshal(plain(v))
	if err != nil || len(v.AdditionalMembers) == 0 {
		return data, err
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return nil, err
	}
	for member, raw := range v.AdditionalMembers {
		if _, named := members[member]; !named {
			members[member] = raw
		}
	}
	return json.Marshal(members)
}

type BoundInput struct {
	// A tool result to build with the implementation’s own constructors.
	Result ResultInput `json:"result"`
	// A BoundOptions object (bound-options.schema.json), or something invalid on purpose: range and
	// type checks are the implementation’s job (TR-MODEL-10).
	Options BoundOptionsInput `json:"options,omitempty"`
	// An ExposurePolicy (exposure-policy.schema.json), or something invalid on purpose. Optional on
	// every op that bounds a result input; absent is the policy none (spec/12-exposure.md). Only an
	// adapter that claims the exposure group is sent one.
	Exposure ExposurePolicyInput `json:"exposure,omitempty"`
	// The common-case profile (--profile common): build the result once, bound it this many times with
	// the same options, and answer the last bounded result. Absent is 1.
	Repeat *int64 `json:"repeat,omitempty"`
	// Members the schema does not name; the object is open to them.
	AdditionalMembers map[string]json.RawMessage `json:"-"`
}

// UnmarshalJSON decodes strictly: required members present, unknown ones kept in AdditionalMembers, constants checked.
func (v *BoundInput) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("BoundInput: want an object, got %.40s", data)
	}
	if raw, ok := members["result"]; !ok || string(raw) == "null" {
		return fmt.Errorf("BoundInput: missing member %q", "result")
	}
	type plain BoundInput
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("BoundInput: %w", err)
	}
	for member, raw := range members {
		switch member {
		case "result", "options", "exposure", "repeat":
		default:
			if p.AdditionalMembers == nil {
				p.AdditionalMembers = map[string]json.RawMessage{}
			}
			p.AdditionalMembers[member] = raw
		}
	}
	*v = BoundInput(p)
	return nil
}

// MarshalJSON writes the named members, then the additional ones.
func (v BoundInput) MarshalJSON() ([]byte, error) {
	type plain BoundInput
	data, err := json.Marshal(plain(v))
	if err != nil || len(v.AdditionalMembers) == 0 {
		return data, err
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return nil, err
	}
	for member, raw := range v.AdditionalMembers {
		if _, named := members[member]; !named {
			members[member] = raw
		}
	}
	return json.Marshal(members)
}

// A tool result to build with the implementation’s own constructors.
type ResultInput struct {
	// A string or a string tag:
	// https://toolresult.dev/schemas/v1/conformance/tagged-value.schema.json#/$defs/TaggedString
	Content AdapterProtocolTaggedString `json:"content,omitempty"`
	// A boolean, except in the cases that send another value or none (TR-BOUND-17).
	IsError json.RawMessage `json:"isError,omitempty"`
	// A value in the tagged encoding:
	// https://toolresult.dev/schemas/v1/conformance/tagged-value.schema.json
	Structured AdapterProtocolTaggedValue `json:"structured,omitempty"`
	// A value in the tagged encoding:
	// https://toolresult.dev/schemas/v1/conformance/tagged-value.schema.json
	Artifacts AdapterProtocolTaggedValue `json:"artifacts,omitempty"`
	// Warning codes the result already carries (TR-BOUND-13): a list; anything else, and an item that
	// is not a code, is ignored (§9.3).
	Warnings json.RawMessage `json:"warnings,omitempty"`
	// Members the schema does not name; the object is open to them.
	AdditionalMembers map[string]json.RawMessage `json:"-"`
}

// UnmarshalJSON decodes strictly: required members present, unknown ones kept in AdditionalMembers, constants checked.
func (v *ResultInput) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("ResultInput: want an object, got %.40s", data)
	}
	type plain ResultInput
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("ResultInput: %w", err)
	}
	for member, raw := range members {
		switch member {
		case "content", "isError", "structured", "artifacts", "warnings":
		default:
			if p.AdditionalMembers == nil {
				p.AdditionalMembers = map[string]json.RawMessage{}
			}
			p.AdditionalMembers[member] = raw
		}
	}
	*v = ResultInput(p)
	return nil
}

// MarshalJSON writes the named members, then the additional ones.
func (v ResultInput) MarshalJSON() ([]byte, error) {
	type plain ResultInput
	data, err := json.Marshal(plain(v))
	if err != nil || len(v.AdditionalMembers) == 0 {
		return data, err
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return nil, err
	}
	for member, raw := range v.AdditionalMembers {
		if _, named := members[member]; !named {
			members[member] = raw
		}
	}
	return json.Marshal(members)
}

// A BoundOptions object (bound-options.schema.json), or something invalid on purpose: range and
// type checks are the implementation’s job (TR-MODEL-10).
// Any JSON value, kept as its JSON text (json.RawMessage): null and numbers stay exactly as read.
type BoundOptionsInput = json.RawMessage

// An ExposurePolicy (exposure-policy.schema.json), or something invalid on purpose. Optional on
// every op that bounds a result input; absent is the policy none (spec/12-exposure.md). Only an
// adapter that claims the exposure group is sent one.
// Any JSON value, kept as its JSON text (json.RawMessage): null and numbers stay exactly as read.
type ExposurePolicyInput = json.RawMessage

type BoundOutput struct {
	// tool-result.schema.json
	Result ToolResultRecord `json:"result"`
	// Members the schema does not name; the object is open to them.
	AdditionalMembers map[string]json.RawMessage `json:"-"`
}

// UnmarshalJSON decodes strictly: required members present, unknown ones kept in AdditionalMembers, constants checked.
func (v *BoundOutput) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("BoundOutput: want an object, got %.40s", data)
	}
	if raw, ok := members["result"]; !ok || string(raw) == "null" {
		return fmt.Errorf("BoundOutput: missing member %q", "result")
	}
	type plain BoundOutput
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("BoundOutput: %w", err)
	}
	for member, raw := range members {
		switch member {
		case "result":
		default:
			if p.AdditionalMembers == nil {
				p.AdditionalMembers = map[string]json.RawMessage{}
			}
			p.AdditionalMembers[member] = raw
		}
	}
	*v = BoundOutput(p)
	return nil
}

// MarshalJSON writes the named members, then the additional ones.
func (v BoundOutput) MarshalJSON() ([]byte, error) {
	type plain BoundOutput
	data, err := json.Marshal(plain(v))
	if err != nil || len(v.AdditionalMembers) == 0 {
		return data, err
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return nil, err
	}
	for member, raw := range v.AdditionalMembers {
		if _, named := members[member]; !named {
			members[member] = raw
		}
	}
	return json.Marshal(members)
}

// tool-result.schema.json
type ToolResultRecord = map[string]json.RawMessage

type WireInput struct {
	// A tool result to build with the implementation’s own constructors.
	Result ResultInput `json:"result"`
	// A BoundOptions object (bound-options.schema.json), or something invalid on purpose: range and
	// type checks are the implementation’s job (TR-MODEL-10).
	Options BoundOptionsInput `json:"options,omitempty"`
	// An ExposurePolicy (exposure-policy.schema.json), or something invalid on purpose. Optional on
	// every op that bounds a result input; absent is the policy none (spec/12-exposure.md). Only an
	// adapter that claims the exposure group is sent one.
	Exposure ExposurePolicyInput `json:"exposure,omitempty"`
	// Members the schema does not name; the object is open to them.
	AdditionalMembers map[string]json.RawMessage `json:"-"`
}

// UnmarshalJSON decodes strictly: required members present, unknown ones kept in AdditionalMembers, constants checked.
func (v *WireInput) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("WireInput: want an object, got %.40s", data)
	}
	if raw, ok := members["result"]; !ok || string(raw) == "null" {
		return fmt.Errorf("WireInput: missing member %q", "result")
	}
	type plain WireInput
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("WireInput: %w", err)
	}
	for member, raw := range members {
		switch member {
		case "result", "options", "exposure":
		default:
			if p.AdditionalMembers == nil {
				p.AdditionalMembers = map[string]json.RawMessage{}
			}
			p.AdditionalMembers[member] = raw
		}
	}
	*v = WireInput(p)
	return nil
}

// MarshalJSON writes the named members, then the additional ones.
func (v WireInput) MarshalJSON() ([]byte, error) {
	type plain WireInput
	data, err := json.Marshal(plain(v))
	if err != nil || len(v.AdditionalMembers) == 0 {
		return data, err
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return nil, err
	}
	for member, raw := range v.AdditionalMembers {
		if _, named := members[member]; !named {
			members[member] = raw
		}
	}
	return json.Marshal(members)
}

type WireOutput struct {
	Message json.RawMessage `json:"message"`
	// Members the schema does not name; the object is open to them.
	AdditionalMembers map[string]json.RawMessage `json:"-"`
}

// UnmarshalJSON decodes strictly: required members present, unknown ones kept in AdditionalMembers, constants checked.
func (v *WireOutput) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("WireOutput: want an object, got %.40s", data)
	}
	if _, ok := members["message"]; !ok {
		return fmt.Errorf("WireOutput: missing member %q", "message")
	}
	type plain WireOutput
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("WireOutput: %w", err)
	}
	for member, raw := range members {
		switch member {
		case "message":
		default:
			if p.AdditionalMembers == nil {
				p.AdditionalMembers = map[string]json.RawMessage{}
			}
			p.AdditionalMembers[member] = raw
		}
	}
	*v = WireOutput(p)
	return nil
}

// MarshalJSON writes the named members, then the additional ones.
func (v WireOutput) MarshalJSON() ([]byte, error) {
	type plain WireOutput
	data, err := json.Marshal(plain(v))
	if err != nil || len(v.AdditionalMembers) == 0 {
		return data, err
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return nil, err
	}
	for member, raw := range v.AdditionalMembers {
		if _, named := members[member]; !named {
			members[member] = raw
		}
	}
	return json.Marshal(members)
}

type AuditInput struct {
	// A tool result to build with the implementation’s own constructors.
	Result ResultInput `json:"result"`
	// A BoundOptions object (bound-options.schema.json), or something invalid on purpose: range and
	// type checks are the implementation’s job (TR-MODEL-10).
	Options BoundOptionsInput `json:"options,omitempty"`
	// An ExposurePolicy (exposure-policy.schema.json), or something invalid on purpose. Optional on
	// every op that bounds a result input; absent is the policy none (spec/12-exposure.md). Only an
	// adapter that claims the exposure group is sent one.
	Exposure ExposurePolicyInput `json:"exposure,omitempty"`
	// Privacy level settings; an item that is not a level name (a non-string included) counts as none
	// (TR-PRIV-2, §9.3).
	Levels []json.RawMessage `json:"levels"`
	// Members the schema does not name; the object is open to them.
	AdditionalMembers map[string]json.RawMessage `json:"-"`
}

// UnmarshalJSON decodes strictly: required members present, unknown ones kept in AdditionalMembers, constants checked.
func (v *AuditInput) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("AuditInput: want an object, got %.40s", data)
	}
	if raw, ok := members["result"]; !ok || string(raw) == "null" {
		return fmt.Errorf("AuditInput: missing member %q", "result")
	}
	if raw, ok := members["levels"]; !ok || string(raw) == "null" {
		return fmt.Errorf("AuditInput: missing member %q", "levels")
	}
	type plain AuditInput
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("AuditInput: %w", err)
	}
	for member, raw := range members {
		switch member {
		case "result", "options", "exposure", "levels":
		default:
			if p.AdditionalMembers == nil {
				p.AdditionalMembers = map[string]json.RawMessage{}
			}
			p.AdditionalMembers[member] = raw
		}
	}
	*v = AuditInput(p)
	return nil
}

// MarshalJSON writes the named members, then the additional ones.
func (v AuditInput) MarshalJSON() ([]byte, error) {
	type plain AuditInput
	data, err := json.Marshal(plain(v))
	if err != nil || len(v.AdditionalMembers) == 0 {
		return data, err
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return nil, err
	}
	for member, raw := range v.AdditionalMembers {
		if _, named := members[member]; !named {
			members[member] = raw
		}
	}
	return json.Marshal(members)
}

type AuditOutput struct {
	Record json.RawMessage `json:"record"`
	// Members the schema does not name; the object is open to them.
	AdditionalMembers map[string]json.RawMessage `json:"-"`
}

// UnmarshalJSON decodes strictly: required members present, unknown ones kept in AdditionalMembers, constants checked.
func (v *AuditOutput) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("AuditOutput: want an object, got %.40s", data)
	}
	if _, ok := members["record"]; !ok {
		return fmt.Errorf("AuditOutput: missing member %q", "record")
	}
	type plain AuditOutput
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("AuditOutput: %w", err)
	}
	for member, raw := range members {
		switch member {
		case "record":
		default:
			if p.AdditionalMembers == nil {
				p.AdditionalMembers = map[string]json.RawMessage{}
			}
			p.AdditionalMembers[member] = raw
		}
	}
	*v = AuditOutput(p)
	return nil
}

// MarshalJSON writes the named members, then the additional ones.
func (v AuditOutput) MarshalJSON() ([]byte, error) {
	type plain AuditOutput
	data, err := json.Marshal(plain(v))
	if err != nil || len(v.AdditionalMembers) == 0 {
		return data, err
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return nil, err
	}
	for member, raw := range v.AdditionalMembers {
		if _, named := members[member]; !named {
			members[member] = raw
		}
	}
	return json.Marshal(members)
}

type LiveInput struct {
	// A tool result to build with the implementation’s own constructors.
	Result ResultInput `json:"result"`
	// A BoundOptions object (bound-options.schema.json), or something invalid on purpose: range and
	// type checks are the implementation’s job (TR-MODEL-10).
	Options BoundOptionsInput `json:"options,omitempty"`
	// An ExposurePolicy (exposure-policy.schema.json), or something invalid on purpose. Optional on
	// every op that bounds a result input; absent is the policy none (spec/12-exposure.md). Only an
	// adapter that claims the exposure group is sent one.
	Exposure ExposurePolicyInput `json:"exposure,omitempty"`
	// Members the schema does not name; the object is open to them.
	AdditionalMembers map[string]json.RawMessage `json:"-"`
}

// UnmarshalJSON decodes strictly: required members present, unknown ones kept in AdditionalMembers, constants checked.
func (v *LiveInput) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("LiveInput: want an object, got %.40s", data)
	}
	if raw, ok := members["result"]; !ok || string(raw) == "null" {
		return fmt.Errorf("LiveInput: missing member %q", "result")
	}
	type plain LiveInput
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("LiveInput: %w", err)
	}
	for member, raw := range members {
		switch member {
		case "result", "options", "exposure":
		default:
			if p.AdditionalMembers == nil {
				p.AdditionalMembers = map[string]json.RawMessage{}
			}
			p.AdditionalMembers[member] = raw
		}
	}
	*v = LiveInput(p)
	return nil
}

// MarshalJSON writes the named members, then the additional ones.
func (v LiveInput) MarshalJSON() ([]byte, error) {
	type plain LiveInput
	data, err := json.Marshal(plain(v))
	if err != nil || len(v.AdditionalMembers) == 0 {
		return data, err
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return nil, err
	}
	for member, raw := range v.AdditionalMembers {
		if _, named := members[member]; !named {
			members[member] = raw
		}
	}
	return json.Marshal(members)
}

type LiveOutput struct {
	Event json.RawMessage `json:"event"`
	// Members the schema does not name; the object is open to them.
	AdditionalMembers map[string]json.RawMessage `json:"-"`
}

// UnmarshalJSON decodes strictly: required members present, unknown ones kept in AdditionalMembers, constants checked.
func (v *LiveOutput) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("LiveOutput: want an object, got %.40s", data)
	}
	if _, ok := members["event"]; !ok {
		return fmt.Errorf("LiveOutput: missing member %q", "event")
	}
	type plain LiveOutput
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("LiveOutput: %w", err)
	}
	for member, raw := range members {
		switch member {
		case "event":
		default:
			if p.AdditionalMembers == nil {
				p.AdditionalMembers = map[string]json.RawMessage{}
			}
			p.AdditionalMembers[member] = raw
		}
	}
	*v = LiveOutput(p)
	return nil
}

// MarshalJSON writes the named members, then the additional ones.
func (v LiveOutput) MarshalJSON() ([]byte, error) {
	type plain LiveOutput
	data, err := json.Marshal(plain(v))
	if err != nil || len(v.AdditionalMembers) == 0 {
		return data, err
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return nil, err
	}
	for member, raw := range v.AdditionalMembers {
		if _, named := members[member]; !named {
			members[member] = raw
		}
	}
	return json.Marshal(members)
}

type SuspendInput struct {
	// A tool result to build with the implementation’s own constructors.
	Result ResultInput `json:"result"`
	// A BoundOptions object (bound-options.schema.json), or something invalid on purpose: range and
	// type checks are the implementation’s job (TR-MODEL-10).
	Options BoundOptionsInput `json:"options,omitempty"`
	// An ExposurePolicy (exposure-policy.schema.json), or something invalid on purpose. Optional on
	// every op that bounds a result input; absent is the policy none (spec/12-exposure.md). Only an
	// adapter that claims the exposure group is sent one.
	Exposure ExposurePolicyInput `json:"exposure,omitempty"`
	// Members the schema does not name; the object is open to them.
	AdditionalMembers map[string]json.RawMessage `json:"-"`
}

// UnmarshalJSON decodes strictly: required members present, unknown ones kept in AdditionalMembers, constants checked.
func (v *SuspendInput) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("SuspendInput: want an object, got %.40s", data)
	}
	if raw, ok := members["result"]; !ok || string(raw) == "null" {
		return fmt.Errorf("SuspendInput: missing member %q", "result")
	}
	type plain SuspendInput
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("SuspendInput: %w", err)
	}
	for member, raw := range members {
		switch member {
		case "result", "options", "exposure":
		default:
			if p.AdditionalMembers == nil {
				p.AdditionalMembers = map[string]json.RawMessage{}
			}
			p.AdditionalMembers[member] = raw
		}
	}
	*v = SuspendInput(p)
	return nil
}

// MarshalJSON writes the named members, then the additional ones.
func (v SuspendInput) MarshalJSON() ([]byte, error) {
	type plain SuspendInput
	data, err := json.Marshal(plain(v))
	if err != nil || len(v.AdditionalMembers) == 0 {
		return data, err
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return nil, err
	}
	for member, raw := range v.AdditionalMembers {
		if _, named := members[member]; !named {
			members[member] = raw
		}
	}
	return json.Marshal(members)
}

type SuspendOutput struct {
	State json.RawMessage `json:"state"`
	// Members the schema does not name; the object is open to them.
	AdditionalMembers map[string]json.RawMessage `json:"-"`
}

// UnmarshalJSON decodes strictly: required members present, unknown ones kept in AdditionalMembers, constants checked.
func (v *SuspendOutput) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("SuspendOutput: want an object, got %.40s", data)
	}
	if _, ok := members["state"]; !ok {
		return fmt.Errorf("SuspendOutput: missing member %q", "state")
	}
	type plain SuspendOutput
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("SuspendOutput: %w", err)
	}
	for member, raw := range members {
		switch member {
		case "state":
		default:
			if p.AdditionalMembers == nil {
				p.AdditionalMembers = map[string]json.RawMessage{}
			}
			p.AdditionalMembers[member] = raw
		}
	}
	*v = SuspendOutput(p)
	return nil
}

// MarshalJSON writes the named members, then the additional ones.
func (v SuspendOutput) MarshalJSON() ([]byte, error) {
	type plain SuspendOutput
	data, err := json.Marshal(plain(v))
	if err != nil || len(v.AdditionalMembers) == 0 {
		return data, err
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return nil, err
	}
	for member, raw := range v.AdditionalMembers {
		if _, named := members[member]; !named {
			members[member] = raw
		}
	}
	return json.Marshal(members)
}

type PersistInput struct {
	// A tool result to build with the implementation’s own constructors.
	Result ResultInput `json:"result"`
	// A BoundOptions object (bound-options.schema.json), or something invalid on purpose: range and
	// type checks are the implementation’s job (TR-MODEL-10).
	Options BoundOptionsInput `json:"options,omitempty"`
	// An ExposurePolicy (exposure-policy.schema.json), or something invalid on purpose. Optional on
	// every op that bounds a result input; absent is the policy none (spec/12-exposure.md). Only an
	// adapter that claims the exposure group is sent one.
	Exposure ExposurePolicyInput `json:"exposure,omitempty"`
	// Members the schema does not name; the object is open to them.
	AdditionalMembers map[string]json.RawMessage `json:"-"`
}

// UnmarshalJSON decodes strictly: required members present, unknown ones kept in AdditionalMembers, constants checked.
func (v *PersistInput) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("PersistInput: want an object, got %.40s", data)
	}
	if raw, ok := members["result"]; !ok || string(raw) == "null" {
		return fmt.Errorf("PersistInput: missing member %q", "result")
	}
	type plain PersistInput
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("PersistInput: %w", err)
	}
	for member, raw := range members {
		switch member {
		case "result", "options", "exposure":
		default:
			if p.AdditionalMembers == nil {
				p.AdditionalMembers = map[string]json.RawMessage{}
			}
			p.AdditionalMembers[member] = raw
		}
	}
	*v = PersistInput(p)
	return nil
}

// MarshalJSON writes the named members, then the additional ones.
func (v PersistInput) MarshalJSON() ([]byte, error) {
	type plain PersistInput
	data, err := json.Marshal(plain(v))
	if err != nil || len(v.AdditionalMembers) == 0 {
		return data, err
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return nil, err
	}
	for member, raw := range v.AdditionalMembers {
		if _, named := members[member]; !named {
			members[member] = raw
		}
	}
	return json.Marshal(members)
}

type PersistOutput struct {
	Entry string `json:"entry"`
	// Members the schema does not name; the object is open to them.
	AdditionalMembers map[string]json.RawMessage `json:"-"`
}

// UnmarshalJSON decodes strictly: required members present, unknown ones kept in AdditionalMembers, constants checked.
func (v *PersistOutput) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("PersistOutput: want an object, got %.40s", data)
	}
	if raw, ok := members["entry"]; !ok || string(raw) == "null" {
		return fmt.Errorf("PersistOutput: missing member %q", "entry")
	}
	type plain PersistOutput
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("PersistOutput: %w", err)
	}
	for member, raw := range members {
		switch member {
		case "entry":
		default:
			if p.AdditionalMembers == nil {
				p.AdditionalMembers = map[string]json.RawMessage{}
			}
			p.AdditionalMembers[member] = raw
		}
	}
	*v = PersistOutput(p)
	return nil
}

// MarshalJSON writes the named members, then the additional ones.
func (v PersistOutput) MarshalJSON() ([]byte, error) {
	type plain PersistOutput
	data, err := json.Marshal(plain(v))
	if err != nil || len(v.AdditionalMembers) == 0 {
		return data, err
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return nil, err
	}
	for member, raw := range v.AdditionalMembers {
		if _, named := members[member]; !named {
			members[member] = raw
		}
	}
	return json.Marshal(members)
}

type RestoreInput struct {
	Entry string `json:"entry"`
	// Members the schema does not name; the object is open to them.
	AdditionalMembers map[string]json.RawMessage `json:"-"`
}

// UnmarshalJSON decodes strictly: required members present, unknown ones kept in AdditionalMembers, constants checked.
func (v *RestoreInput) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("RestoreInput: want an object, got %.40s", data)
	}
	if raw, ok := members["entry"]; !ok || string(raw) == "null" {
		return fmt.Errorf("RestoreInput: missing member %q", "entry")
	}
	type plain RestoreInput
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("RestoreInput: %w", err)
	}
	for member, raw := range members {
		switch member {
		case "entry":
		default:
			if p.AdditionalMembers == nil {
				p.AdditionalMembers = map[string]json.RawMessage{}
			}
			p.AdditionalMembers[member] = raw
		}
	}
	*v = RestoreInput(p)
	return nil
}

// MarshalJSON writes the named members, then the additional ones.
func (v RestoreInput) MarshalJSON() ([]byte, error) {
	type plain RestoreInput
	data, err := json.Marshal(plain(v))
	if err != nil || len(v.AdditionalMembers) == 0 {
		return data, err
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return nil, err
	}
	for member, raw := range v.AdditionalMembers {
		if _, named := members[member]; !named {
			members[member] = raw
		}
	}
	return json.Marshal(members)
}

type RestoreOutput struct {
	// tool-result.schema.json
	Result ToolResultRecord `json:"result"`
	// Members the schema does not name; the object is open to them.
	AdditionalMembers map[string]json.RawMessage `json:"-"`
}

// UnmarshalJSON decodes strictly: required members present, unknown ones kept in AdditionalMembers, constants checked.
func (v *RestoreOutput) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("RestoreOutput: want an object, got %.40s", data)
	}
	if raw, ok := members["result"]; !ok || string(raw) == "null" {
		return fmt.Errorf("RestoreOutput: missing member %q", "result")
	}
	type plain RestoreOutput
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("RestoreOutput: %w", err)
	}
	for member, raw := range members {
		switch member {
		case "result":
		default:
			if p.AdditionalMembers == nil {
				p.AdditionalMembers = map[string]json.RawMessage{}
			}
			p.AdditionalMembers[member] = raw
		}
	}
	*v = RestoreOutput(p)
	return nil
}

// MarshalJSON writes the named members, then the additional ones.
func (v RestoreOutput) MarshalJSON() ([]byte, error) {
	type plain RestoreOutput
	data, err := json.Marshal(plain(v))
	if err != nil || len(v.AdditionalMembers) == 0 {
		return data, err
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return nil, err
	}
	for member, raw := range v.AdditionalMembers {
		if _, named := members[member]; !named {
			members[member] = raw
		}
	}
	return json.Marshal(members)
}

// hooks: the hook descriptions of spec/08-hooks.md; an exposure policy applies after them.
type HooksInput struct {
	// A tool result to build with the implementation’s own constructors.
	Result ResultInput `json:"result"`
	// A BoundOptions object (bound-options.schema.json), or something invalid on purpose: range and
	// type checks are the implementation’s job (TR-MODEL-10).
	Options BoundOptionsInput `json:"options,omitempty"`
	// An ExposurePolicy (exposure-policy.schema.json), or something invalid on purpose. Optional on
	// every op that bounds a result input; absent is the policy none (spec/12-exposure.md). Only an
	// adapter that claims the exposure group is sent one.
	Exposure ExposurePolicyInput `json:"exposure,omitempty"`
	Hooks    []json.RawMessage   `json:"hooks"`
	// Members the schema does not name; the object is open to them.
	AdditionalMembers map[string]json.RawMessage `json:"-"`
}

// UnmarshalJSON decodes strictly: required members present, unknown ones kept in AdditionalMembers, constants checked.
func (v *HooksInput) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("HooksInput: want an object, got %.40s", data)
	}
	if raw, ok := members["result"]; !ok || string(raw) == "null" {
		return fmt.Errorf("HooksInput: missing member %q", "result")
	}
	if raw, ok := members["hooks"]; !ok || string(raw) == "null" {
		return fmt.Errorf("HooksInput: missing member %q", "hooks")
	}
	type plain HooksInput
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("HooksInput: %w", err)
	}
	for member, raw := range members {
		switch member {
		case "result", "options", "exposure", "hooks":
		default:
			if p.AdditionalMembers == nil {
				p.AdditionalMembers = map[string]json.RawMessage{}
			}
			p.AdditionalMembers[member] = raw
		}
	}
	*v = HooksInput(p)
	return nil
}

// MarshalJSON writes the named members, then the additional ones.
func (v HooksInput) MarshalJSON() ([]byte, error) {
	type plain HooksInput
	data, err := json.Marshal(plain(v))
	if err != nil || len(v.AdditionalMembers) == 0 {
		return data, err
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return nil, err
	}
	for member, raw := range v.AdditionalMembers {
		if _, named := members[member]; !named {
			members[member] = raw
		}
	}
	return json.Marshal(members)
}

type HooksOutput struct {
	// tool-result.schema.json
	Result ToolResultRecord `json:"result"`
	// Members the schema does not name; the object is open to them.
	AdditionalMembers map[string]json.RawMessage `json:"-"`
}

// UnmarshalJSON decodes strictly: required members present, unknown ones kept in AdditionalMembers, constants checked.
func (v *HooksOutput) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("HooksOutput: want an object, got %.40s", data)
	}
	if raw, ok := members["result"]; !ok || string(raw) == "null" {
		return fmt.Errorf("HooksOutput: missing member %q", "result")
	}
	type plain HooksOutput
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("HooksOutput: %w", err)
	}
	for member, raw := range members {
		switch member {
		case "result":
		default:
			if p.AdditionalMembers == nil {
				p.AdditionalMembers = map[string]json.RawMessage{}
			}
			p.AdditionalMembers[member] = raw
		}
	}
	*v = HooksOutput(p)
	return nil
}

// MarshalJSON writes the named members, then the additional ones.
func (v HooksOutput) MarshalJSON() ([]byte, error) {
	type plain HooksOutput
	data, err := json.Marshal(plain(v))
	if err != nil || len(v.AdditionalMembers) == 0 {
		return data, err
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return nil, err
	}
	for member, raw := range v.AdditionalMembers {
		if _, named := members[member]; !named {
			members[member] = raw
		}
	}
	return json.Marshal(members)
}

type NormalizeInput struct {
	Source string `json:"source"`
	// A value in the tagged encoding:
	// https://toolresult.dev/schemas/v1/conformance/tagged-value.schema.json
	Value   AdapterProtocolTaggedValue `json:"value"`
	Options json.RawMessage            `json:"options,omitempty"`
	// Members the schema does not name; the object is open to them.
	AdditionalMembers map[string]json.RawMessage `json:"-"`
}

// UnmarshalJSON decodes strictly: required members present, unknown ones kept in AdditionalMembers, constants checked.
func (v *NormalizeInput) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("NormalizeInput: want an object, got %.40s", data)
	}
	if raw, ok := members["source"]; !ok || string(raw) == "null" {
		return fmt.Errorf("NormalizeInput: missing member %q", "source")
	}
	if _, ok := members["value"]; !ok {
		return fmt.Errorf("NormalizeInput: missing member %q", "value")
	}
	type plain NormalizeInput
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("NormalizeInput: %w", err)
	}
	for member, raw := range members {
		switch member {
		case "source", "value", "options":
		default:
			if p.AdditionalMembers == nil {
				p.AdditionalMembers = map[string]json.RawMessage{}
			}
			p.AdditionalMembers[member] = raw
		}
	}
	*v = NormalizeInput(p)
	return nil
}

// MarshalJSON writes the named members, then the additional ones.
func (v NormalizeInput) MarshalJSON() ([]byte, error) {
	type plain NormalizeInput
	data, err := json.Marshal(plain(v))
	if err != nil || len(v.AdditionalMembers) == 0 {
		return data, err
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return nil, err
	}
	for member, raw := range v.AdditionalMembers {
		if _, named := members[member]; !named {
			members[member] = raw
		}
	}
	return json.Marshal(members)
}

type NormalizeOutput struct {
	// tool-result.schema.json
	Result ToolResultRecord `json:"result"`
	// Members the schema does not name; the object is open to them.
	AdditionalMembers map[string]json.RawMessage `json:"-"`
}

// UnmarshalJSON decodes strictly: required members present, unknown ones kept in AdditionalMembers, constants checked.
func (v *NormalizeOutput) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("NormalizeOutput: want an object, got %.40s", data)
	}
	if raw, ok := members["result"]; !ok || string(raw) == "null" {
		return fmt.Errorf("NormalizeOutput: missing member %q", "result")
	}
	type plain NormalizeOutput
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("NormalizeOutput: %w", err)
	}
	for member, raw := range members {
		switch member {
		case "result":
		default:
			if p.AdditionalMembers == nil {
				p.AdditionalMembers = map[string]json.RawMessage{}
			}
			p.AdditionalMembers[member] = raw
		}
	}
	*v = NormalizeOutput(p)
	return nil
}

// MarshalJSON writes the named members, then the additional ones.
func (v NormalizeOutput) MarshalJSON() ([]byte, error) {
	type plain NormalizeOutput
	data, err := json.Marshal(plain(v))
	if err != nil || len(v.AdditionalMembers) == 0 {
		return data, err
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return nil, err
	}
	for member, raw := range v.AdditionalMembers {
		if _, named := members[member]; !named {
			members[member] = raw
		}
	}
	return json.Marshal(members)
}

type StepInput struct {
	// The MCP CallToolResult the server returns for the tool call, plain JSON, served as it is.
	Result CallToolResult `json:"result"`
	// The tool’s outputSchema as tools/list declares it.
	OutputSchema *OutputSchema `json:"outputSchema,omitempty"`
	// The provider format the row sends through (openai-chat, openai-responses, anthropic, gemini,
	// bedrock-converse); one adapter process serves every provider row of a stack mode.
	Provider *string `json:"provider,omitempty"`
	// Absent: the stack's tracing or telemetry is switched on at its documented defaults. "content":
	// switched on with its content-recording setting on (AI SDK recordInputs/recordOutputs,
	// OpenTelemetry GenAI content capture, LangSmith's hide flags off, the Agents SDK's
	// trace_include_sensitive_data, Pydantic AI's include_content).
	Telemetry *string `json:"telemetry,omitempty"`
	// Members the schema does not name; the object is open to them.
	AdditionalMembers map[string]json.RawMessage `json:"-"`
}

// UnmarshalJSON decodes strictly: required members present, unknown ones kept in AdditionalMembers, constants checked.
func (v *StepInput) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("StepInput: want an object, got %.40s", data)
	}
	if raw, ok := members["result"]; !ok || string(raw) == "null" {
		return fmt.Errorf("StepInput: missing member %q", "result")
	}
	type plain StepInput
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("StepInput: %w", err)
	}
	for member, raw := range members {
		switch member {
		case "result", "outputSchema", "provider", "telemetry":
		default:
			if p.AdditionalMembers == nil {
				p.AdditionalMembers = map[string]json.RawMessage{}
			}
			p.AdditionalMembers[member] = raw
		}
	}
	if p.Telemetry != nil && *p.Telemetry != "content" {
		return fmt.Errorf("StepInput: member %q must be \"content\"", "telemetry")
	}
	*v = StepInput(p)
	return nil
}

// MarshalJSON writes the named members, then the additional ones.
func (v StepInput) MarshalJSON() ([]byte, error) {
	type plain StepInput
	data, err := json.Marshal(plain(v))
	if err != nil || len(v.AdditionalMembers) == 0 {
		return data, err
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return nil, err
	}
	for member, raw := range v.AdditionalMembers {
		if _, named := members[member]; !named {
			members[member] = raw
		}
	}
	return json.Marshal(members)
}

// The MCP CallToolResult the server returns for the tool call, plain JSON, served as it is.
type CallToolResult = map[string]json.RawMessage

// The tool’s outputSchema as tools/list declares it.
type OutputSchema = map[string]json.RawMessage

type StepOutput struct {
	// Every request the stack made during the step, in order: the HTTP body its provider package sent
	// to the fake provider (parsed JSON), or, for a row without a provider, the request as a recording
	// fake model received it (volatile ids removed).
	Requests []json.RawMessage `json:"requests"`
	// The same requests at the model interface (what the stack handed its provider integration: a
	// prompt, a message list, a model request), for a row that also records provider bodies.
	ModelRequests *[]json.RawMessage `json:"modelRequests,omitempty"`
	// What the stack holds for the runtime after the step (the tool message, step result or run item),
	// as JSON; null when nothing.
	Kept json.RawMessage `json:"kept"`
	// The error the agent step ended with, or null when it finished.
	Threw *string `json:"threw"`
	// Every store the stack wrote for a resumable run during the step (a checkpoint database file, a
	// serialized run state, a session database, a memory store), read back after the step.
	Persisted *[]StoredOctets `json:"persisted,omitempty"`
	// Why the stack has no persisted state for a resumable run (TR-STACK-17 is then n/a with this
	// reason).
	PersistedNotApplicable *string `json:"persistedNotApplicable,omitempty"`
	// Every body the fake collector or trace endpoint on 127.0.0.1 received during the step (OTLP/HTTP
	// protobuf or JSON, a LangSmith run batch, an Agents SDK trace ingest).
	Exported *[]StoredOctets `json:"exported,omitempty"`
	// Why the stack exports no telemetry the kit can collect (TR-STACK-18 and TR-STACK-19 are then n/a
	// with this reason).
	ExportedNotApplicable *string `json:"exportedNotApplicable,omitempty"`
	// Members the schema does not name; the object is open to them.
	AdditionalMembers map[string]json.RawMessage `json:"-"`
}

// UnmarshalJSON decodes strictly: required members present, unknown ones kept in AdditionalMembers, constants checked.
func (v *StepOutput) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("StepOutput: want an object, got %.40s", data)
	}
	if raw, ok := members["requests"]; !ok || string(raw) == "null" {
		return fmt.Errorf("StepOutput: missing member %q", "requests")
	}
	if _, ok := members["kept"]; !ok {
		return fmt.Errorf("StepOutput: missing member %q", "kept")
	}
	if _, ok := members["threw"]; !ok {
		return fmt.Errorf("StepOutput: missing member %q", "threw")
	}
	if raw, ok := members["persisted"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("StepOutput: member %q: %w", "persisted", err)
		}
	}
	if raw, ok := members["exported"]; ok {
		if err := noNullItems(raw, 1); err != nil {
			return fmt.Errorf("StepOutput: member %q: %w", "exported", err)
		}
	}
	type plain StepOutput
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("StepOutput: %w", err)
	}
	for member, raw := range members {
		switch member {
		case "requests", "modelRequests", "kept", "threw", "persisted", "persistedNotApplicable", "exported", "exportedNotApplicable":
		default:
			if p.AdditionalMembers == nil {
				p.AdditionalMembers = map[string]json.RawMessage{}
			}
			p.AdditionalMembers[member] = raw
		}
	}
	*v = StepOutput(p)
	return nil
}

// MarshalJSON writes the named members, then the additional ones.
func (v StepOutput) MarshalJSON() ([]byte, error) {
	type plain StepOutput
	data, err := json.Marshal(plain(v))
	if err != nil || len(v.AdditionalMembers) == 0 {
		return data, err
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return nil, err
	}
	for member, raw := range v.AdditionalMembers {
		if _, named := members[member]; !named {
			members[member] = raw
		}
	}
	return json.Marshal(members)
}

type StoredOctets struct {
	// The store or exporter, and the file, key or endpoint path: "SqliteSaver checkpoint.sqlite",
	// "POST /v1/traces".
	Where string `json:"where"`
	// Its octets, each octet as one code point U+0000–U+00FF (latin1), so that base64 text and the
	// octets it decodes to are both findable.
	Text string `json:"text"`
}

// UnmarshalJSON decodes strictly: required members present, no unknown member, constants checked.
func (v *StoredOctets) UnmarshalJSON(data []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return fmt.Errorf("StoredOctets: want an object, got %.40s", data)
	}
	if raw, ok := members["where"]; !ok || string(raw) == "null" {
		return fmt.Errorf("StoredOctets: missing member %q", "where")
	}
	if raw, ok := members["text"]; !ok || string(raw) == "null" {
		return fmt.Errorf("StoredOctets: missing member %q", "text")
	}
	type plain StoredOctets
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("StoredOctets: %w", err)
	}
	for member := range members {
		switch member {
		case "where", "text":
		default:
			return fmt.Errorf("StoredOctets: unknown member %q", member)
		}
	}
	*v = StoredOctets(p)
	return nil
}

// Messages between the stack kit (stacks/kit) and a stack adapter, the toolresult-adapter/1
// operations hello, step and stop (spec/11-stacks.md): one JSON object per line, requests on the
// adapter's stdin, responses on its stdout. A step runs one agent step of the stack against the
// probe MCP server and returns every provider HTTP body it sent. hello answers with groups
// ["stacks"]; its language names the runtime (e.g. "python (CPython 3.11.7; mcp 1.x)").
// StackAdapterProtocol holds one of its variants, the first that decodes: set exactly one field.
type StackAdapterProtocol struct {
	Request  *Request
	Response *Response
}

// MarshalJSON writes the variant that is set.
func (v StackAdapterProtocol) MarshalJSON() ([]byte, error) {
	if v.Request != nil {
		return json.Marshal(v.Request)
	}
	if v.Response != nil {
		return json.Marshal(v.Response)
	}
	return nil, fmt.Errorf("StackAdapterProtocol: no variant set")
}

// UnmarshalJSON decodes one of its variants, the first that decodes.
func (v *StackAdapterProtocol) UnmarshalJSON(data []byte) error {
	*v = StackAdapterProtocol{}
	if x := new(Request); json.Unmarshal(data, x) == nil && string(data) != "null" {
		v.Request = x
		return nil
	}
	if x := new(Response); json.Unmarshal(data, x) == nil && string(data) != "null" {
		v.Response = x
		return nil
	}
	return fmt.Errorf("StackAdapterProtocol: %s matches none of the variants", data)
}

// noNullItems fails when an item of an array or a value of an object, down to depth levels, is null.
func noNullItems(raw json.RawMessage, depth int) error {
	if depth == 0 {
		return nil
	}
	var items []json.RawMessage
	if json.Unmarshal(raw, &items) != nil {
		var members map[string]json.RawMessage
		if json.Unmarshal(raw, &members) != nil {
			return nil // not a container: the typed decoding reports it
		}
		for _, member := range members {
			items = append(items, member)
		}
	}
	for _, item := range items {
		if string(item) == "null" {
			return fmt.Errorf("null item")
		}
		if err := noNullItems(item, depth-1); err != nil {
			return err
		}
	}
	return nil
}
