package toolresult

import "strings"

// The rest of a Python adapter artifact (TR-NORM-66): the members beside structured_content, kept
// run-only as one text artifact of their canonical JSON, every binary reduced to a stub that says it
// was there and how large, the whole held to 4,096 octets by the bounder's own verdict.

const (
	artifactMembersLabel   = "Artifact members"
	artifactMembersOmitted = "[artifact members omitted]"
	artifactMembersBudget  = 4096
	// Every node of the reduced value costs at least one octet and the reduction removes none, so a
	// walk past this many nodes, or this deep (the bounder stops at 64), cannot end in an ok
	// verdict: the caps only make the walk finish on a cycle or a huge value; no answer depends on them.
	membersNodeCap  = artifactMembersBudget + 1
	membersDepthCap = 66
)

// binaryMembers are the members MCP and LangChain keep bytes in: a string there is binary data.
var binaryMembers = map[string]bool{"base64": true, "data": true, "blob": true}

// notRest are the structured members (TR-NORM-54) and MCP _meta (TR-NORM-21).
var notRest = map[string]bool{"structured_content": true, "structuredContent": true, "_meta": true}

type membersWalk struct{ count int }

func binaryStub(size int) map[string]any {
	return map[string]any{"omitted": true, "size": float64(size), "type": "binary"}
}

func memberStringSize(s string, binaryMember bool) (int, bool) {
	if binaryMember {
		if n, ok := base64Size(s); ok {
			return n, true
		}
		return len(CoerceText(s)), true
	}
	if len(s) >= 5 && strings.EqualFold(s[:5], "data:") {
		if _, size, _, ok := readURL(s, ""); ok {
			n := 0
			for _, c := range size {
				n = n*10 + int(c-'0')
			}
			return n, true
		}
		return len(CoerceText(s)), true
	}
	return 0, false
}

// reduce gives the reduced value, or false when the walk passed its caps.
func (w *membersWalk) reduce(v any, binaryMember bool, depth int) (any, bool) {
	w.count++
	if w.count > membersNodeCap || depth > membersDepthCap {
		return nil, false
	}
	switch x := v.(type) {
	case string:
		if n, binary := memberStringSize(x, binaryMember); binary {
			return binaryStub(n), true
		}
		return x, true
	case []byte:
		return binaryStub(len(x)), true // a native byte array (TR-NORM-10)
	case []any:
		if x == nil {
			return x, true
		}
		out := make([]any, len(x))
		for i, item := range x {
			r, ok := w.reduce(item, false, depth+1)
			if !ok {
				return nil, false
			}
			out[i] = r
		}
		return out, true
	case map[string]any:
		if x == nil {
			return x, true
		}
		out := make(map[string]any, len(x))
		for k, item := range x {
			r, ok := w.reduce(item, binaryMembers[k], depth+1)
			if !ok {
				return nil, false
			}
			out[k] = r
		}
		return out, true
	}
	return v, true // numbers, booleans, nil, and whatever the bounder will find unencodable
}

// artifactMembersText is the text of the members artifact, or false when there is no other member.
func artifactMembersText(artifact map[string]any) (string, bool) {
	rest := map[string]any{}
	for k, v := range artifact {
		if !notRest[k] && v != Undefined {
			rest[k] = v
		}
	}
	if len(rest) == 0 {
		return "", false
	}
	w := membersWalk{count: 1}
	reduced, ok := w.reduce(rest, false, 1)
	if !ok {
		return artifactMembersOmitted, true
	}
	if verdict, _ := Measure(reduced, artifactMembersBudget); verdict != VerdictOK {
		return artifactMembersOmitted, true
	}
	return canonicalJSON(copyData(reduced)), true
}
