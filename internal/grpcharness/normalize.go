package grpcharness

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
)

var (
	uuidRe     = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)
	teamSuffix = regexp.MustCompile(`_[0-9a-f-]{36}$`)
)

// Record is one transcript record, decoded (numbers kept as json.Number).
type Record = map[string]any

// ParseJSONL decodes JSON lines, skipping blank ones.
func ParseJSONL(data []byte) ([]Record, error) {
	var out []Record
	for i, line := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		d := json.NewDecoder(bytes.NewReader(line))
		d.UseNumber()
		var r Record
		if err := d.Decode(&r); err != nil {
			return nil, fmt.Errorf("line %d: %w", i+1, err)
		}
		out = append(out, r)
	}
	return out, nil
}

// normalizer holds normalize.py's tables.
type normalizer struct {
	label                       map[string]string
	labelOrder                  []string
	evIDs, subIDs, reqIDs, uids map[string]string
}

func str(v any) string { s, _ := v.(string); return s }

// Normalize is the harness's normalize.py: client ids become
// "C[<agent types it registered>]" (or "C#<n>"), CloudEvent, subscription
// and request ids are numbered by first appearance (request ids per
// originating client), other uuids "<uuid-N>", created_at masked, "seq"
// and "t" dropped, the base64 copies of decoded bytes dropped, and the
// channel metadata kept to client-id.
func Normalize(recs []Record) []Record {
	n := &normalizer{label: map[string]string{}, evIDs: map[string]string{}, subIDs: map[string]string{},
		reqIDs: map[string]string{}, uids: map[string]string{}}
	n.labels(recs)
	lastOrigin, respOrigin := map[string]string{}, map[[2]string]string{}
	for _, r := range recs {
		delete(r, "seq")
		delete(r, "t")
		if md, ok := r["metadata"].(map[string]any); ok {
			r["metadata"] = map[string]any{}
			if v, ok := md["client-id"]; ok {
				r["metadata"] = map[string]any{"client-id": v}
			}
		}
		c := str(r["client"])
		msg, _ := r["msg"].(map[string]any)
		origin := c
		if req, ok := msg["request"].(map[string]any); ok {
			rid := str(req["request_id"])
			if r["ev"] == "recv" {
				lastOrigin[rid] = c
			} else {
				if o, ok := lastOrigin[rid]; ok {
					origin = o
				}
				respOrigin[[2]string{c, rid}] = origin
			}
		} else if resp, ok := msg["response"].(map[string]any); ok && r["ev"] == "recv" {
			if o, ok := respOrigin[[2]string{c, str(resp["request_id"])}]; ok {
				origin = o
			}
		}
		n.walk(r, origin)
		if l, ok := n.label[c]; ok {
			r["client"] = l
		}
	}
	return recs
}

func (n *normalizer) labels(recs []Record) {
	types := map[string][]string{}
	for _, r := range recs {
		if r["ev"] == "unary" && r["rpc"] == "RegisterAgent" && r["status"] == "OK" {
			req, _ := r["req"].(map[string]any)
			c := str(r["client"])
			types[c] = append(types[c], str(req["type"]))
		}
	}
	anon := 0
	for _, r := range recs {
		c, ok := r["client"].(string)
		if !ok {
			continue
		}
		if _, done := n.label[c]; done {
			continue
		}
		if ts, ok := types[c]; ok {
			var out []string
			for _, t := range ts {
				out = append(out, teamSuffix.ReplaceAllString(t, "_<team>"))
			}
			sort.Strings(out)
			n.label[c] = "C[" + strings.Join(out, ",") + "]"
		} else {
			anon++
			n.label[c] = fmt.Sprintf("C#%d", anon)
		}
		n.labelOrder = append(n.labelOrder, c)
	}
}

func num(table map[string]string, key, format string) string {
	if v, ok := table[key]; ok {
		return v
	}
	v := fmt.Sprintf(format, len(table)+1)
	table[key] = v
	return v
}

// walk rewrites x in place, visiting keys in sorted order as normalize.py
// visits the sorted JSON host.py writes.
func (n *normalizer) walk(x any, origin string) {
	switch v := x.(type) {
	case map[string]any:
		if _, ok := v["binary_data_json"]; ok {
			delete(v, "binary_data")
		}
		if _, ok := v["data_json"]; ok {
			delete(v, "data")
		}
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			v[k] = n.value(v, k, v[k], origin)
		}
	case []any:
		for _, e := range v {
			n.walk(e, origin)
		}
	}
}

func (n *normalizer) value(parent map[string]any, k string, val any, origin string) any {
	s, isStr := val.(string)
	_, hasSpec := parent["spec_version"]
	_, ts := parent["typeSubscription"]
	_, tps := parent["typePrefixSubscription"]
	_, isLabel := n.label[s]
	switch {
	case k == "id" && isStr && uuidRe.MatchString(s) && hasSpec:
		return num(n.evIDs, s, "<event-%d>")
	case k == "id" && isStr && (ts || tps):
		return num(n.subIDs, s, "<sub-%d>")
	case k == "request_id":
		return num(n.reqIDs, origin+"\x00"+fmt.Sprint(val), "<req-%d>")
	case k == "created_at" && isStr:
		return "<created_at>"
	case isStr && uuidRe.MatchString(s) && !isLabel && !strings.HasPrefix(s, "00000000-"):
		return num(n.uids, s, "<uuid-%d>")
	case isStr:
		for _, c := range n.labelOrder {
			s = strings.ReplaceAll(s, c, n.label[c])
		}
		return s
	}
	n.walk(val, origin)
	return val
}

// Compare is compare.py's transcript check: the records of each (client
// label, event kind) in order. It returns one line per differing sequence.
func Compare(ref, cand []Record) []string {
	per := func(recs []Record) map[string][]string {
		out := map[string][]string{}
		for _, r := range recs {
			b, _ := json.Marshal(r)
			k := fmt.Sprintf("%v %v", r["client"], r["ev"])
			out[k] = append(out[k], string(b))
		}
		return out
	}
	a, b := per(ref), per(cand)
	var keys []string
	for k := range a {
		keys = append(keys, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var diffs []string
	for _, k := range keys {
		xs, ys := a[k], b[k]
		if slices.Equal(xs, ys) {
			continue
		}
		d := fmt.Sprintf("WIRE %s: ref %d records, cand %d", k, len(xs), len(ys))
		for i := 0; i < max(len(xs), len(ys)); i++ {
			x, y := at(xs, i), at(ys, i)
			if x != y {
				d += fmt.Sprintf("\n  #%d ref : %s\n  #%d cand: %s", i, x, i, y)
				break
			}
		}
		diffs = append(diffs, d)
	}
	return diffs
}

func at(xs []string, i int) string {
	if i < len(xs) {
		return xs[i]
	}
	return ""
}
