package toolresult

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"syscall"
	"testing"
)

// TestRedactorCost is bench/redactor.bench.ts's Go side, not a test: with TOOLRESULT_REDACTOR_COST
// naming a file of benign text it prints each rule's CPU ms over 1 MiB of that text and of the rule's
// worst case, and the ratio of 1 MiB to 256 KiB; without it, it is skipped.
func TestRedactorCost(t *testing.T) {
	file := os.Getenv("TOOLRESULT_REDACTOR_COST")
	if file == "" {
		t.Skip("bench only: npm run bench -- redactor")
	}
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	const mib = 1 << 20
	benign := string(text) // 256 KiB; the 1 MiB input is it four times
	names := []string{"url-credentials", "credential-parameter", "authorization-header", "bearer-token", "jwt", "key-prefix", "aws-key-id", "email-address"}
	worst := map[string][2]string{"url-credentials": {"", "://a"}, "credential-parameter": {"", "?access_"}, "authorization-header": {"Authorization: ", "a"}, "bearer-token": {"", "bearer\t"}, "jwt": {"", " eyJa.b"}, "key-prefix": {"", " ghu_abc"}, "aws-key-id": {"", " ASIAABCDEFGHIJKLMNO"}, "email-address": {"a@", "aaaa."}}
	now := func() float64 {
		var u syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &u)
		return float64(u.Utime.Nano()+u.Stime.Nano()) / 1e6
	}
	// CPU ms per call: the median of 5 samples of calls calls each.
	cpu := func(f func(), calls int) float64 {
		xs := make([]float64, 5)
		for i := range xs {
			t := now()
			for c := 0; c < calls; c++ {
				f()
			}
			xs[i] = (now() - t) / float64(calls)
		}
		sort.Float64s(xs)
		return xs[2]
	}
	// Calls per sample so that a sample of the 1 MiB input lasts about 40 ms.
	callsFor := func(f func()) int {
		t := now()
		f()
		return max(1, int(40/max(now()-t, 0.05))+1)
	}
	for i, name := range names {
		rule := maskRules[i]
		w := worst[name]
		for _, kind := range []string{"benign", "worst"} {
			make := func(n int) string {
				if kind == "benign" {
					return strings.Repeat(benign, n/(mib/4))
				}
				return (w[0] + strings.Repeat(w[1], n/len(w[1])+1))[:n]
			}
			small, large := make(mib/4), make(mib)
			calls := callsFor(func() { rule.pattern.ReplaceAllString(large, rule.replacement) })
			a := cpu(func() { rule.pattern.ReplaceAllString(small, rule.replacement) }, calls*4)
			b := cpu(func() { rule.pattern.ReplaceAllString(large, rule.replacement) }, calls)
			fmt.Printf("cost\t%s\t%s\t%.1f\t%.2f\n", name, kind, b, b/max(a, 0.001))
		}
	}
}
