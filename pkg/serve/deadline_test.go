package serve

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// TestStreamEndsCleanlyAfterAQuietSpell: the end of a chunked response,
// which net/http writes after the handler returns, is not refused by a
// write deadline set long before, by a write timeout or by a run's cut.
func TestStreamEndsCleanlyAfterAQuietSpell(t *testing.T) {
	for _, cut := range []bool{false, true} {
		h := &Handler{opts: Options{WriteTimeout: 100 * time.Millisecond}, log: slog.New(slog.DiscardHandler)}
		h.mux = http.NewServeMux()
		h.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
			out := newRunOutput(w, true)
			if err := out.event("", []byte(`{"n":1}`)); err != nil {
				t.Error(err)
			}
			if cut {
				ctx, cancel := context.WithCancel(context.Background())
				defer out.cutWritesWhenDone(ctx)()
				cancel() // the cut: 2 s from now
				time.Sleep(endGrace + 300*time.Millisecond)
				return
			}
			time.Sleep(400 * time.Millisecond) // past the write timeout, writing nothing
		})
		srv := httptest.NewServer(h)
		resp, err := http.Get(srv.URL)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		srv.Close()
		if err != nil || string(body) != "data: {\"n\":1}\n\n" {
			t.Errorf("cut %v: body %q, error %v", cut, body, err)
		}
	}
}
