package archive

import (
	"context"
	"fmt"
	"net/http"
	"runtime"
	"testing"
	"time"

	"github.com/uricat/uricat/internal/cputime"
)

// BenchmarkRun archives generated article pages served locally from 50
// hosts (one server, a dialer that takes every host to it), extraction
// and writing included. It reports pages a second, the CPU time of a page
// (the server's included: it runs in this process) and the most heap
// seen during a run, which must not grow with the number of pages.
func BenchmarkRun(b *testing.B) {
	pages := map[string][]byte{}
	srv := serveMux(b, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		body, ok := pages[r.Host+r.URL.Path]
		if !ok {
			body = []byte(generatedPage(r.Host + r.URL.Path))
		}
		_, _ = w.Write(body)
	}))
	for _, n := range []int{200, 1000} {
		b.Run(fmt.Sprint("pages=", n), func(b *testing.B) {
			s, err := Open(b.TempDir())
			if err != nil {
				b.Fatal(err)
			}
			all := uris(n, 50)
			o := Options{Jobs: 32, Client: hostsClient(srv), Refetch: true, Timeout: 30 * time.Second}
			var peak uint64
			o.Progress = func(p Progress) {
				if p.Done%50 == 0 {
					var ms runtime.MemStats
					runtime.ReadMemStats(&ms)
					peak = max(peak, ms.HeapAlloc)
				}
			}
			start, cpu := time.Now(), cputime.Used()
			for b.Loop() {
				sum, err := Run(context.Background(), s, all, o)
				if err != nil || sum.Archived != n {
					b.Fatalf("%+v, %v", sum, err)
				}
			}
			total := float64(b.N * n)
			b.ReportMetric(total/time.Since(start).Seconds(), "pages/s")
			b.ReportMetric(float64(cputime.Used()-cpu)/float64(time.Millisecond)/total, "cpu-ms/page")
			b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
		})
	}
}
