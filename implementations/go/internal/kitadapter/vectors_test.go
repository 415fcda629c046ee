package kitadapter

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// TestTR_CONF_5_Vectors runs every conformance vector of the kit in process, through the adapter,
// as a byte-string adapter gets them: a case that needs utf16-strings runs in its bytes form
// (TR-CONF-23). Each subtest is named by the vector's ID and requirement IDs.
func TestTR_CONF_5_Vectors(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "..", "..", "conformance", "vectors", "*", "*.json"))
	if err != nil || len(files) < 40 {
		t.Fatalf("vector files not found (%d, %v)", len(files), err)
	}
	sort.Strings(files)
	ran := 0
	for _, file := range files {
		var vf struct {
			Op    string `json:"op"`
			Cases []struct {
				ID           string          `json:"id"`
				Requirements []string        `json:"requirements"`
				Op           string          `json:"op"`
				Input        json.RawMessage `json:"input"`
				Expect       json.RawMessage `json:"expect"`
				BytesModel   *struct {
					Input  json.RawMessage `json:"input"`
					Expect json.RawMessage `json:"expect"`
				} `json:"bytesModel"`
			} `json:"cases"`
		}
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(raw, &vf); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		group := filepath.Base(filepath.Dir(file))
		name := strings.TrimSuffix(filepath.Base(file), ".json")
		for _, c := range vf.Cases {
			c := c
			op := c.Op
			if op == "" {
				op = vf.Op
			}
			input, expect := c.Input, c.Expect
			if c.BytesModel != nil {
				input, expect = c.BytesModel.Input, c.BytesModel.Expect
			}
			id := "vector/" + group + "/" + name + "/" + c.ID + " " + strings.Join(c.Requirements, " ")
			t.Run(id, func(t *testing.T) {
				line := `{"id":1,"op":"` + op + `","input":` + string(input) + `}`
				response, _ := HandleLine(line)
				var got struct {
					OK     bool `json:"ok"`
					Output any  `json:"output"`
					Error  struct {
						Code string `json:"code"`
					} `json:"error"`
				}
				if err := json.Unmarshal(response, &got); err != nil {
					t.Fatalf("response is not JSON: %v", err)
				}
				var want struct {
					Output any `json:"output"`
					Error  *struct {
						Code string `json:"code"`
					} `json:"error"`
				}
				if err := json.Unmarshal(expect, &want); err != nil {
					t.Fatal(err)
				}
				if want.Error != nil {
					if got.OK || got.Error.Code != want.Error.Code {
						t.Fatalf("want error %s, got %s", want.Error.Code, response)
					}
					return
				}
				if !got.OK || !reflect.DeepEqual(got.Output, want.Output) {
					w, _ := json.Marshal(want.Output)
					t.Fatalf("\nwant %s\ngot  %s", w, response)
				}
			})
			ran++
		}
	}
	if ran < 600 {
		t.Fatalf("only %d vectors ran", ran)
	}
}

// TestTR_CONF_2_AdapterEnvelope: one response per line, with the request's id; a line that is not
// a request gets id null and adapter.bad_request; an unknown op adapter.unknown_op (TR-CONF-7).
func TestTR_CONF_2_AdapterEnvelope(t *testing.T) {
	cases := map[string]string{
		`not json`:                        `{"error":{"code":"adapter.bad_request","message":"not a JSON request line"},"id":null,"logs":[],"ok":false}`,
		`{"id":7,"op":"nope","input":{}}`: `{"error":{"code":"adapter.unknown_op","message":"this adapter does not implement the op"},"id":7,"logs":[],"ok":false}`,
		`{"id":8,"op":"coerce","input":{"value":{"$tr":"bytes","hex":"4180"}}}`: `{"id":8,"logs":[],"ok":true,"output":{"text":"A` + "\uFFFD" + `"}}`,
		`{"id":9,"op":"coerce","input":{"value":"\ud800"}}`:                     `{"error":{"code":"adapter.bad_input","message":"the request holds an unpaired surrogate escape, outside the bytes string model"},"id":9,"logs":[],"ok":false}`,
	}
	for line, want := range cases {
		got, stop := HandleLine(line)
		if strings.TrimSpace(string(got)) != want || stop {
			t.Errorf("%s:\nwant %s\ngot  %s", line, want, got)
		}
	}
	if _, stop := HandleLine(`{"id":1,"op":"stop","input":{}}`); !stop {
		t.Error("stop is not recognised")
	}
}

// TestTR_CONF_7_PanicIsAnException: a panic inside an op is answered, names the op, quotes nothing.
func TestTR_CONF_7_PanicIsAnException(t *testing.T) {
	ops["explode"] = func(map[string]any, *lineLog) (any, error) { panic("secret-canary") }
	defer delete(ops, "explode")
	got, _ := HandleLine(`{"id":3,"op":"explode","input":{}}`)
	if !strings.Contains(string(got), `"adapter.exception"`) || strings.Contains(string(got), "secret-canary") {
		t.Fatalf("got %s", got)
	}
}
