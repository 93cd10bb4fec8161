package conformance

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"sync"
	"testing"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/wire"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/validate"
)

// Concurrency stress tests: the schema registry, the validator
// and the component registry used from many goroutines at once. They are
// meant for `go test -race`; each also checks that every goroutine gets
// the result a serial run gives, so cross-talk between goroutines fails
// them even without the race detector.

// stressGoroutines is how many goroutines each stress test runs.
func stressGoroutines() int {
	if testing.Short() {
		return 4
	}
	return 16
}

// stressCases returns the conformance cases whose type the registry
// knows, valid and invalid.
func stressCases(t *testing.T) []*Case {
	t.Helper()
	cases, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	titles := gen.Titles()
	var out []*Case
	for _, c := range cases {
		if _, ok := slices.BinarySearch(titles, c.Type); ok {
			out = append(out, c)
		}
	}
	if len(out) < 100 {
		t.Fatalf("only %d cases", len(out))
	}
	return out
}

// runStress runs work(g, i) for every goroutine g and every index i < n,
// each goroutine in its own order (starting at a different index), all
// at once.
func runStress(goroutines, n int, work func(g, i int)) {
	var wg sync.WaitGroup
	start := make(chan struct{})
	for g := range goroutines {
		wg.Go(func() {
			<-start
			offset := g * n / goroutines
			for k := range n {
				work(g, (offset+k)%n)
			}
		})
	}
	close(start)
	wg.Wait()
}

// generated masks the members AutoGen fills in on decoding when they are
// absent (a fresh uuid4 id, the current time), which differ from one
// decoding to the next.
var generated = regexp.MustCompile(`"(id|created_at)":"[^"]*"`)

// decodeResult is what decoding one case gives: its encoding (generated
// members masked) or its error.
func decodeResult(c *Case) string {
	v, err := gen.Decode(c.Type, c.Input)
	if err != nil {
		return "error: " + err.Error()
	}
	out, err := wire.Marshal(v)
	if err != nil {
		return "encode error: " + err.Error()
	}
	return generated.ReplaceAllString(string(out), `"$1":"…"`)
}

// TestHostileConcurrentRegistryDecode decodes and encodes every
// conformance case (messages, events, states, images checked on other
// goroutines) as its title with gen.Decode from many goroutines at once.
func TestHostileConcurrentRegistryDecode(t *testing.T) {
	cases := stressCases(t)
	g := stressGoroutines()
	got := make([][]string, g)
	for i := range got {
		got[i] = make([]string, len(cases))
	}
	runStress(g, len(cases), func(g, i int) { got[g][i] = decodeResult(cases[i]) })
	for i, c := range cases {
		want := decodeResult(c)
		for g := range got {
			if got[g][i] != want {
				t.Fatalf("%s: goroutine %d got\n%s\nserially\n%s", c.Path, g, got[g][i], want)
			}
		}
	}
}

// validateResult is what validating one case gives.
func validateResult(v *validate.Validator, c *Case, tagged bool) string {
	var (
		title string
		err   error
	)
	if tagged {
		title, err = v.ValidateTagged(c.Input)
	} else {
		err = v.Validate(c.Type, c.Input)
	}
	if err == nil {
		return title + " ok"
	}
	var es agentschema.Faults
	if !errors.As(err, &es) {
		return fmt.Sprintf("%s %T: %v", title, err, err)
	}
	b, _ := json.Marshal(es)
	return title + " " + string(b)
}

// TestHostileConcurrentValidate validates every case from many goroutines
// at once, each goroutine with its own Validator and all of them sharing
// the schemas, in both modes, by title and by "type" tag. It is the
// first test of this package to validate, so the schemas are compiled on
// first use by goroutines racing for them.
func TestHostileConcurrentValidate(t *testing.T) {
	var cases []*Case
	titles := validate.Titles()
	for _, c := range stressCases(t) {
		if slices.Contains(titles, c.Type) {
			cases = append(cases, c)
		}
	}
	type job struct {
		mode   validate.Mode
		tagged bool
		c      *Case
	}
	var jobs []job
	for _, c := range cases {
		for _, mode := range []validate.Mode{validate.ModeSchema, validate.ModeAutoGen} {
			jobs = append(jobs, job{mode, false, c}, job{mode, true, c})
		}
	}
	g := stressGoroutines()
	got := make([][]string, g)
	for i := range got {
		got[i] = make([]string, len(jobs))
	}
	validators := make([]*validate.Validator, 2*g)
	for i := range validators {
		validators[i] = &validate.Validator{Mode: validate.Mode(i % 2)}
	}
	runStress(g, len(jobs), func(g, i int) {
		j := jobs[i]
		v := validators[2*g+int(j.mode)]
		got[g][i] = validateResult(v, j.c, j.tagged)
	})
	for i, j := range jobs {
		want := validateResult(&validate.Validator{Mode: j.mode}, j.c, j.tagged)
		for g := range got {
			if got[g][i] != want {
				t.Fatalf("%s (mode %v, tagged %v): goroutine %d got\n%s\nserially\n%s", j.c.Path, j.mode, j.tagged, g, got[g][i], want)
			}
		}
	}
}

// TestHostileConcurrentComponentRegistry registers, aliases, lists and
// loads components (with nested components loaded through the context)
// in one Registry from many goroutines at once, and registers one
// provider from all of them: exactly one registration wins and the others
// panic, as a second registration does.
func TestHostileConcurrentComponentRegistry(t *testing.T) {
	reg := component.NewRegistry()
	type leaf struct{ n int }
	type pair struct{ a, b any }
	// "test.Pair" loads its two nested components from the same registry.
	reg.Register("test.Pair", func(ctx context.Context, config gen.RawJSON) (any, error) {
		var cfg struct{ A, B json.RawMessage }
		if err := json.Unmarshal(config, &cfg); err != nil {
			return nil, err
		}
		a, err := component.Load(ctx, cfg.A)
		if err != nil {
			return nil, err
		}
		b, err := component.Load(ctx, cfg.B)
		if err != nil {
			return nil, err
		}
		return pair{a, b}, nil
	})
	g := stressGoroutines()
	const perGoroutine = 50
	var wins sync.Map // goroutine -> won the shared registration
	runStress(g, perGoroutine, func(g, i int) {
		ctx := context.Background()
		provider := fmt.Sprintf("test.Leaf%d_%d", g, i)
		if i == 0 {
			func() {
				defer func() {
					if recover() == nil {
						wins.Store(g, true)
					}
				}()
				reg.Register("test.Shared", func(context.Context, gen.RawJSON) (any, error) { return g, nil })
			}()
		}
		reg.Register(provider, func(context.Context, gen.RawJSON) (any, error) { return leaf{g*1000 + i}, nil },
			fmt.Sprintf("leaf%d_%d", g, i))
		reg.Alias(fmt.Sprintf("other%d_%d", g, i), provider)
		for _, name := range []string{provider, fmt.Sprintf("leaf%d_%d", g, i), fmt.Sprintf("other%d_%d", g, i)} {
			v, err := reg.Load(ctx, fmt.Appendf(nil, `{"provider":%q,"config":{}}`, name))
			if err != nil || v != (leaf{g*1000 + i}) {
				t.Errorf("Load %s: %v, %v", name, v, err)
				return
			}
		}
		// A pair of this goroutine's leaf and another goroutine's,
		// which may or may not be registered yet.
		other := fmt.Sprintf("test.Leaf%d_%d", (g+1)%stressGoroutines(), i)
		v, err := reg.Load(ctx, fmt.Appendf(nil, `{"provider":"test.Pair","config":{"a":{"provider":%q,"config":{}},"b":{"provider":%q,"config":{}}}}`, provider, other))
		var unknown *component.UnknownProviderError
		switch {
		case err == nil:
			if p := v.(pair); p.a != (leaf{g*1000 + i}) || p.b != (leaf{((g+1)%stressGoroutines())*1000 + i}) {
				t.Errorf("pair %v", p)
				return
			}
		case errors.As(err, &unknown) && unknown.Provider == other:
		default:
			t.Errorf("Load pair: %v", err)
			return
		}
		if ps := reg.Providers(); !slices.IsSorted(ps) || !slices.Contains(ps, provider) {
			t.Errorf("Providers() %d names, sorted %v, has %s %v", len(ps), slices.IsSorted(ps), provider, slices.Contains(ps, provider))
			return
		}
	})
	n := 0
	wins.Range(func(any, any) bool { n++; return true })
	if n != 1 {
		t.Errorf("test.Shared registered by %d goroutines, want exactly 1", n)
	}
	if got, want := len(reg.Providers()), 2+g*perGoroutine; got != want {
		t.Errorf("%d providers, want %d", got, want)
	}
}
